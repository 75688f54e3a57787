import type { Withdrawal } from '@manager/contract';
import { PAGE_SIZES } from '@manager/contract';
import { useClientPages } from '@manager/platform';
import { useMemo, useState } from 'react';

export type StatusFilter = 'all' | 'pending' | 'approved';

/** Approved once, waiting for a second administrator (a withdrawal at or above the threshold). */
export const awaitingSecondApproval = (w: Withdrawal) => !w.status && !w.rejected && Boolean(w.firstApproval);

/** Search by username, status filter, counters and client pagination (10 per page). */
export function useWithdrawalView(all: Withdrawal[]) {
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState<StatusFilter>('all');

  // Awaiting a second approval is still pending: counted in both, and listed under Pending.
  const counts = useMemo(() => {
    const approved = all.filter((w) => w.status).length;
    const awaiting = all.filter(awaitingSecondApproval).length;
    return { pending: all.length - approved, awaiting, approved, total: all.length };
  }, [all]);

  const filtered = useMemo(() => {
    const needle = search.trim().toLowerCase();
    return all.filter(
      (w) =>
        (status === 'all' || (status === 'approved') === w.status) &&
        (!needle || (w.user?.username ?? '').toLowerCase().includes(needle)),
    );
  }, [all, search, status]);

  const pageSize = PAGE_SIZES.WITHDRAWALS;
  const { page, setPage, visible, resetting } = useClientPages(filtered, pageSize);
  return {
    search,
    status,
    // Changing filters or search resets to page 1.
    setSearch: resetting(setSearch),
    setStatus: resetting(setStatus),
    counts,
    filtered,
    rows: visible,
    page,
    pageSize,
    setPage,
  };
}
