import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app';
import { createDb, executeRows, type DbHandle } from '../../src/db/client';
import { publishEvent } from '../../src/db/console-events';
import { openEvents, type EventStreamReader } from '../support/event-stream';
import { buildTestApp, signIn, type TestApp } from '../support/helper';
import { tonWithdrawal } from '../support/withdrawals-fixtures';

/**
 * Two API instances on one database. On PostgreSQL (TEST_DATABASE_URL) each has its own pool
 * and its own listening connection, as two processes would, and a commit on one reaches the
 * streams of the other only through NOTIFY; on PGlite they share the one embedded database.
 */
let t: TestApp;
let second: DbHandle | undefined;
let b: FastifyInstance;
let baseA: string;
let baseB: string;
let token: string;
const open: EventStreamReader[] = [];

async function secondConnection(): Promise<DbHandle['db']> {
  if (!t.databaseUrl) return t.db;
  second = await createDb({ databaseUrl: t.databaseUrl });
  return second.db;
}

beforeAll(async () => {
  t = await buildTestApp();
  b = await buildApp({ config: t.config, db: await secondConnection(), now: t.clock.now });
  baseA = await t.app.listen({ host: '127.0.0.1', port: 0 });
  baseB = await b.listen({ host: '127.0.0.1', port: 0 });
  token = (await signIn(t)).accessToken;
});
afterAll(async () => {
  for (const reader of open) reader.close();
  await b?.close();
  await second?.close();
  await t?.close();
});

const stream = async (base: string, lastEventId?: string) => {
  const reader = await openEvents(base, t, token, lastEventId);
  open.push(reader);
  expect(reader.status).toBe(200);
  return reader;
};
const taskEvent = (entityId: string) =>
  t.db.transaction((tx) =>
    publishEvent(tx, { entity: 'task', entityId, action: 'task.update', actor: null }),
  );
const entityIds = (reader: EventStreamReader) => reader.events().map((e) => e.entityId);

describe('the event stream across instances', () => {
  it('sends a change committed through instance A to a stream on instance B', async () => {
    const onB = await stream(baseB);
    const { withdrawal } = await tonWithdrawal(t, '0', '1.5');
    const res = await t.call({
      method: 'POST',
      url: '/manager/withdrawals/reject',
      payload: { id: withdrawal.id },
      token,
    });
    expect(res.statusCode, res.body).toBe(200);
    await expect
      .poll(() => onB.events().find((e) => e.entityId === String(withdrawal.id)), { timeout: 1000 })
      .toMatchObject({ action: 'withdrawal.reject', actor: t.demo.admin.username });
  });

  it.runIf(process.env.TEST_DATABASE_URL)(
    'catches up on what was committed while its listening connection was down',
    async () => {
      const onB = await stream(baseB);
      await taskEvent('before-outage');
      await expect.poll(() => entityIds(onB)).toContain('before-outage');
      // Every listening connection of this database (A's and B's) is cut; both reconnect.
      await executeRows(
        t.db,
        sql`select pg_terminate_backend(pid) from pg_stat_activity
            where datname = current_database() and query like 'LISTEN%' and pid <> pg_backend_pid()`,
      );
      await taskEvent('during-outage');
      await expect.poll(() => entityIds(onB), { timeout: 5000 }).toContain('during-outage');
      await taskEvent('after-outage');
      await expect.poll(() => entityIds(onB), { timeout: 5000 }).toContain('after-outage');
      expect(entityIds(onB).filter((id) => id === 'during-outage')).toHaveLength(1);
    },
  );

  it('a console of a closed instance reconnects to the other with its Last-Event-ID and gets exactly what it missed', async () => {
    const onB = await stream(baseB);
    await taskEvent('seen-on-b');
    await expect.poll(() => entityIds(onB)).toContain('seen-on-b');
    const last = onB.frames.filter((f) => f.event === 'change').at(-1)!.id!;
    await b.close();
    await onB.ended;
    for (const id of ['missed-1', 'missed-2', 'missed-3']) await taskEvent(id);

    const onA = await stream(baseA, last);
    await expect.poll(() => entityIds(onA)).toEqual(['missed-1', 'missed-2', 'missed-3']);
    await taskEvent('live-on-a');
    await expect.poll(() => entityIds(onA)).toEqual(['missed-1', 'missed-2', 'missed-3', 'live-on-a']);
  });
});
