import { PAGE_SIZES, WITHDRAWAL_SORTS, type Withdrawal, type WithdrawalCounts } from '@manager/contract';
import { useListState, useListView, type ListQuery } from '@manager/platform';
import { useWithdrawals } from '../api/get-withdrawals';

export type StatusFilter = 'all' | 'pending' | 'approved' | 'rejected';
export type WithdrawalSort = (typeof WITHDRAWAL_SORTS)[number];

/** Approved once, waiting for a second administrator (a withdrawal at or above the threshold). */
export const awaitingSecondApproval = (w: Withdrawal) => !w.status && !w.rejected && Boolean(w.firstApproval);

/**
 * The counters over every withdrawal: awaiting a second approval is still pending (counted in
 * both); rejected ones are outside the total, as the API counts them.
 */
export function countWithdrawals(all: readonly Withdrawal[]): WithdrawalCounts {
  const rejected = all.filter((w) => w.rejected).length;
  const approved = all.filter((w) => w.status).length;
  const total = all.length - rejected;
  return {
    pending: total - approved,
    awaiting: all.filter(awaitingSecondApproval).length,
    approved,
    total,
    rejected,
  };
}

/** What each status filter keeps: rejected rows only under their own filter. */
const FILTERS: Record<StatusFilter, (w: Withdrawal) => boolean> = {
  all: (w) => !w.rejected,
  pending: (w) => !w.rejected && !w.status,
  approved: (w) => w.status,
  rejected: (w) => Boolean(w.rejected),
};

const SORT_VALUES: Record<WithdrawalSort, (w: Withdrawal) => number> = {
  createdAt: (w) => Date.parse(w.createdAt),
  price: (w) => w.price,
};

/** The API's order for a sort: the key's order, ties by id descending (docs/api.md#lists). */
export function compareWithdrawals(sort: string): ((a: Withdrawal, b: Withdrawal) => number) | undefined {
  const value = SORT_VALUES[sort.replace(/^-/, '') as WithdrawalSort];
  if (!value) return undefined;
  const direction = sort.startsWith('-') ? -1 : 1;
  return (a, b) => direction * (value(a) - value(b)) || b.id - a.id;
}

/**
 * The withdrawals list: search by username, the Pending (default) / All / Approved / Rejected filter, the sort and
 * the page (10, or the Rows per page choice) in the URL; the call asks for that page. A paging API answers the page
 * and the counters; a whole list is filtered, sorted, counted and paged here the same way.
 */
export function useWithdrawalList() {
  const list = useListState({
    pageSize: PAGE_SIZES.WITHDRAWALS,
    // Pending first: the default view (left out of the URL) is the queue.
    filters: { status: ['pending', 'all', 'approved', 'rejected'] },
    sorts: WITHDRAWAL_SORTS,
  });
  // All is the API's default (no status): every withdrawal but rejected ones.
  const { status: asked, ...rest } = list.query;
  const query: ListQuery = asked === 'all' ? rest : { ...rest, status: asked ?? 'pending' };
  const { data, isPending, isPlaceholderData } = useWithdrawals(query);
  const needle = list.settledSearch.toLowerCase();
  const status = list.filters.status as StatusFilter;
  const view = useListView(list, data, {
    stale: isPlaceholderData,
    match: (w) => FILTERS[status](w) && (!needle || (w.user?.username ?? '').toLowerCase().includes(needle)),
    compare: compareWithdrawals,
    stats: (all) => countWithdrawals(all),
  });
  // A reload after a decision keeps the rows usable; only another view's rows wait under a spinner.
  return { list, query, view, status, loading: isPending || isPlaceholderData, counting: isPending };
}
