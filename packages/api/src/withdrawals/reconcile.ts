import { and, asc, eq, isNotNull, isNull, lte } from 'drizzle-orm';
import { AUDIT_SYSTEM_ACTORS } from '@manager/contract';
import type { Db } from '../db/client';
import { withdrawals } from '../db/schema/index';
import { runAsSystem } from '../lib/actor';
import { settleClaim } from './settle';
import { transferKey, type TransferPort } from './transfer-port';

interface ReconcileInput {
  port: TransferPort;
  now: Date;
  /** A claim at least this old (ms) is taken as abandoned: WITHDRAWAL_CLAIM_STALE_MS. */
  staleMs: number;
  /** Claims looked at per run, oldest first; the rest wait for the next run. */
  limit?: number;
}

export interface ReconcileReport {
  /** The transfer had happened: now decided `with-transfer`. */
  processed: number[];
  /** No transfer happened (or it failed for good): pending again. */
  released: number[];
  /** The port says the transfer is still under way: left claimed for a later run. */
  waiting: number[];
  /** The port could not answer: left claimed for a later run. */
  errors: Array<{ id: number; error: string }>;
}

/** Shown as `failureReason` on a withdrawal whose abandoned claim had no transfer behind it. */
export const INTERRUPTED_REASON = 'The transfer was interrupted before it happened; decide again';

/**
 * Settles transfer claims nobody ended (the API died, or its last transaction failed, between
 * claim and decision) by asking the port what became of the transfer under the claim's key:
 * done -> decided `with-transfer`, gift withdrawn, audited as `withdrawal.transfer_reconciled`
 * with the reference; not found or failed -> released to pending, audited as
 * `withdrawal.transfer_released` with the reason; pending -> asked again next run.
 *
 * Several processes may run this at once: each settlement is a conditional update of the claim
 * as it was read (same claim time, still undecided), so under the row lock one of them wins
 * and the others match nothing and write nothing. Its audit rows name `system:reconcile`.
 */
export const reconcileTransferClaims = (db: Db, input: ReconcileInput): Promise<ReconcileReport> =>
  runAsSystem(AUDIT_SYSTEM_ACTORS.reconcile, () => reconcile(db, input));

async function reconcile(db: Db, input: ReconcileInput): Promise<ReconcileReport> {
  const report: ReconcileReport = { processed: [], released: [], waiting: [], errors: [] };
  const cutoff = new Date(input.now.getTime() - input.staleMs);
  const claims = await db
    .select({
      id: withdrawals.id,
      key: withdrawals.transferKey,
      claimedAt: withdrawals.transferClaimedAt,
      claimedBy: withdrawals.decidedBy,
    })
    .from(withdrawals)
    .where(
      and(
        isNull(withdrawals.decision),
        isNotNull(withdrawals.transferClaimedAt),
        lte(withdrawals.transferClaimedAt, cutoff),
      ),
    )
    .orderBy(asc(withdrawals.transferClaimedAt), asc(withdrawals.id))
    .limit(input.limit ?? 100);

  for (const claim of claims) {
    const key = claim.key ?? transferKey(claim.id);
    const same = and(
      eq(withdrawals.id, claim.id),
      isNull(withdrawals.decision),
      eq(withdrawals.transferClaimedAt, claim.claimedAt!),
    );
    const end = { id: claim.id, where: same, adminId: null };
    const settled = await settleClaim(db, {
      ...end,
      port: input.port,
      key,
      now: input.now,
      actions: { processed: 'withdrawal.transfer_reconciled', released: 'withdrawal.transfer_released' },
      releaseReason: (status) => (status.state === 'failed' ? status.reason : INTERRUPTED_REASON),
    });
    if (settled.state === 'processed' && settled.row) report.processed.push(claim.id);
    else if (settled.state === 'released' && settled.written) report.released.push(claim.id);
    else if (settled.state === 'waiting') report.waiting.push(claim.id);
    else if (settled.state === 'unanswered') report.errors.push({ id: claim.id, error: settled.error });
  }
  return report;
}
