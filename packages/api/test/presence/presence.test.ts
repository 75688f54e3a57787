import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  envelope,
  PRESENCE_LIMIT_MESSAGE,
  PRESENCE_MAX_PER_ADMIN,
  PRESENCE_RETURN_GRACE_MS,
  PRESENCE_TTL_MS,
  presenceResponseSchema,
} from '@manager/contract';
import { consoleEvents } from '../../src/db/schema/console-events';
import { admins } from '../../src/db/schema/auth';
import { buildTestApp, signIn, type TestApp } from '../support/helper';

/** Presence: who is on a record, what they do there, and when it goes. */
let t: TestApp;
const token = {} as Record<'owner' | 'finance' | 'support' | 'content', string>;

beforeAll(async () => {
  t = await buildTestApp();
  token.owner = (await signIn(t)).accessToken;
  for (const name of ['finance', 'support', 'content'] as const)
    token[name] = (await signIn(t, name, t.demo.admin.password)).accessToken;
}, 60_000);
afterAll(() => t?.close());

const announce = (as: string, body: Record<string, unknown>) =>
  t.call({ method: 'PUT', url: '/manager/presence', payload: body, token: as });
const leave = (as: string, body: Record<string, unknown>) =>
  t.call({ method: 'POST', url: '/manager/presence/leave', payload: body, token: as });
const who = async (as: string, query: string) => {
  const res = await t.call({ method: 'GET', url: `/manager/presence?${query}`, token: as });
  expect(res.statusCode, res.body).toBe(200);
  return envelope(presenceResponseSchema).parse(res.json()).data;
};
const presenceEvents = async (entityId: string) =>
  (
    await t.db
      .select()
      .from(consoleEvents)
      .where(and(eq(consoleEvents.action, 'presence.changed'), eq(consoleEvents.entityId, entityId)))
  ).length;

