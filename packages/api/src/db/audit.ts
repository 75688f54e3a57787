import { isDeepStrictEqual } from 'node:util';
import { eq, sql } from 'drizzle-orm';
import type { AuditAction, AuditEntityType } from '@manager/contract';
import { currentActor } from '../lib/actor';
import { admins, auditLog } from './schema/auth';
import type { DbOrTx } from './client';
import { publishEvent } from './console-events';

type Fields = Record<string, unknown>;

export interface AuditEntry {
  /**
   * The acting admin. Absent: the request's signed-in admin (none in a job or command). Give
   * it where the request has no admin yet: a sign-in names the admin signing in, null when
   * the identifier names nobody.
   */
  adminId?: number | null;
  action: AuditAction;
  entity: AuditEntityType;
  entityId?: string | number | null;
  /**
   * The entity before and after. Both given: only the fields that differ are kept, each side
   * with its own values (a key only one side has is kept on that side). Only `after`: a
   * creation or an event, kept whole; only `before`: a deletion, kept whole. Stored rows go in
   * as read: numeric columns are decimal text and stay so, never floats.
   */
  before?: object | null;
  after?: object | null;
  /** Why, when the admin said (a withdrawal's or a balance edit's reason), or why a check failed. */
  reason?: string | null;
  /** The player the row is about: their balances, their withdrawal. */
  userTelegramId?: number | null;
}

/** Columns that change with every write and say nothing the row's own time does not. */
const BOOKKEEPING = new Set(['updatedAt']);

/** As jsonb will hold it: dates as ISO text, undefined fields gone. */
const asJson = (value: object): Fields => JSON.parse(JSON.stringify(value)) as Fields;

/**
 * The fields that changed between two versions of an entity. Nothing changed gives `{}` on
 * both sides: the row still says the admin saved it (an explicit empty change).
 */
export function changedFields(before: object, after: object): { before: Fields; after: Fields } {
  const [old, now] = [asJson(before), asJson(after)];
  const changed = { before: {} as Fields, after: {} as Fields };
  for (const key of new Set([...Object.keys(old), ...Object.keys(now)])) {
    if (BOOKKEEPING.has(key) || isDeepStrictEqual(old[key], now[key])) continue;
    if (key in old) changed.before[key] = old[key];
    if (key in now) changed.after[key] = now[key];
  }
  return changed;
}

function sides(entry: AuditEntry): { before: Fields | null; after: Fields | null } {
  if (entry.before && entry.after) return changedFields(entry.before, entry.after);
  return {
    before: entry.before ? asJson(entry.before) : null,
    after: entry.after ? asJson(entry.after) : null,
  };
}

/**
 * Writes one audit row; pass the transaction that makes the change so both commit together.
 * Who acted, from which address, browser and console build, comes from the actor of the running request or
 * job (`lib/actor.ts`); the admin's username is read in the same statement, as it is now.
 * A change an admin may be told of is also published to the consoles' event stream
 * (`console-events.ts`), in the same transaction.
 */
export async function writeAudit(tx: DbOrTx, entry: AuditEntry): Promise<void> {
  const actor = currentActor();
  const adminId = entry.adminId === undefined ? actor.adminId() : entry.adminId;
  const username =
    adminId === null
      ? actor.system
      : sql`(select ${admins.username} from ${admins} where ${eq(admins.id, adminId)})`;
  await tx.insert(auditLog).values({
    adminId,
    adminUsername: username,
    action: entry.action,
    entity: entry.entity,
    entityId: entry.entityId == null ? null : String(entry.entityId),
    userTelegramId: entry.userTelegramId ?? null,
    ...sides(entry),
    ip: actor.ip,
    userAgent: actor.userAgent,
    reason: entry.reason ?? null,
    consoleVersion: actor.consoleVersion,
  });
  // Every audited change is also an event for the open consoles, committed with it
  // (publishEvent skips the rows that are reads, refusals or an admin's own business).
  await publishEvent(tx, {
    entity: entry.entity,
    entityId: entry.entityId,
    action: entry.action,
    actor: username,
  });
}
