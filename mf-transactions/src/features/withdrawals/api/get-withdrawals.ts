import { calls, type Withdrawal } from '@manager/contract';
import { fetchData, queryKeys } from '@manager/platform';
import { useQuery } from '@tanstack/react-query';

/** GET /withdrawals. List failures are silent: any failure is an empty list. */
const getWithdrawals = (): Promise<Withdrawal[]> => fetchData(calls.withdrawals, { fallback: [] });

/** The list's query: `useWithdrawals` and the route's `prefetch` (routes.tsx) share it. */
export const withdrawalsQuery = () => ({ queryKey: queryKeys.withdrawals.list(), queryFn: getWithdrawals });

export function useWithdrawals() {
  return useQuery(withdrawalsQuery());
}
