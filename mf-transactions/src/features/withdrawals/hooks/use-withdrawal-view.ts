import type { Withdrawal } from '@manager/contract';
import { PAGE_SIZES } from '@manager/contract';
import { useMemo, useState } from 'react';

export type StatusFilter = 'all' | 'pending' | 'approved';

/** Search by username, status filter, counters and client pagination (10 per page). */
export function useWithdrawalView(all: Withdrawal[]) {
  const [search, setSearchText] = useState('');
  const [status, setStatusFilter] = useState<StatusFilter>('all');
  const [page, setPage] = useState(1);

  const counts = useMemo(() => {
    const approved = all.filter((w) => w.status).length;
    return { pending: all.length - approved, approved, total: all.length };
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
  const lastPage = Math.max(1, Math.ceil(filtered.length / pageSize));
  const current = Math.min(page, lastPage);
  return {
    search,
    status,
    // Changing filters or search resets to page 1 (spec section 4).
    setSearch: (value: string) => {
      setSearchText(value);
      setPage(1);
    },
    setStatus: (value: StatusFilter) => {
      setStatusFilter(value);
      setPage(1);
    },
    counts,
    filtered,
    rows: filtered.slice((current - 1) * pageSize, current * pageSize),
    page: current,
    pageSize,
    setPage,
  };
}
