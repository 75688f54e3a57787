import { pipeline, Readable } from 'node:stream';
import { and, sql, type SQL } from 'drizzle-orm';
import { stringify } from 'csv-stringify';
import { maskValue, type CsvExportList, type ListExportDetails } from '@manager/contract';
import { executeRows, type Db } from '../db/client';
import { writeAudit } from '../db/audit';
import { runAsActor, type Actor } from '../lib/actor';
import { safeCell } from '../lib/csv-cell';
import { after, orderBy, positionColumns, type OrderTerm } from '../lib/lists';

/**
 * A list's CSV export, written while its rows are read in keyset batches (lib/lists/keyset.ts): the
 * process holds one batch and the stream's buffers whatever the list's size, and the next batch
 * is read only once the client has taken the rows before it (the pipeline's backpressure).
 * Every value leaves the database as text: money is the column's numeric text (every decimal,
 * never a float), dates ISO 8601 in UTC to the millisecond, as the lists show them.
 */

/** Rows read per query (tests lower it to cross many batches on small lists). */
export const EXPORT_TUNING = { batch: 2000 };

export interface Column {
  header: string;
  /** Any expression over the plan's FROM; read as text. */
  value: SQL;
  /** Text someone typed (names, titles): guarded against spreadsheet formulas (`safeCell`). */
  typed?: boolean;
  /** A wallet, transaction id or link (docs/security.md, Personal data): masked unless the run is `unmasked`. */
  personal?: boolean;
}

/** What an export reads: the list's rows in the list's order, with its filters. */
export interface ExportPlan {
  list: CsvExportList;
  columns: Column[];
  /** `table left join ...` */
  from: SQL;
  where: SQL | undefined;
  /** The list's order; the last term unique. */
  order: OrderTerm[];
}

type Row = Record<string, string | null>;

const read = (db: Db, query: SQL): Promise<Row[]> => executeRows<Row>(db, query);

/** Every row of the plan as an array of cells, in order; `counted.rows` counts the rows handed on. */
async function* cellsOf(
  db: Db,
  plan: ExportPlan,
  batch: number,
  counted: { rows: number },
  unmasked: boolean,
): AsyncGenerator<Array<string | null>> {
  const cells = sql.join(
    plan.columns.map((c, i) => sql`(${c.value})::text as ${sql.identifier(`c${i}`)}`),
    sql`, `,
  );
  for (let position: string[] | null = null; ;) {
    const where = and(plan.where, position ? after(plan.order, position) : undefined);
    const rows = await read(
      db,
      sql`select ${cells}, ${positionColumns(plan.order)} from ${plan.from} ${where ? sql`where ${where}` : sql``} order by ${orderBy(plan.order)} limit ${batch}`,
    );
    for (const row of rows) {
      yield plan.columns.map((c, i) => {
        const read = row[`c${i}`] ?? null;
        const v = c.personal && !unmasked ? maskValue(read) : read;
        return c.typed && v !== null ? safeCell(v) : v;
      });
      counted.rows += 1;
    }
    const last = rows.at(-1);
    if (rows.length < batch || !last) return;
    position = plan.order.map((_, i) => last[`k${i}`]!);
  }
}

export interface ExportRun {
  db: Db;
  plan: ExportPlan;
  /** The parsed query (search, filters, sort), for the audit row. */
  filters: Record<string, unknown>;
  /** Who asked: the audit row is written after the request's own context may be gone. */
  actor: Actor;
  /** Personal columns whole (the admin holds `pii.reveal`), else masked as the lists mask them. */
  unmasked: boolean;
}

/** The parsed query as the audit row keeps it: absent values left out, dates as ISO text. */
export const filtersOf = (query: Record<string, unknown>): Record<string, unknown> =>
  Object.fromEntries(
    Object.entries(query)
      .filter(([, v]) => v !== undefined)
      .map(([k, v]) => [k, v instanceof Date ? v.toISOString() : v]),
  );

/**
 * The rows, then the export's audit row (`list.export`: list, filters, rows, complete, unmasked). The row
 * is written when the last row is out, or when the stream stops early (the client went away,
 * a read failed) with `complete: false` and the rows handed on until then. A complete file
 * ends only after its audit row is committed: a failed audit write ends the response early.
 */
async function* auditedCells(run: ExportRun): AsyncGenerator<Array<string | null>> {
  const counted = { rows: 0 };
  let complete = false;
  try {
    yield* cellsOf(run.db, run.plan, EXPORT_TUNING.batch, counted, run.unmasked);
    complete = true;
  } finally {
    const details: ListExportDetails = {
      list: run.plan.list,
      filters: run.filters,
      rows: counted.rows,
      complete,
      unmasked: run.unmasked,
    };
    await runAsActor(run.actor, () =>
      writeAudit(run.db, { action: 'list.export', entity: 'list', entityId: run.plan.list, after: details }),
    );
  }
}

/**
 * The export as CSV (RFC 4180: CRLF, quotes doubled) in UTF-8 with a header row and a byte
 * order mark (spreadsheets then read names in any script). The first batch is read before the
 * answer starts, so a failing read is the request's error (its status, JSON); a failure once
 * the first bytes are out can only end the response early: it goes to `onError`.
 */
export async function exportCsv(run: ExportRun, onError: (error: Error) => void): Promise<Readable> {
  const cells = auditedCells(run);
  const first = await cells.next();
  async function* all(): AsyncGenerator<Array<string | null>> {
    if (first.done) return;
    yield first.value;
    yield* cells;
  }
  const csv = stringify({
    header: true,
    columns: run.plan.columns.map((c) => c.header),
    bom: true,
    record_delimiter: 'windows',
    quoted_match: /[;\t]/,
  });
  pipeline(Readable.from(all()), csv, (error) => {
    if (error) onError(error);
  });
  return csv;
}
