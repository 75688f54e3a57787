import { pipeline, Readable } from 'node:stream';
import { stringify } from 'csv-stringify';
import type { AuditEntry, AuditFilter } from '@manager/contract';
import type { Db } from '../db/client';
import { safeCell } from '../lib/csv-cell';
import { entryOf, readAuditRows, type AuditPosition } from './repository';

/**
 * The audit export as CSV, written row by row while the rows are read in batches by position:
 * the log may hold millions of rows, and neither the database nor this process holds more
 * than a batch of them at once. The stream pulls the next batch only when the client has
 * taken the rows before it.
 */

/** Rows read per query. */
export const EXPORT_BATCH = 1000;

const COLUMNS = [
  'id',
  'at',
  'adminId',
  'adminUsername',
  'action',
  'entityType',
  'entityId',
  'userTelegramId',
  'before',
  'after',
  'ip',
  'userAgent',
  'reason',
  'consoleVersion',
] as const;
type Record = { [K in (typeof COLUMNS)[number]]: string | number | null };

function recordOf(e: AuditEntry): Record {
  const text = (v: string | null) => (v === null ? null : safeCell(v));
  const json = (v: object | null) => (v === null ? null : safeCell(JSON.stringify(v)));
  return {
    id: e.id,
    at: e.at,
    adminId: e.admin.id,
    adminUsername: text(e.admin.username),
    action: text(e.action),
    entityType: text(e.entityType),
    entityId: text(e.entityId),
    userTelegramId: e.userTelegramId,
    before: json(e.before),
    after: json(e.after),
    ip: text(e.ip),
    userAgent: text(e.userAgent),
    reason: text(e.reason),
    consoleVersion: text(e.consoleVersion),
  };
}

async function* recordsAfter(db: Db, filter: AuditFilter, start: AuditPosition): AsyncGenerator<Record> {
  for (let after: AuditPosition | null = start; after;) {
    const { rows, next } = await readAuditRows(db, filter, EXPORT_BATCH, after);
    for (const row of rows) yield recordOf(entryOf(row));
    after = next;
  }
}

/**
 * The rows matching `filter` older than `start`, newest first, as CSV (RFC 4180: CRLF, quotes
 * doubled) in UTF-8 with a header and a byte order mark (so spreadsheets read names in any
 * script). A failure once the first bytes are out can only end the response early: it goes to
 * `onError`.
 */
export function auditCsv(
  db: Db,
  filter: AuditFilter,
  start: AuditPosition,
  onError: (error: Error) => void,
): Readable {
  const csv = stringify({
    header: true,
    columns: [...COLUMNS],
    bom: true,
    record_delimiter: 'windows',
    quoted_match: /[;\t]/,
  });
  pipeline(Readable.from(recordsAfter(db, filter, start)), csv, (error) => {
    if (error) onError(error);
  });
  return csv;
}

/** `audit-log-2026-05-01T12-30-00Z.csv`: when it was made, in UTC, without characters file systems refuse. */
export const exportFileName = (now: Date): string =>
  `audit-log-${now.toISOString().slice(0, 19).replace(/:/g, '-')}Z.csv`;
