import { sql, type SQL } from 'drizzle-orm';
import type { ConsoleEvent, EventEntity, Permission } from '@manager/contract';
import { eventPermission } from '@manager/contract';
import type { DbOrTx } from './client';
import { executeRows } from './client';
import { consoleEvents } from './schema/console-events';

/** The NOTIFY channel every API instance listens on (events/hub.ts). */
export const EVENTS_CHANNEL = 'console_events';

/** An event as the outbox and the channel carry it: what the stream sends, and who may read it. */
export interface StoredEvent extends ConsoleEvent {
  permission: Permission;
}

export interface NewEvent {
  entity: EventEntity;
  entityId?: string | number | null;
  action: ConsoleEvent['action'];
  /** The admin's username, a system name, null for the platform; SQL when read in the statement. */
  actor: string | null | SQL;
}

/**
 * One row of `console_events` as the JSON of a StoredEvent, `at` in JavaScript's ISO form
 * (UTC, milliseconds): the channel's payload and a replayed row are the same text, built here.
 */
export const storedEventJson = (row: string): SQL => sql`json_build_object(
  'id', ${sql.raw(row)}.id::text,
  'at', to_char(${sql.raw(row)}.at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
  'entity', ${sql.raw(row)}.entity,
  'entityId', ${sql.raw(row)}.entity_id,
  'action', ${sql.raw(row)}.action,
  'actor', ${sql.raw(row)}.actor,
  'permission', ${sql.raw(row)}.permission
)::text`;

/**
 * Records a change for the consoles' event stream: the outbox row and its NOTIFY in one
 * statement. Pass the transaction that makes the change: PostgreSQL (and PGlite) deliver a
 * NOTIFY only when its transaction commits, and the row goes with it, so a rolled-back change
 * is never sent nor replayed. Audited changes publish through `writeAudit`; call this directly
 * only for changes with no audit row (the platform's own, PLATFORM_EVENT_ACTIONS). A change
 * whose kind no admin is sent (EVENT_READ_PERMISSION null) records nothing.
 */
export async function publishEvent(tx: DbOrTx, event: NewEvent): Promise<void> {
  const permission = eventPermission(event.entity, event.action);
  if (!permission) return;
  const entityId = event.entityId == null ? null : String(event.entityId);
  await executeRows(
    tx,
    sql`with e as (
      insert into ${consoleEvents} (entity, entity_id, action, actor, permission)
      values (${event.entity}, ${entityId}, ${event.action}, ${event.actor}, ${permission})
      returning *
    )
    select pg_notify(${EVENTS_CHANNEL}, ${storedEventJson('e')}) from e`,
  );
}
