import { calls, type Withdrawal, type WithdrawalCounts } from '@manager/contract';
import { fetchData, type ListAnswer, type ListQuery } from '@manager/platform';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { keys } from '../../../query-keys';

export type WithdrawalsAnswer = ListAnswer<Withdrawal, WithdrawalCounts>;

/**
 * GET /withdrawals?page&limit=10&search&status&sort. A paging API answers the page and the
 * counters; the provider's answers every withdrawal, which the list pages itself. List
 * failures are silent: any failure is an empty list.
 */
async function getWithdrawals(query: ListQuery): Promise<WithdrawalsAnswer> {
  const data = await fetchData(calls.withdrawals, { params: query, fallback: [] });
  if (Array.isArray(data)) return data;
  return { rows: data.withdrawals, total: data.pagination.totalWithdrawals, stats: data.counts };
}

export function useWithdrawals(query: ListQuery) {
  return useQuery({
    queryKey: keys.withdrawals.list(query),
    queryFn: () => getWithdrawals(query),
    placeholderData: keepPreviousData,
  });
}
