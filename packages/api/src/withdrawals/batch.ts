import { eq } from 'drizzle-orm';
import {
  FIRST_APPROVAL_MESSAGE,
  type WithdrawalBatchAction,
  type WithdrawalBatchResult,
} from '@manager/contract';
import type { Db } from '../db/client';
import { withdrawals } from '../db/schema/index';
import { AppError } from '../lib/envelope';
import { decideWithdrawal } from './decision-repository';
import type { TransferPort } from './transfer-port';

interface BatchInput {
  ids: number[];
  action: WithdrawalBatchAction;
  reason?: string | undefined;
  adminId: number;
  now: Date;
  port: TransferPort;
  dualApprovalMinTon: number;
}

const SUCCESS: Record<WithdrawalBatchAction, string> = {
  'without-transfer': 'Withdrawal without transfer processed successfully',
  reject: 'Withdrawal rejected successfully',
};

/** Whether a refused row was decided (or claimed) by someone else: then nothing is left to do. */
async function decidedElsewhere(db: Db, id: number): Promise<boolean> {
  const [row] = await db
    .select({ decision: withdrawals.decision, claimed: withdrawals.transferClaimedAt })
    .from(withdrawals)
    .where(eq(withdrawals.id, id));
  return row !== undefined && (row.decision !== null || row.claimed !== null);
}

/**
 * `POST /withdrawals/batch`: each id decided by `decideWithdrawal`, one after the other, each in
 * its own transaction with its own row lock and audit row, exactly as the single-row call does.
 * So two admins' overlapping batches decide every withdrawal once: the second to reach a row
 * waits on its lock, then finds it decided (`already-decided`). One id's refusal or failure
 * changes nothing of the others; an unexpected error (not an AppError) is reported on its id
 * too, and the batch goes on.
 */
export async function decideBatch(db: Db, input: BatchInput): Promise<WithdrawalBatchResult[]> {
  const results: WithdrawalBatchResult[] = [];
  for (const id of input.ids) {
    try {
      const decided = await decideWithdrawal(db, { ...input, id });
      results.push(
        decided.firstApproval
          ? { id, outcome: 'first-approval', message: FIRST_APPROVAL_MESSAGE }
          : { id, outcome: 'decided', message: SUCCESS[input.action] },
      );
    } catch (error) {
      if (!(error instanceof AppError)) {
        results.push({ id, outcome: 'error', message: 'The decision failed; nothing changed' });
        continue;
      }
      const taken = error.statusCode === 409 && (await decidedElsewhere(db, id));
      results.push({ id, outcome: taken ? 'already-decided' : 'error', message: error.message });
    }
  }
  return results;
}
