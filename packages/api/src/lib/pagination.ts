import { count, desc, type SQL } from 'drizzle-orm';
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
