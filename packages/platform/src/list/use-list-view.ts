import { useEffect, useMemo } from 'react';
import type { ListState } from './use-list-state.ts';

/** One page as a server answers it: its rows, how many rows match, the list's counters. */
export interface ListPage<Row, Stats = undefined> {
  rows: readonly Row[];
  total: number;
  stats?: Stats;
}

/**
 * A list call's answer: the whole list (an API that does not page it; the provider's
 * API for eight lists) or the page the query asked for.
 */
export type ListAnswer<Row, Stats = undefined> = readonly Row[] | ListPage<Row, Stats>;

/** How the console does on its own what a paging server does: used only on a whole list. */
export interface ClientRules<Row, Stats> {
  /** Whether a row passes the list's search and filters. */
  match?: (row: Row) => boolean;
  /** The order of a sort (`key` or `-key`); the list's default order when absent. */
  compare?: (sort: string) => ((a: Row, b: Row) => number) | undefined;
  /** The counters, from every row and from the filtered ones. */
  stats?: (all: readonly Row[], filtered: readonly Row[]) => Stats;
  /** Anything else `match`, `compare` or `stats` read (the clock of a status filter). */
  deps?: readonly unknown[];
  /**
   * The answer is another view's, kept on screen while this one loads (react-query's
   * `isPlaceholderData`): its total says nothing of this view's pages, so the page asked for
   * is kept as it is.
   */
  stale?: boolean;
}

export interface ListView<Row, Stats> {
  /** The rows of the page shown. */
  rows: readonly Row[];
  /** Rows matching the search and filters (the pagination's total). */
  total: number;
  stats: Stats | undefined;
  /** The page shown: the asked one, or the last when the list has fewer pages. */
  page: number;
  pageSize: number;
  /** True when the server paged the list. */
  paged: boolean;
  /** No answer yet. */
  loading: boolean;
}

/** What the view reads of a list's state (any `ListState` fits). */
export type ListPosition = Pick<ListState, 'query' | 'page' | 'pageSize' | 'setPage'> & {
  sort: string | undefined;
};

const NO_ROWS: readonly never[] = [];

/**
 * The rows, total and counters a list shows, from a server page as it is or from a whole list
 * filtered, sorted and cut into pages here with the list's `ClientRules`: one code path for
 * both kinds of API. A page past the last (a link kept while rows were deleted) moves to the
 * last page, replacing the history entry, once the answer is this view's own (`stale`).
 */
export function useListView<Row, Stats = undefined>(
  list: ListPosition,
  answer: ListAnswer<Row, Stats> | undefined,
  client: ClientRules<Row, Stats> = {},
): ListView<Row, Stats> {
  const whole =
    answer === undefined || Array.isArray(answer) ? (answer as readonly Row[] | undefined) : undefined;
  const stateKey = JSON.stringify({ ...list.query, page: 0 });
  const filtered = useMemo(() => {
    if (!whole) return undefined;
    const matching = client.match ? whole.filter(client.match) : whole;
    const order = list.sort ? client.compare?.(list.sort) : undefined;
    return order ? [...matching].sort(order) : matching;
    // The rules read only the list's state (stateKey) and their own deps.
  }, [whole, stateKey, ...(client.deps ?? [])]);
  const wholeStats = useMemo(
    () => (whole && filtered && client.stats ? client.stats(whole, filtered) : undefined),
    [whole, filtered, ...(client.deps ?? [])],
  );

  const { pageSize } = list;
  const server =
    answer !== undefined && !Array.isArray(answer) ? (answer as ListPage<Row, Stats>) : undefined;
  const total = server ? server.total : (filtered?.length ?? 0);
  const last = Math.max(1, Math.ceil(total / pageSize));
  const page = client.stale ? list.page : Math.min(list.page, last);

  const beyondLast = answer !== undefined && !client.stale && list.page > last;
  useEffect(() => {
    if (beyondLast) list.setPage(last, { replace: true });
  }, [beyondLast, last]);

  if (server)
    return { rows: server.rows, total, stats: server.stats, page, pageSize, paged: true, loading: false };
  const rows = filtered ? filtered.slice((page - 1) * pageSize, page * pageSize) : NO_ROWS;
  return { rows, total, stats: wholeStats, page, pageSize, paged: false, loading: answer === undefined };
}

/**
 * What the console's `Pagination` takes for a list: the view's page and total, and the page
 * size choice kept in the address. `<Pagination {...listPager(list, view)} />` on every list.
 */
export function listPager(
  list: Pick<ListState, 'setPage' | 'pageSizes' | 'setPageSize' | 'defaultPageSize'>,
  view: Pick<ListView<unknown, unknown>, 'page' | 'pageSize' | 'total'>,
) {
  return {
    page: view.page,
    pageSize: view.pageSize,
    total: view.total,
    onChange: (page: number) => list.setPage(page),
    pageSizes: list.pageSizes,
    onPageSize: list.setPageSize,
    defaultPageSize: list.defaultPageSize,
  };
}
