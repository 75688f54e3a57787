import { and, asc, count, eq, gt, lt, sql } from 'drizzle-orm';
import {
  PRESENCE_EVENT_ACTION,
  PRESENCE_LIMIT_MESSAGE,
  PRESENCE_MAX_PER_ADMIN,
  PRESENCE_RETURN_GRACE_MS,
  PRESENCE_TTL_MS,
  type AnnouncePresenceRequest,
  type LeavePresenceRequest,
  type PresenceActivity,
  type PresenceEntry,
  type PresenceQuery,
} from '@manager/contract';
import type { Db, DbOrTx } from '../db/client';
import { publishEvent } from '../db/console-events';
import { admins } from '../db/schema/auth';
import { consolePresence } from '../db/schema/live';
import { AppError } from '../lib/envelope';

interface Caller {
  adminId: number;
}

const fresh = (now: Date) => gt(consolePresence.seenAt, new Date(now.getTime() - PRESENCE_TTL_MS));

/** Tells the consoles showing the record that who is on it changed; the actor is the admin's username. */
const changed = (tx: DbOrTx, entity: AnnouncePresenceRequest['entity'], entityId: string, adminId: number) =>
  publishEvent(tx, {
    entity,
    entityId,
    action: PRESENCE_EVENT_ACTION,
    actor: sql`(select ${admins.username} from ${admins} where ${admins.id} = ${adminId})`,
  });

/** 429 when the admin is already on PRESENCE_MAX_PER_ADMIN records: each one is an event to others. */
async function refuseOverLimit(tx: DbOrTx, adminId: number, now: Date): Promise<void> {
  const [row] = await tx
    .select({ n: count() })
    .from(consolePresence)
    .where(and(eq(consolePresence.adminId, adminId), fresh(now)));
  if ((row?.n ?? 0) >= PRESENCE_MAX_PER_ADMIN) throw new AppError(429, PRESENCE_LIMIT_MESSAGE);
}

/**
 * A tab is on a record, doing `activity`: its presence is stored or renewed. Others are told
 * (an event, `presence.changed`) only when what they see changes: a tab arriving, one back long
 * after it had lapsed (PRESENCE_RETURN_GRACE_MS: a background tab the browser wakes once a
 * minute returns quietly), or a new activity; a plain renewal is one row update and nothing else.
 */
export async function announce(
  db: Db,
  caller: Caller,
  body: AnnouncePresenceRequest,
  now: Date,
): Promise<void> {
  await db.transaction(async (tx) => {
    const key = and(
      eq(consolePresence.tab, body.tab),
      eq(consolePresence.entity, body.entity),
      eq(consolePresence.entityId, body.entityId),
    );
    const [before] = await tx.select().from(consolePresence).where(key).for('update');
    // Another admin's tab id: theirs stays theirs (tab ids are random and never sent out).
    if (before && before.adminId !== caller.adminId) return;
    if (!before) await refuseOverLimit(tx, caller.adminId, now);
    const longGone =
      !before || before.seenAt.getTime() <= now.getTime() - PRESENCE_TTL_MS - PRESENCE_RETURN_GRACE_MS;
    const news = longGone || before.activity !== body.activity;
    await tx
      .insert(consolePresence)
      .values({ ...body, adminId: caller.adminId, since: now, seenAt: now })
      .onConflictDoUpdate({
        target: [consolePresence.tab, consolePresence.entity, consolePresence.entityId],
        set: { activity: body.activity, seenAt: now, ...(news ? { since: now } : {}) },
        setWhere: eq(consolePresence.adminId, caller.adminId),
      });
    if (news) await changed(tx, body.entity, body.entityId, caller.adminId);
  });
}

/** A tab left a record (closed, navigated away, the dialog closed): it is gone at once. */
export async function leave(db: Db, caller: Caller, body: LeavePresenceRequest): Promise<void> {
  await db.transaction(async (tx) => {
    const gone = await tx
      .delete(consolePresence)
      .where(
        and(
          eq(consolePresence.tab, body.tab),
          eq(consolePresence.entity, body.entity),
          eq(consolePresence.entityId, body.entityId),
          eq(consolePresence.adminId, caller.adminId),
        ),
      )
      .returning({ tab: consolePresence.tab });
    if (gone.length > 0) await changed(tx, body.entity, body.entityId, caller.adminId);
  });
}

/**
 * Who is on a record (or on any record of a kind) now: one entry per admin and record, the
 * strongest activity of their tabs (deciding, then editing, then viewing), oldest arrival first.
 * Disabled admins are never shown.
 */
export async function present(db: Db, query: PresenceQuery, now: Date): Promise<PresenceEntry[]> {
  const rows = await db
    .select({
      adminId: consolePresence.adminId,
      username: admins.username,
      entityId: consolePresence.entityId,
      activity: consolePresence.activity,
      since: consolePresence.since,
    })
    .from(consolePresence)
    .innerJoin(admins, eq(admins.id, consolePresence.adminId))
    .where(
      and(
        eq(consolePresence.entity, query.entity),
        query.entityId === undefined ? undefined : eq(consolePresence.entityId, query.entityId),
        eq(admins.status, 'active'),
        fresh(now),
      ),
    )
    .orderBy(asc(consolePresence.since));
  const strength: Record<PresenceActivity, number> = { viewing: 0, editing: 1, deciding: 2 };
  const byAdmin = new Map<string, PresenceEntry>();
  for (const row of rows) {
    const key = `${row.entityId}\u0000${row.adminId}`;
    const activity = row.activity as PresenceActivity;
    const seen = byAdmin.get(key);
    if (seen && strength[seen.activity] >= strength[activity]) continue;
    byAdmin.set(key, { ...row, activity, since: seen ? seen.since : row.since.toISOString() });
  }
  return [...byAdmin.values()];
}

/** Presences that lapsed: kept no longer than the events are (events.cleanup deletes both). */
export async function deleteLapsedPresence(db: Db, now: Date): Promise<number> {
  const rows = await db
    .delete(consolePresence)
    .where(lt(consolePresence.seenAt, new Date(now.getTime() - PRESENCE_TTL_MS)))
    .returning({ tab: consolePresence.tab });
  return rows.length;
}
