import { asc, desc, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { PgSelect } from 'drizzle-orm/pg-core';
import type { SortParam } from '@manager/contract';
import { pagesOf } from './pages';

/**
 * The parsed query of a list answered whole or by page (`wholeOrPageQuery` of the contract,
 * `docs/api.md#lists`): without `page` the whole list, with it that page of `limit` rows.
 */
export interface WholeOrPage<K extends string = string> {
  page?: number;
  limit: number;
  search?: string;
  sort?: SortParam<K>;
}

export type Paged = { page: number; limit: number };
export const isPaged = (q: { page?: number; limit: number }): q is Paged => q.page !== undefined;

/**
 * A list's ORDER BY. A sort names a key of `keys`: that key in its direction, ties broken by
 * `id` in the same direction, so every page boundary is stable and a (key, id) index serves the
 * order read either way. A key in `nullsLast` (a nullable column) puts its nulls last in either
 * direction. No sort: `fallback`, the list's default order, which its index serves.
 */
export function orderOf<K extends string>(
  sort: SortParam<K> | undefined,
  keys: Record<K, SQLWrapper>,
  id: SQLWrapper,
  fallback: SQL[],
  nullsLast: readonly K[] = [],
): SQL[] {
  if (!sort) return fallback;
  const descending = sort.startsWith('-');
  const key = (descending ? sort.slice(1) : sort) as K;
  const column = keys[key];
  const dir = descending ? desc : asc;
  if (nullsLast.includes(key))
    return [descending ? sql`${column} desc nulls last` : sql`${column} asc nulls last`, dir(id)];
  return [dir(column), dir(id)];
}

/** The rows of the requested page of an ordered select (pass it `.$dynamic()`). */
export const pageOf = <S extends PgSelect>(select: S, q: Paged) =>
  select.limit(q.limit).offset((q.page - 1) * q.limit);

/** A page's `pagination`: pages, the current one and the list's total under its own name (`totalOrders`...). */
export const paginationOf = <K extends string>(q: Paged, total: number, totalKey: K) =>
  ({ ...pagesOf(q, total), [totalKey]: total }) as { totalPages: number; currentPage: number } & Record<
    K,
    number
  >;
