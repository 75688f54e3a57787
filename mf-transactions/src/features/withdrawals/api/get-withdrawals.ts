import { calls, type Withdrawal } from '@manager/contract';
import { fetchData, queryKeys } from '@manager/platform';
import { useQuery } from '@tanstack/react-query';

/** GET /withdrawals. List failures are silent: any failure is an empty list. */
const getWithdrawals = (): Promise<Withdrawal[]> => fetchData(calls.withdrawals, { fallback: [] });

export function useWithdrawals() {
  return useQuery({ queryKey: queryKeys.withdrawals.list(), queryFn: getWithdrawals });
}
