import { and, asc, desc, gte, lt, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgSelect } from 'drizzle-orm/pg-core';
import { DAY_MS } from '../utc-days';
import type { DayCount } from './day-counts';

/** A page request of a list call (`page` from 1, `limit` rows a page), as the contract parses it. */
export interface PageQuery {
  page: number;
  limit: number;
}

/** Rows to skip before the requested page. */
const offsetOf = (q: PageQuery): number => (q.page - 1) * q.limit;

/** The shared part of every list's `pagination`; each call adds its own total (`totalItems`, `totalGames`...). */
export const pagesOf = (q: PageQuery, total: number) => ({
  totalPages: Math.ceil(total / q.limit),
  currentPage: q.page,
});

/** From this many skipped rows on, a page is read from the nearer end of its list (its total is read first). */
export const FAR_OFFSET = 5000;

/** The ids pageIds asks for: `limit` rows after `offset`, newest or oldest first. */
export interface IdsRead {
  newestFirst: boolean;
  limit: number;
  offset: number;
  /** A UTC midnight: newest first, only rows created before it; oldest first, at or after it. */
  edge?: Date;
}

/**
 * The ids of the requested page (newest first) and the list's total. `ids` reads the table
 * alone in its (created_at, id) index order, in the direction asked, so the rows skipped are
 * index entries, never joined rows; and a deep page is read from whichever end of the list is
 * nearer (page 18,000 of 20,000 skips 2,000 pages from the oldest end, then the rows are put
 * back newest first). Near the start, total and ids are read at once.
 *
 * `days` (the list's rows per UTC day, newest day first, exact) positions a deep page without
 * walking the index up to it: the days before the one holding the page's first row are
 * skipped by their counts, and the index is entered at that day's edge, so at most one day's
 * rows are skipped (about 11,000 games on the busiest day instead of 100,000 entries).
 */
export async function pageIds<Id>(
  q: PageQuery,
  total: () => Promise<number>,
  ids: (read: IdsRead) => Promise<Id[]>,
  days?: () => Promise<DayCount[]>,
): Promise<{ ids: Id[]; total: number }> {
  const offset = offsetOf(q);
  if (offset < FAR_OFFSET) {
    const [n, rows] = await Promise.all([total(), ids({ newestFirst: true, limit: q.limit, offset })]);
    return { ids: rows, total: n };
  }
  const [n, perDay] = await Promise.all([total(), days?.()]);
  if (offset >= n) return { ids: [], total: n };
  const end = Math.min(offset + q.limit, n);
  const read: IdsRead =
    offset <= n - end
      ? { newestFirst: true, limit: q.limit, offset }
      : { newestFirst: false, limit: end - offset, offset: n - end };
  const rows = await ids(perDay ? withinDay(read, perDay) : read);
  return { ids: read.newestFirst ? rows : rows.reverse(), total: n };
}

/**
 * The same rows read from the edge of the day that holds the read's first row: the days
 * before it (in the read's direction) are left out by the edge, and their rows taken off the
 * offset. Counts that do not reach the offset (written between the total and the days were
 * read), or an edge outside the years 1 to 9999 (no ISO text PostgreSQL reads back), leave
 * the read as it was.
 */
function withinDay(read: IdsRead, newestFirst: DayCount[]): IdsRead {
  let before = 0;
  for (const d of read.newestFirst ? newestFirst : [...newestFirst].reverse()) {
    if (before + d.n > read.offset) {
      const edge = new Date(read.newestFirst ? d.start + DAY_MS : d.start);
      const year = edge.getUTCFullYear();
      return year >= 1 && year <= 9999 ? { ...read, offset: read.offset - before, edge } : read;
    }
    before += d.n;
  }
  return read;
}

/** A `select id` of a list in its order for pageIds: the rows of `where` the read asks for. Pass the query as `.$dynamic()`. */
export function inListOrder<S extends PgSelect>(
  select: S,
  table: { createdAt: AnyPgColumn; id: AnyPgColumn },
  where: SQL | undefined,
  read: IdsRead,
) {
  const dir = read.newestFirst ? desc : asc;
  const edge =
    read.edge && (read.newestFirst ? lt(table.createdAt, read.edge) : gte(table.createdAt, read.edge));
  return select
    .where(and(where, edge))
    .orderBy(dir(table.createdAt), dir(table.id))
    .limit(read.limit)
    .offset(read.offset);
}
