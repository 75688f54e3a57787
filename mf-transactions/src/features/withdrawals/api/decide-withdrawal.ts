import {
  FIRST_APPROVAL_MESSAGE,
  SUCCESS_CODE,
  type Withdrawal,
  type WithdrawalAction,
} from '@manager/contract';
import { http, isApiError, serverMessage, toast, useChange } from '@manager/platform';
import { keys } from '../../../query-keys';

/** docs/screens.md: one success and one failure text per decision. */
const DECISION_TEXTS: Record<WithdrawalAction, { success: string; failure: string }> = {
  'with-transfer': {
    success: 'Withdrawal with transfer processed successfully',
    failure: 'Withdrawal with transfer failed',
  },
  'without-transfer': {
    success: 'Withdrawal without transfer processed successfully',
    failure: 'Withdrawal without transfer failed',
  },
  reject: { success: 'Withdrawal rejected successfully', failure: 'Withdrawal rejection failed' },
};
const NETWORK_ERROR = 'Network error occurred';

interface Decision {
  action: WithdrawalAction;
  withdrawal: Withdrawal;
}

/** The failure toast: the text of docs/screens.md#withdrawals, plus the server's reason when it gave one. */
function failureText(action: WithdrawalAction, body: unknown): string {
  const reason = serverMessage(body);
  return reason ? `${DECISION_TEXTS[action].failure}: ${reason}` : DECISION_TEXTS[action].failure;
}

/**
 * A large withdrawal's first approval answers 200 with nothing moved: the row stays pending
 * with `firstApproval` set, and the server's message says a second administrator must confirm.
 */
function firstApprovalOf(body: { data?: unknown; message?: unknown }): string | null {
  const data = body.data as Partial<Withdrawal> | undefined;
  if (!data || data.status !== false || !data.firstApproval) return null;
  return serverMessage(body) ?? FIRST_APPROVAL_MESSAGE;
}

/**
 * POST /withdrawals/{action} with the whole withdrawal object (the server reads only its id).
 * Resolves true on code 200. Shows the documented toasts itself; throws nothing.
 */
export async function decideWithdrawal({ action, withdrawal }: Decision): Promise<boolean> {
  try {
    const body = await http.post(`/withdrawals/${action}`, withdrawal);
    if (body?.code === SUCCESS_CODE) {
      toast.success((action !== 'reject' && firstApprovalOf(body)) || DECISION_TEXTS[action].success);
      return true;
    }
    toast.error(failureText(action, body));
  } catch (error) {
    const answered = isApiError(error) && error.status !== undefined;
    toast.error(answered ? failureText(action, error.data) : NETWORK_ERROR);
  }
  return false;
}

/** Either way the list is reloaded: after a refusal another admin has decided the row. */
export const useDecideWithdrawal = () =>
  useChange(decideWithdrawal, keys.withdrawals.all(), { always: true });
