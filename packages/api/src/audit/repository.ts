import { and, desc, eq, gte, notInArray, sql, type SQL } from 'drizzle-orm';
import {
  AUDIT_SIGN_IN_ACTIONS,
  PG_INT_MAX,
  type AuditEntry,
  type AuditFilter,
  type AuditResponse,
} from '@manager/contract';
import { executeRows, type Db } from '../db/client';
import { auditLog } from '../db/schema/index';
import { badRequest } from '../lib/envelope';

/**
 * Reads of the audit trail: pages newest first (created_at desc, id desc), filtered, and the
 * admins to filter by. A page starts after a position (the created_at and id of the last row
 * seen), so paging never skips or repeats a row, rows of equal time included, and each page is
 * one range read of the index that serves its filter (src/db/schema/auth.ts).
 */

/** Where a page starts: strictly after this row in the log's order. */
export interface AuditPosition {
  /** created_at to the microsecond, `YYYY-MM-DDTHH:MM:SS.ffffffZ` (a JS Date keeps milliseconds only). */
  at: string;
  id: number;
}

const POSITION_AT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;
const INVALID_CURSOR = 'cursor: Invalid cursor';

/** The opaque `nextCursor`: base64url of the position. */
export const encodeCursor = (p: AuditPosition): string =>
  Buffer.from(`${p.at}_${p.id}`).toString('base64url');

/** The position a cursor names; anything this API did not hand out is a 400 naming `cursor`. */
export function decodeCursor(cursor: string): AuditPosition {
  if (!/^[A-Za-z0-9_-]+$/.test(cursor)) throw badRequest(INVALID_CURSOR);
  const [at = '', id = '', ...rest] = Buffer.from(cursor, 'base64url').toString('latin1').split('_');
  const n = Number(id);
  // The calendar check (no 30 February, no year 0) keeps an invalid date away from PostgreSQL.
  const ms = Date.parse(at);
  const real =
    POSITION_AT.test(at) &&
    Number.isFinite(ms) &&
    new Date(ms).toISOString().slice(0, 23) === at.slice(0, 23) &&
    !at.startsWith('0000');
  if (rest.length || !real || !/^\d{1,10}$/.test(id) || n < 1 || n > PG_INT_MAX)
    throw badRequest(INVALID_CURSOR);
  return { at, id: n };
}

/** Every filter given, combined; `to` includes its whole millisecond (an entry's `at` as `to` includes it). */
function whereOf(f: AuditFilter, after?: AuditPosition): SQL | undefined {
  return and(
    f.adminId === undefined ? undefined : eq(auditLog.adminId, f.adminId),
    f.action === undefined ? undefined : eq(auditLog.action, f.action),
    f.entityType === undefined ? undefined : eq(auditLog.entity, f.entityType),
    f.entityId === undefined ? undefined : eq(auditLog.entityId, f.entityId),
    f.userTelegramId === undefined ? undefined : eq(auditLog.userTelegramId, f.userTelegramId),
    f.signIns === false ? notInArray(auditLog.action, [...AUDIT_SIGN_IN_ACTIONS]) : undefined,
    f.from === undefined ? undefined : gte(auditLog.createdAt, f.from),
    f.to === undefined
      ? undefined
      : sql`${auditLog.createdAt} < ${f.to.toISOString()}::timestamptz + interval '1 millisecond'`,
    after === undefined
      ? undefined
      : sql`(${auditLog.createdAt}, ${auditLog.id}) < (${after.at}::timestamptz, ${after.id}::integer)`,
  );
}

const entryColumns = {
  id: auditLog.id,
  createdAt: auditLog.createdAt,
  position: sql<string>`to_char(${auditLog.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`,
  adminId: auditLog.adminId,
  adminUsername: auditLog.adminUsername,
  action: auditLog.action,
  entity: auditLog.entity,
  entityId: auditLog.entityId,
  userTelegramId: auditLog.userTelegramId,
  before: auditLog.before,
  after: auditLog.after,
  ip: auditLog.ip,
  userAgent: auditLog.userAgent,
  reason: auditLog.reason,
  consoleVersion: auditLog.consoleVersion,
};
type EntryRow = Omit<typeof auditLog.$inferSelect, 'chainSeq' | 'prevHash' | 'hash'> & { position: string };

/** A row's before or after: an object of changed fields; any other JSON a row holds is kept under `value`. */
const fieldsOf = (v: unknown): Record<string, unknown> | null =>
  v === null || v === undefined
    ? null
    : typeof v === 'object' && !Array.isArray(v)
      ? (v as Record<string, unknown>)
      : { value: v };

