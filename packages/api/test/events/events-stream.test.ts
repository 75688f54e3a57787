import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EVENTS_PATH } from '@manager/contract';
import { publishEvent } from '../../src/db/console-events';
import { adminIdOf, extraAdmin } from '../support/admins-support';
import { openEvents, type EventStreamReader } from '../support/event-stream';
import { buildTestApp, signIn, type TestApp } from '../support/helper';
import { tonWithdrawal } from '../support/withdrawals-fixtures';

/**
 * The console's event stream on one instance (PGlite, or PostgreSQL with TEST_DATABASE_URL):
 * what commits reaches the streams allowed to read it, nothing else does, and a reconnect
 * replays what it missed.
 */
let t: TestApp;
let base: string;
let owner: string;
let content: string;
const open: EventStreamReader[] = [];
const stream = async (token: string, lastEventId?: string) => {
  const reader = await openEvents(base, t, token, lastEventId);
  open.push(reader);
  return reader;
};

beforeAll(async () => {
  t = await buildTestApp({ EVENTS_HEARTBEAT_MS: '200' });
  base = await t.app.listen({ host: '127.0.0.1', port: 0 });
  owner = (await signIn(t)).accessToken;
  content = (await extraAdmin(t, 'content-only', ['content'])).token;
});
afterAll(async () => {
  for (const reader of open) reader.close();
  await t?.close();
});

const reject = async (id: number) => {
  const res = await t.call({
    method: 'POST',
    url: '/manager/withdrawals/reject',
    payload: { id },
    token: owner,
  });
  expect(res.statusCode, res.body).toBe(200);
};
/** An event committed outside any request, as the platform's own changes are. */
const platformEvent = (entityId: string) =>
  t.db.transaction((tx) =>
    publishEvent(tx, { entity: 'withdrawal', entityId, action: 'withdrawal.requested', actor: null }),
  );

