import { SUCCESS_CODE, withdrawalsResponseSchema, type Withdrawal } from '@manager/contract';
import { http, queryKeys } from '@manager/platform';
import { useQuery } from '@tanstack/react-query';

/** GET /withdrawals. The spec makes list failures silent: any failure is an empty list. */
export async function getWithdrawals(): Promise<Withdrawal[]> {
  try {
    const body = await http.get('/withdrawals');
    if (body?.code !== SUCCESS_CODE) return [];
    const parsed = withdrawalsResponseSchema.safeParse(body.data);
    return parsed.success ? parsed.data : [];
  } catch {
    return [];
  }
}

/** The list's query: `useWithdrawals` and the route's `prefetch` (routes.tsx) share it. */
export const withdrawalsQuery = () => ({ queryKey: queryKeys.withdrawals.list(), queryFn: getWithdrawals });

export function useWithdrawals() {
  return useQuery(withdrawalsQuery());
}