describe('presence', () => {
  it('shows who decides which withdrawal to those who read withdrawals, and lapses without renewal', async () => {
    const deciding = { entity: 'withdrawal', entityId: '9101', activity: 'deciding', tab: 'tab-owner-1' };
    expect((await announce(token.owner, deciding)).statusCode).toBe(200);
    const seen = await who(token.finance, 'entity=withdrawal');
    expect(seen).toContainEqual(
      expect.objectContaining({ username: t.demo.admin.username, entityId: '9101', activity: 'deciding' }),
    );
    expect(await who(token.support, 'entity=withdrawal&entityId=9101')).toHaveLength(1);
    expect(await who(token.support, 'entity=withdrawal&entityId=9102')).toHaveLength(0);

    // Renewed within the time to live: still there; not renewed: gone.
    t.clock.advance(PRESENCE_TTL_MS - 1000);
    expect((await announce(token.owner, deciding)).statusCode).toBe(200);
    t.clock.advance(PRESENCE_TTL_MS - 1000);
    expect(await who(token.finance, 'entity=withdrawal&entityId=9101')).toHaveLength(1);
    t.clock.advance(2000);
    expect(await who(token.finance, 'entity=withdrawal&entityId=9101')).toHaveLength(0);
  });

  it('tells the consoles when who is there changes, not at each renewal', async () => {
    const body = { entity: 'user', entityId: '555', activity: 'viewing', tab: 'tab-finance-1' };
    await announce(token.finance, body);
    await announce(token.finance, body);
    await announce(token.finance, body);
    expect(await presenceEvents('555')).toBe(1);
    await announce(token.finance, { ...body, activity: 'editing' });
    expect(await presenceEvents('555')).toBe(2);
    const [entry] = await who(token.owner, 'entity=user&entityId=555');
    expect(entry).toMatchObject({ username: 'finance', activity: 'editing' });

    expect((await leave(token.finance, body)).statusCode).toBe(200);
    expect(await who(token.owner, 'entity=user&entityId=555')).toHaveLength(0);
    expect(await presenceEvents('555')).toBe(3);
    // Leaving twice changes nothing, and says nothing.
    await leave(token.finance, body);
    expect(await presenceEvents('555')).toBe(3);
  });

  it('a tab back soon after it lapsed (a background tab) returns quietly; one back much later is news', async () => {
    const body = { entity: 'user', entityId: '556', activity: 'viewing', tab: 'tab-finance-2' };
    await announce(token.finance, body);
    expect(await presenceEvents('556')).toBe(1);
    t.clock.advance(PRESENCE_TTL_MS + 30_000);
    expect(await who(token.owner, 'entity=user&entityId=556')).toHaveLength(0);
    await announce(token.finance, body);
    expect(await who(token.owner, 'entity=user&entityId=556')).toHaveLength(1);
    expect(await presenceEvents('556')).toBe(1);
    t.clock.advance(PRESENCE_TTL_MS + PRESENCE_RETURN_GRACE_MS + 1000);
    await announce(token.finance, body);
    expect(await presenceEvents('556')).toBe(2);
  });

  it("never takes over another admin's tab, and holds an admin to a number of records", async () => {
    const body = { entity: 'user', entityId: '557', activity: 'editing', tab: 'tab-shared-01' };
    await announce(token.finance, body);
    expect((await announce(token.support, { ...body, activity: 'viewing' })).statusCode).toBe(200);
    expect(await who(token.owner, 'entity=user&entityId=557')).toEqual([
      expect.objectContaining({ username: 'finance', activity: 'editing' }),
    ]);
    // Leaving someone else's tab leaves nothing.
    await leave(token.support, body);
    expect(await who(token.owner, 'entity=user&entityId=557')).toHaveLength(1);

    for (let i = 0; i < PRESENCE_MAX_PER_ADMIN; i++)
      expect(
        (
          await announce(token.support, {
            entity: 'user',
            entityId: `9${i}`,
            activity: 'viewing',
            tab: 'tab-many-01',
          })
        ).statusCode,
      ).toBe(200);
    const over = await announce(token.support, {
      entity: 'user',
      entityId: '999999',
      activity: 'viewing',
      tab: 'tab-many-01',
    });
    expect(over.statusCode).toBe(429);
    expect(over.json().message).toBe(PRESENCE_LIMIT_MESSAGE);
    // Renewing one already held still works.
    expect(
      (
        await announce(token.support, {
          entity: 'user',
          entityId: '90',
          activity: 'viewing',
          tab: 'tab-many-01',
        })
      ).statusCode,
    ).toBe(200);
    // The records lapse: the limit counts only those the admin is on now.
    t.clock.advance(PRESENCE_TTL_MS + 1);
  });

  it("shows an admin's strongest activity over their tabs, once", async () => {
    await announce(token.owner, { entity: 'user', entityId: '777', activity: 'viewing', tab: 'tab-a-0001' });
    await announce(token.owner, { entity: 'user', entityId: '777', activity: 'editing', tab: 'tab-b-0001' });
    const seen = await who(token.finance, 'entity=user&entityId=777');
    expect(seen).toEqual([expect.objectContaining({ username: t.demo.admin.username, activity: 'editing' })]);
  });

  it('refuses a record kind the admin may not read, naming the permission, and stores nothing', async () => {
    const body = { entity: 'withdrawal', entityId: '9200', activity: 'viewing', tab: 'tab-content-1' };
    const res = await announce(token.content, body);
    expect(res.statusCode).toBe(403);
    expect(res.json().data).toEqual({ permission: 'withdrawals.read' });
    expect(await who(token.owner, 'entity=withdrawal&entityId=9200')).toHaveLength(0);
    const read = await t.call({
      method: 'GET',
      url: '/manager/presence?entity=withdrawal',
      token: token.content,
    });
    expect(read.statusCode).toBe(403);
  });

  it('answers bad input with 400 naming the field', async () => {
    const res = await announce(token.owner, {
      entity: 'withdrawal',
      entityId: '1',
      activity: 'dancing',
      tab: 'tab-x-0001',
    });
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain('activity');
    const kind = await t.call({ method: 'GET', url: '/manager/presence?entity=planet', token: token.owner });
    expect(kind.statusCode).toBe(400);
    expect(kind.body).toContain('entity');
  });

  it('never shows a disabled admin', async () => {
    await announce(token.support, {
      entity: 'user',
      entityId: '888',
      activity: 'viewing',
      tab: 'tab-support-1',
    });
    expect(await who(token.owner, 'entity=user&entityId=888')).toHaveLength(1);
    await t.db.update(admins).set({ status: 'disabled' }).where(eq(admins.username, 'support'));
    try {
      expect(await who(token.owner, 'entity=user&entityId=888')).toHaveLength(0);
    } finally {
      await t.db.update(admins).set({ status: 'active' }).where(eq(admins.username, 'support'));
    }
  });
});
