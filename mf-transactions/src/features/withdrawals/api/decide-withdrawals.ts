import {
  withdrawalBatchResponseSchema,
  type WithdrawalBatchAction,
  type WithdrawalBatchResult,
} from '@manager/contract';
import { checkedCall, http, useChange } from '@manager/platform';
import { keys } from '../../../query-keys';

/** The failure texts of a batch: the single-row calls' (docs/screens.md#withdrawals). */
const BATCH_FAILURES: Record<WithdrawalBatchAction, string> = {
  'without-transfer': 'Withdrawal without transfer failed: ',
  reject: 'Withdrawal rejection failed: ',
};

export interface BatchDecision {
  action: WithdrawalBatchAction;
  ids: number[];
}

/**
 * POST /withdrawals/batch: one call (so one "Confirm it's you") decides every selected row; the
 * answer has each row's outcome. Rejects with the failure text when the call itself failed
 * (nothing decided).
 */
export async function decideWithdrawals({ action, ids }: BatchDecision): Promise<WithdrawalBatchResult[]> {
  const body = await checkedCall(() => http.post('/withdrawals/batch', { action, ids }), {
    failed: BATCH_FAILURES[action],
    network: 'Network error occurred',
  });
  return withdrawalBatchResponseSchema.parse(body.data).results;
}

/** Either way the list is reloaded: some rows may have been decided by someone else. */
export const useDecideWithdrawals = () =>
  useChange(decideWithdrawals, keys.withdrawals.all(), { always: true });