describe(`GET ${EVENTS_PATH}`, () => {
  it('needs a signed-in admin, and a Last-Event-ID of digits (400 naming it)', async () => {
    const anonymous = await t.call({ method: 'GET', url: EVENTS_PATH });
    expect(anonymous.statusCode).toBe(401);
    const bad = await t.call({
      method: 'GET',
      url: EVENTS_PATH,
      token: owner,
      headers: { 'last-event-id': '12abc' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain('Last-Event-ID');
  });

  it('sends a committed change within a second, as who did what to which record', async () => {
    const reader = await stream(owner);
    expect(reader.status).toBe(200);
    // Unbuffered behind nginx, never cached, and with the API's security headers (helmet).
    expect(reader.headers.get('content-type')).toBe('text/event-stream');
    expect(reader.headers.get('cache-control')).toBe('no-cache');
    expect(reader.headers.get('x-accel-buffering')).toBe('no');
    expect(reader.headers.get('x-content-type-options')).toBe('nosniff');
    const { withdrawal } = await tonWithdrawal(t, '0', '1.5');
    const started = Date.now();
    await reject(withdrawal.id);
    await expect
      .poll(() => reader.events().find((e) => e.entityId === String(withdrawal.id)), { timeout: 1000 })
      .toMatchObject({ entity: 'withdrawal', action: 'withdrawal.reject', actor: t.demo.admin.username });
    expect(Date.now() - started).toBeLessThan(1000);
    const frame = reader.frames.find((f) => f.event === 'change')!;
    const event = JSON.parse(frame.data!);
    expect(frame.id).toBe(event.id);
    expect(Object.keys(event).sort()).toEqual(['action', 'actor', 'at', 'entity', 'entityId', 'id']);
    expect(new Date(event.at).toISOString()).toBe(event.at);
  });

  it('never sends the event of a rolled-back transaction', async () => {
    const reader = await stream(owner);
    await expect(
      t.db.transaction(async (tx) => {
        await publishEvent(tx, {
          entity: 'withdrawal',
          entityId: 'rolled-back',
          action: 'withdrawal.requested',
          actor: null,
        });
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    await platformEvent('after-rollback');
    await expect.poll(() => reader.events().map((e) => e.entityId)).toContain('after-rollback');
    expect(reader.events().map((e) => e.entityId)).not.toContain('rolled-back');
  });

  it('sends an admin only the events of records they may read', async () => {
    const ownerStream = await stream(owner);
    const contentStream = await stream(content);
    await platformEvent('not-for-content');
    await t.db.transaction((tx) =>
      publishEvent(tx, { entity: 'task', entityId: 'for-both', action: 'task.create', actor: 'someone' }),
    );
    await expect.poll(() => contentStream.events().map((e) => e.entityId)).toContain('for-both');
    await expect.poll(() => ownerStream.events().map((e) => e.entityId)).toContain('for-both');
    expect(ownerStream.events().map((e) => e.entityId)).toContain('not-for-content');
    expect(contentStream.events().map((e) => e.entityId)).not.toContain('not-for-content');
  });

  it('replays after Last-Event-ID what this admin missed and may read, only that, then goes live', async () => {
    const first = await stream(content);
    await t.db.transaction((tx) =>
      publishEvent(tx, { entity: 'task', entityId: 'seen', action: 'task.create', actor: null }),
    );
    await expect.poll(() => first.events().map((e) => e.entityId)).toContain('seen');
    const last = first.frames.filter((f) => f.event === 'change').at(-1)!.id!;
    first.close();
    for (const id of ['missed-1', 'missed-2'])
      await t.db.transaction((tx) =>
        publishEvent(tx, { entity: 'task', entityId: id, action: 'task.update', actor: null }),
      );
    await platformEvent('missed-but-not-readable');

    const again = await stream(content, last);
    await expect.poll(() => again.events().map((e) => e.entityId)).toEqual(['missed-1', 'missed-2']);
    await t.db.transaction((tx) =>
      publishEvent(tx, { entity: 'task', entityId: 'live', action: 'task.delete', actor: null }),
    );
    await expect.poll(() => again.events().map((e) => e.entityId)).toEqual(['missed-1', 'missed-2', 'live']);
    const ids = again.events().map((e) => BigInt(e.id));
    expect(ids.every((id, i) => i === 0 || id > ids[i - 1]!)).toBe(true);
  });

  it('keeps an idle stream alive with heartbeat comments', async () => {
    const reader = await stream(owner);
    await expect
      .poll(() => reader.frames.filter((f) => f.comment !== undefined).length, { timeout: 2000 })
      .toBeGreaterThanOrEqual(2);
  });

  it('ends when the access token expires', async () => {
    const token = (await signIn(t)).accessToken;
    // A token signed now expires ACCESS_TOKEN_MINUTES later by the test clock: move to 1 s before.
    t.clock.advance(t.config.session.accessTokenS * 1000 - 1000);
    try {
      const reader = await stream(token);
      expect(reader.status).toBe(200);
      await expect(Promise.race([reader.ended.then(() => 'ended'), delay(3000)])).resolves.toBe('ended');
    } finally {
      t.clock.advance(-(t.config.session.accessTokenS * 1000 - 1000));
    }
  });

  it('ends once its session is signed out, and at once when its admin is disabled', async () => {
    const session = await signIn(t);
    const signedOut = await stream(session.accessToken);
    const logout = await t.call({ method: 'POST', url: '/auth/logout', token: session.accessToken });
    expect(logout.statusCode).toBe(200);
    await expect(Promise.race([signedOut.ended.then(() => 'ended'), delay(2000)])).resolves.toBe('ended');

    const leaver = await extraAdmin(t, 'stream-leaver', ['support']);
    const theirs = await stream(leaver.token);
    expect(theirs.status).toBe(200);
    const disable = await t.call({
      method: 'POST',
      url: `/manager/admins/${await adminIdOf(t, 'stream-leaver')}/disable`,
      token: owner,
    });
    expect(disable.statusCode, disable.body).toBe(200);
    await expect(Promise.race([theirs.ended.then(() => 'ended'), delay(2000)])).resolves.toBe('ended');
    // The console's reconnect is refused: its session is over.
    expect((await openEvents(base, t, leaver.token)).status).toBe(401);
  });

  it('ends every stream when the app closes, so the server can stop', async () => {
    const readers = [await stream(owner), await stream(content)];
    await t.app.close();
    for (const reader of readers) {
      await expect(Promise.race([reader.ended.then(() => 'ended'), delay(3000)])).resolves.toBe('ended');
    }
  });
});

const delay = (ms: number) => new Promise((resolve) => setTimeout(() => resolve('timeout'), ms));
