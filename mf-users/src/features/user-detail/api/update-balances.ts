import {
  SUCCESS_CODE,
  updateBalancesResponseSchema,
  type UpdateBalancesRequest,
  type UserDetail,
  type UserSummary,
} from '@manager/contract';
import { http, isApiError, queryKeys, toast } from '@manager/platform';
import { useMutation, useQueryClient } from '@tanstack/react-query';

const BALANCE_ERRORS = {
  failed: 'Failed to update balances',
  network: (message: string) => `Network error: ${message}`,
} as const;

/** PUT /users/{telegramId}/balances; resolves the stored user. */
export async function updateBalances(telegramId: string, body: UpdateBalancesRequest): Promise<UserSummary> {
  let res;
  try {
    res = await http.put(`/users/${encodeURIComponent(telegramId)}/balances`, body);
  } catch (error) {
    if (isApiError(error) && error.status === undefined) throw new Error(BALANCE_ERRORS.network(error.message), { cause: error });
    throw new Error(BALANCE_ERRORS.failed, { cause: error });
  }
  const parsed = updateBalancesResponseSchema.safeParse(res?.data);
  if (res?.code !== SUCCESS_CODE || !parsed.success) throw new Error(BALANCE_ERRORS.failed);
  return parsed.data;
}

/**
 * Saves balances; on success the detail shows the stored values at once, and every users list
 * and the shell's dashboard totals (same query client) refetch.
 */
export function useUpdateBalances(telegramId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateBalancesRequest) => updateBalances(telegramId, body),
    onSuccess: (user) => {
      client.setQueryData<UserDetail>(queryKeys.users.detail(telegramId), (old) => (old ? { ...old, ...user } : old));
      void client.invalidateQueries({ queryKey: queryKeys.users.all() });
      void client.invalidateQueries({ queryKey: queryKeys.dashboard() });
    },
    onError: (error) => {
      toast.error(error.message);
    },
  });
}
