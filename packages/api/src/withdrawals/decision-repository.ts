import { and, eq, isNotNull, isNull, ne } from 'drizzle-orm';
import type { Withdrawal, WithdrawalAction } from '@manager/contract';
import { writeAudit } from '../db/audit';
import type { Db, Tx } from '../db/client';
import { withdrawals } from '../db/schema/index';
import { AppError, conflict, notFound } from '../plugins/envelope';
import { readWithdrawal } from './repository';
import { giveBack, markGift, open, recordTransfer, releaseClaim, snapshot } from './settle';
import { transferKey, type TransferPort } from './transfer-port';

interface DecisionInput {
  id: number;
  adminId: number;
  action: WithdrawalAction;
  now: Date;
  port: TransferPort;
}

/** Why a conditional update matched nothing: unknown id, or someone decided first. */
async function refusal(db: Db | Tx, id: number): Promise<AppError> {
  const [row] = await db.select({ decision: withdrawals.decision }).from(withdrawals).where(eq(withdrawals.id, id));
  if (!row) return notFound(`Withdrawal ${id} not found`);
  if (row.decision === null) return conflict(`Withdrawal ${id} is being processed by another decision`);
  return conflict(`Withdrawal ${id} was already decided (${row.decision})`);
}

/**
 * Decides a pending withdrawal exactly once. Approving without transfer and rejecting are one
 * transaction each: a conditional UPDATE (`where decision is null and transfer_claimed_at is
 * null`), the money/gift movement and the audit row commit together; a concurrent second
 * decision waits on the row lock, then matches nothing and is refused with 409.
 *
 * Approving with a transfer cannot hold a database transaction open across the transfer (a
 * commit failing after the gift left would lose the record), so it first commits a claim
 * (`transfer_claimed_at`, `transfer_key`, `decided_by`; decision still null: nobody else can
 * decide it), calls the port once with the key, then either records the transfer (decision +
 * gift + audit in one transaction) or releases the claim with the failure reason, leaving the
 * withdrawal pending. A claim this process never ended is settled by reconcile.ts.
 */
export async function decideWithdrawal(db: Db, input: DecisionInput): Promise<Withdrawal> {
  if (input.action === 'with-transfer') return approveWithTransfer(db, input);
  await db.transaction(async (tx) => {
    const approve = input.action === 'without-transfer';
    const [row] = await tx
      .update(withdrawals)
      .set({
        decision: approve ? 'without-transfer' : 'rejected',
        status: approve,
        decidedBy: input.adminId,
        decidedAt: input.now,
      })
      .where(open(input.id))
      .returning();
    if (!row) throw await refusal(tx, input.id);
    if (approve) await markGift(tx, row, 'withdrawn');
    else await giveBack(tx, row);
    await writeAudit(tx, {
      adminId: input.adminId,
      action: approve ? 'withdrawal.approve_without_transfer' : 'withdrawal.reject',
      entity: 'withdrawal',
      entityId: row.id,
      before: { status: false, decision: null },
      after: { ...snapshot(row), decidedAt: input.now.toISOString() },
    });
  });
  return (await readWithdrawal(db, input.id))!;
}

async function approveWithTransfer(db: Db, input: DecisionInput): Promise<Withdrawal> {
  const key = transferKey(input.id);
  const [claimed] = await db
    .update(withdrawals)
    .set({ decidedBy: input.adminId, transferClaimedAt: input.now, transferKey: key })
    // A gift transfer needs the gift: a TON withdrawal, or one whose gift row is gone, is never claimed.
    .where(and(open(input.id), ne(withdrawals.currency, 'TON'), isNotNull(withdrawals.inventoryId)))
    .returning();
  if (!claimed) {
    const [row] = await db
      .select({ currency: withdrawals.currency, decision: withdrawals.decision, claimedAt: withdrawals.transferClaimedAt })
      .from(withdrawals)
      .where(eq(withdrawals.id, input.id));
    // Already decided (or being decided) is the answer that matters most: 409 before any 400.
    if (!row || row.decision !== null || row.claimedAt !== null) throw await refusal(db, input.id);
    if (row.currency === 'TON') throw new AppError(400, 'TON withdrawals cannot be approved with a gift transfer');
    throw new AppError(400, 'This withdrawal has no gift to transfer: approve it without transfer or reject it');
  }
  // The claim is committed before the port is called: if this process dies from here on, the
  // reconciler finds it and asks the port what became of the transfer under `key`.
  const mine = and(
    eq(withdrawals.id, input.id),
    isNull(withdrawals.decision),
    eq(withdrawals.decidedBy, input.adminId),
    eq(withdrawals.transferClaimedAt, input.now),
  );
  let reference: string;
  try {
    reference = (
      await input.port.transfer({
        key,
        withdrawalId: claimed.id,
        telegramId: claimed.telegramId,
        currency: claimed.currency,
        amount: claimed.price,
        inventoryId: claimed.inventoryId,
        wallet: claimed.wallet,
      })
    ).reference;
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    await releaseClaim(db, { id: claimed.id, where: mine, adminId: input.adminId, action: 'withdrawal.transfer_failed', reason });
    throw new AppError(502, `Transfer failed: ${reason}`);
  }
  // The receipt in hand is the truth, so it is recorded while the row is undecided, even if a
  // reconciler released the claim meanwhile (only possible when the call outlived
  // WITHDRAWAL_CLAIM_STALE_MS): a port never moves twice under one key.
  const recorded = await recordTransfer(db, {
    id: input.id,
    where: and(eq(withdrawals.id, input.id), isNull(withdrawals.decision)),
    adminId: input.adminId,
    action: 'withdrawal.approve_with_transfer',
    now: input.now,
    reference,
  });
  if (!recorded) throw await refusal(db, input.id);
  return (await readWithdrawal(db, input.id))!;
}
