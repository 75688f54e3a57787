import { asc, count, desc, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgSelect, PgTable } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../db/client';

/** A page request of a list call (`page` from 1, `limit` rows a page), as the contract parses it. */
export interface PageQuery {
  page: number;
  limit: number;
}

/** Rows to skip before the requested page. */
const offsetOf = (q: PageQuery): number => (q.page - 1) * q.limit;

/** The shared part of every list's `pagination`; each call adds its own total (`totalItems`, `totalGames`...). */
export const pagesOf = (q: PageQuery, total: number) => ({ totalPages: Math.ceil(total / q.limit), currentPage: q.page });

/**
 * The requested page of a list, newest first (`created_at desc, id desc`, the order every
 * list's index serves). Pass the query as `.$dynamic()`.
 */
export function newestPage<S extends PgSelect>(select: S, table: { createdAt: AnyPgColumn; id: AnyPgColumn }, q: PageQuery) {
  return select.orderBy(desc(table.createdAt), desc(table.id)).limit(q.limit).offset(offsetOf(q));
}

/** How many rows of `table` match `where` (a list's total). */
export async function countWhere(db: DbOrTx, table: PgTable, where: SQL | undefined): Promise<number> {
  const [row] = await db.select({ n: count() }).from(table).where(where);
  return Number(row?.n ?? 0);
}

/** From this many skipped rows on, a page is read from the nearer end of its list (its total is read first). */
export const FAR_OFFSET = 5000;

/**
 * The ids of the requested page (newest first) and the list's total. `ids` reads the table
 * alone in its (created_at, id) index order, in the direction asked, so the rows skipped are
 * index entries, never joined rows; and a deep page is read from whichever end of the list is
 * nearer (page 18,000 of 20,000 skips 2,000 pages from the oldest end, then the rows are put
 * back newest first). Near the start, total and ids are read at once.
 */
export async function pageIds<Id>(
  q: PageQuery,
  total: () => Promise<number>,
  ids: (newestFirst: boolean, limit: number, offset: number) => Promise<Id[]>,
): Promise<{ ids: Id[]; total: number }> {
  const offset = offsetOf(q);
  if (offset < FAR_OFFSET) {
    const [n, rows] = await Promise.all([total(), ids(true, q.limit, offset)]);
    return { ids: rows, total: n };
  }
  const n = await total();
  if (offset >= n) return { ids: [], total: n };
  const end = Math.min(offset + q.limit, n);
  if (offset <= n - end) return { ids: await ids(true, q.limit, offset), total: n };
  const rows = await ids(false, end - offset, n - end);
  return { ids: rows.reverse(), total: n };
}

/** A `select id` of a list in its order, newest or oldest first, for pageIds. Pass the query as `.$dynamic()`. */
export function inListOrder<S extends PgSelect>(select: S, table: { createdAt: AnyPgColumn; id: AnyPgColumn }, newestFirst: boolean, limit: number, offset: number) {
  const dir = newestFirst ? desc : asc;
  return select.orderBy(dir(table.createdAt), dir(table.id)).limit(limit).offset(offset);
}