export function entryOf(r: EntryRow): AuditEntry {
  return {
    id: r.id,
    at: r.createdAt.toISOString(),
    // The row's own copy of the admin: it outlives the admin's account.
    admin: { id: r.adminId, username: r.adminUsername },
    action: r.action,
    entityType: r.entity,
    entityId: r.entityId,
    userTelegramId: r.userTelegramId,
    before: fieldsOf(r.before),
    after: fieldsOf(r.after),
    ip: r.ip,
    userAgent: r.userAgent,
    reason: r.reason,
    consoleVersion: r.consoleVersion,
  };
}

/** The query of a page: `limit` rows after `after`, newest first (test/audit/audit-plans.test.ts checks its plans). */
export const auditRowsQuery = (db: Db, filter: AuditFilter, limit: number, after?: AuditPosition) =>
  db
    .select(entryColumns)
    .from(auditLog)
    .where(whereOf(filter, after))
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
    .limit(limit);

/** Up to `limit` rows after `after` (from the newest when absent), and the position of the last one when more follow. */
export async function readAuditRows(
  db: Db,
  filter: AuditFilter,
  limit: number,
  after?: AuditPosition,
): Promise<{ rows: EntryRow[]; next: AuditPosition | null }> {
  const rows = await auditRowsQuery(db, filter, limit + 1, after);
  const more = rows.length > limit;
  const page = more ? rows.slice(0, limit) : rows;
  const last = page.at(-1);
  return { rows: page, next: more && last ? { at: last.position, id: last.id } : null };
}

/** `GET /manager/audit`: one page of entries and the cursor of the next page. */
export async function listAudit(
  db: Db,
  q: AuditFilter & { cursor?: string; limit: number },
): Promise<AuditResponse> {
  const { rows, next } = await readAuditRows(
    db,
    q,
    q.limit,
    q.cursor === undefined ? undefined : decodeCursor(q.cursor),
  );
  return { entries: rows.map(entryOf), nextCursor: next && encodeCursor(next) };
}

/**
 * Every admin that exists, by today's username, and every admin the log names that no longer
 * exists, by the username its latest row kept. The admin ids of the log are found by skipping
 * through the admin index one id at a time (a loose index scan), not by reading every row.
 */
export async function listAuditAdmins(db: Db): Promise<Array<{ id: number; username: string }>> {
  const rows = await executeRows<{ id: number; username: string }>(
    db,
    sql`
    with recursive acted(admin_id) as (
      (select admin_id from audit_log where admin_id is not null order by admin_id limit 1)
      union all
      select (select l.admin_id from audit_log l where l.admin_id > acted.admin_id order by l.admin_id limit 1)
      from acted where acted.admin_id is not null
    )
    select id, username from (
      select a.id, a.username from admins a
      union all
      select acted.admin_id, coalesce(
        (select l.admin_username from audit_log l where l.admin_id = acted.admin_id and l.admin_username is not null order by l.created_at desc, l.id desc limit 1),
        'Admin #' || acted.admin_id)
      from acted
      where acted.admin_id is not null and not exists (select 1 from admins a where a.id = acted.admin_id)
    ) named
    order by lower(username), id`,
  );
  return rows.map((r) => ({ id: Number(r.id), username: r.username }));
}

/** Who asked for an export, and for which rows. */
export interface ExportRequest {
  adminId: number;
  ip: string | null;
  userAgent: string | null;
  consoleVersion: string | null;
  filter: AuditFilter;
}

/** The player an export is about, when its filter names exactly one. */
function playerOf(f: AuditFilter): number | null {
  if (f.userTelegramId !== undefined) return f.userTelegramId;
  if (f.entityType !== 'user' || f.entityId === undefined || !/^\d{1,16}$/.test(f.entityId)) return null;
  const id = Number(f.entityId);
  return Number.isSafeInteger(id) ? id : null;
}

/**
 * The export's own audit row (`audit.export`, the filters in `after`), committed on its own
 * before the first row is read: a file leaves only once it is on record. Returns the row's
 * position, where the export starts, so the file is the log as it stood at that moment.
 */
export async function recordExport(db: Db, r: ExportRequest): Promise<AuditPosition> {
  const filters = Object.fromEntries(
    Object.entries(r.filter).map(([k, v]) => [k, v instanceof Date ? v.toISOString() : v]),
  );
  const [row] = await db
    .insert(auditLog)
    .values({
      adminId: r.adminId,
      adminUsername: sql`(select username from admins where id = ${r.adminId})`,
      action: 'audit.export',
      entity: 'audit',
      userTelegramId: playerOf(r.filter),
      after: filters,
      ip: r.ip,
      userAgent: r.userAgent,
      consoleVersion: r.consoleVersion,
    })
    .returning({ id: auditLog.id, at: entryColumns.position });
  if (!row) throw new Error('the export audit row was not written');
  return row;
}
