import { lt, sql } from 'drizzle-orm';
import type { Permission } from '@manager/contract';
import { executeRows, type Db } from '../db/client';
import { storedEventJson, type StoredEvent } from '../db/console-events';
import { consoleEvents } from '../db/schema/index';

/**
 * The most a reconnect replays: the newest this many events after its `Last-Event-ID` that the
 * admin may read, in order. An event only tells the console what to refetch, so a console that
 * missed more shows no less once it refetches what it shows (it does on reconnect anyway).
 */
export const REPLAY_MAX = 1000;
/** How long events stay in the table, and so how far back a reconnect can replay. */
export const EVENTS_KEPT_MS = 24 * 3_600_000;

const parse = (rows: { event: string }[]) => rows.map((r) => JSON.parse(r.event) as StoredEvent);

/**
 * The events after `afterId`, oldest first: the newest `limit` of them, only those needing one
 * of `permissions` when given (a replay to one admin), all otherwise (the hub's catch-up).
 */
export async function eventsAfter(
  db: Db,
  afterId: string,
  limit: number,
  permissions?: readonly Permission[],
): Promise<StoredEvent[]> {
  const allowed = permissions
    ? sql`and e.permission in (${sql.join(
        permissions.length ? permissions.map((p) => sql`${p}`) : [sql`null`],
        sql`, `,
      )})`
    : sql``;
  const rows = await executeRows<{ event: string }>(
    db,
    sql`select event from (
      select e.id, ${storedEventJson('e')} as event from ${consoleEvents} e
      where e.id > ${afterId}::bigint ${allowed}
      order by e.id desc limit ${limit}
    ) newest order by id`,
  );
  return parse(rows);
}

/** The id of the newest event, '0' when there is none. */
export async function newestEventId(db: Db): Promise<string> {
  const [row] = await executeRows<{ id: string | null }>(
    db,
    sql`select max(id)::text as id from ${consoleEvents}`,
  );
  return row?.id ?? '0';
}

/** Deletes the events older than EVENTS_KEPT_MS; how many. */
export async function deleteOldEvents(db: Db, now: Date): Promise<number> {
  const gone = await db
    .delete(consoleEvents)
    .where(lt(consoleEvents.at, new Date(now.getTime() - EVENTS_KEPT_MS)))
    .returning({ id: consoleEvents.id });
  return gone.length;
}
