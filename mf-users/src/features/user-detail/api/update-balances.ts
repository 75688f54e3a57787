import {
  SUCCESS_CODE,
  updateBalancesResponseSchema,
  type UpdateBalancesRequest,
  type UserDetail,
  type UserSummary,
} from '@manager/contract';
import { http, isApiError, isStepUpError, queryKeys, toast } from '@manager/platform';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { keys } from '../../../query-keys';

const BALANCE_ERRORS = {
  failed: 'Failed to update balances',
  network: (message: string) => `Network error: ${message}`,
  changed: 'Balances changed since you opened them',
} as const;
/** The toast of a stored save (the API's message of the same call). */
export const BALANCES_SAVED = 'Balances updated successfully';

/**
 * The save was refused (409) because the stored balances are no longer those the form opened
 * with; `current` is the player as stored now (absent if the answer did not carry it).
 */
export class BalancesChangedError extends Error {
  constructor(
    readonly current: UserSummary | undefined,
    options?: ErrorOptions,
  ) {
    super(BALANCE_ERRORS.changed, options);
    this.name = 'BalancesChangedError';
  }
}

/** A save: the request, and what it changes in words (the step-up prompt shows them). */
export interface BalancesSave {
  body: UpdateBalancesRequest;
  summary: readonly string[];
}

/** PUT /users/{telegramId}/balances; resolves the stored user. */
export async function updateBalances(
  telegramId: string,
  { body, summary }: BalancesSave,
): Promise<UserSummary> {
  let res;
  try {
    res = await http.put(`/users/${encodeURIComponent(telegramId)}/balances`, body, {
      stepUpSummary: summary,
    });
  } catch (error) {
    if (isApiError(error) && error.status === undefined)
      throw new Error(BALANCE_ERRORS.network(error.message), { cause: error });
    // The admin cancelled "Confirm it's you": nothing was sent, and the toast says so.
    if (isStepUpError(error)) throw new Error(error.message, { cause: error });
    if (isApiError(error) && error.status === 409) {
      const current = updateBalancesResponseSchema.safeParse(
        (error.data as { data?: unknown } | undefined)?.data,
      );
      throw new BalancesChangedError(current.success ? current.data : undefined, { cause: error });
    }
    throw new Error(BALANCE_ERRORS.failed, { cause: error });
  }
  const parsed = updateBalancesResponseSchema.safeParse(res?.data);
  if (res?.code !== SUCCESS_CODE || !parsed.success) throw new Error(BALANCE_ERRORS.failed);
  return parsed.data;
}

/**
 * Saves balances. The detail shows the stored values at once: the saved ones, or on a 409 the
 * ones another change stored meanwhile; either way every users list, the shell's dashboard
 * totals and the audit trail (same query client) refetch.
 */
export function useUpdateBalances(telegramId: string) {
  const client = useQueryClient();
  const show = (user: UserSummary) =>
    client.setQueryData<UserDetail>(keys.users.detail(telegramId), (old) =>
      old ? { ...old, ...user } : old,
    );
  const refreshOthers = () => {
    void client.invalidateQueries({ queryKey: keys.users.all() });
    void client.invalidateQueries({ queryKey: queryKeys.dashboard() });
    // The change is a new audit row: the player's History and the log show it.
    void client.invalidateQueries({ queryKey: queryKeys.audit.all() });
  };
  return useMutation({
    mutationFn: (save: BalancesSave) => updateBalances(telegramId, save),
    onSuccess: (user) => {
      show(user);
      refreshOthers();
      toast.success(BALANCES_SAVED);
    },
    onError: (error) => {
      if (error instanceof BalancesChangedError) {
        if (error.current) show(error.current);
        refreshOthers();
      }
      toast.error(error.message);
    },
  });
}
