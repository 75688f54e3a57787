import { and, eq, isNotNull, isNull, ne, type SQL } from 'drizzle-orm';
import type { Withdrawal, WithdrawalAction } from '@manager/contract';
import type { Db, Tx } from '../db/client';
import { withdrawals, type WithdrawalRow } from '../db/schema/index';
import { AppError, conflict, notFound } from '../plugins/envelope';
import { readWithdrawal } from './repository';
import { auditWithdrawal, errorText, giveBack, lockWithdrawal, markGift, noteUnsettledClaim, open, recordTransfer, settleClaim } from './settle';
import { transferKey, type TransferPort } from './transfer-port';

interface DecisionInput {
  id: number;
  adminId: number;
  action: WithdrawalAction;
  /** The admin's reason (a rejection's), kept on the decision's audit row. */
  reason?: string | undefined;
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
 * transaction each: the row locked, a conditional UPDATE (`where decision is null and
 * transfer_claimed_at is null`), the money/gift movement and the audit row commit together; a
 * concurrent second decision waits on the row lock, then matches nothing and is refused with 409.
 *
 * Approving with a transfer cannot hold a database transaction open across the transfer (a
 * commit failing after the gift left would lose the record), so it first commits a claim
 * (`transfer_claimed_at`, `transfer_key`, `decided_by`; decision still null: nobody else can
 * decide it) with its audit row, calls the port once with the key, then records the transfer (decision + gift +
 * audit in one transaction). When the call throws, the port's status of the key decides
 * (`transferThrew`). A claim this process never ended is settled by reconcile.ts.
 */
export async function decideWithdrawal(db: Db, input: DecisionInput): Promise<Withdrawal> {
  if (input.action === 'with-transfer') return approveWithTransfer(db, input);
  await db.transaction(async (tx) => {
    const approve = input.action === 'without-transfer';
    const before = await lockWithdrawal(tx, input.id);
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
    if (!before || !row) throw await refusal(tx, input.id);
    if (approve) await markGift(tx, row, 'withdrawn');
    else await giveBack(tx, row);
    await auditWithdrawal(tx, approve ? 'withdrawal.approve_without_transfer' : 'withdrawal.reject', { before, after: row, adminId: input.adminId, reason: input.reason });
  });
  return (await readWithdrawal(db, input.id))!;
}

/**
 * The claim, with its audit row (`withdrawal.transfer_claim`: who started the transfer, and
 * their reason), so the trail names the approving admin even when only the reconciler ends it.
 */
async function claimForTransfer(db: Db, input: DecisionInput, key: string): Promise<WithdrawalRow | undefined> {
  return db.transaction(async (tx) => {
    const before = await lockWithdrawal(tx, input.id);
    const [claimed] = await tx
      .update(withdrawals)
      .set({ decidedBy: input.adminId, transferClaimedAt: input.now, transferKey: key })
      // A gift transfer needs the gift: a TON withdrawal, or one whose gift row is gone, is never claimed.
      .where(and(open(input.id), ne(withdrawals.currency, 'TON'), isNotNull(withdrawals.inventoryId)))
      .returning();
    if (!before || !claimed) return undefined;
    await auditWithdrawal(tx, 'withdrawal.transfer_claim', { before, after: claimed, adminId: input.adminId, reason: input.reason });
    return claimed;
  });
}

async function approveWithTransfer(db: Db, input: DecisionInput): Promise<Withdrawal> {
  const key = transferKey(input.id);
  const claimed = await claimForTransfer(db, input, key);
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
    return transferThrew(db, input, { id: claimed.id, key, mine, reason: errorText(error) });
  }
  // The receipt in hand is the truth, so it is recorded while the row is undecided, even if a
  // reconciler released the claim meanwhile (only possible when the call outlived
  // WITHDRAWAL_CLAIM_STALE_MS): a port never moves twice under one key.
  const recorded = await recordTransfer(db, {
    id: input.id,
    where: undecided(input.id),
    adminId: input.adminId,
    action: 'withdrawal.approve_with_transfer',
    now: input.now,
    reference,
  });
  if (!recorded) throw await refusal(db, input.id);
  return (await readWithdrawal(db, input.id))!;
}

const undecided = (id: number) => and(eq(withdrawals.id, id), isNull(withdrawals.decision));

/**
 * A transfer call that throws does not prove nothing moved (the provider, or the connection to
 * it, may fail after the transfer was committed), so the port's own record decides: done ->
 * approved as if the receipt had come back; failed or not found -> the claim is released with
 * the call's error as the reason (502 `Transfer failed: ...`); pending, or no answer -> the
 * claim stays for the reconciler, audited as `withdrawal.transfer_unknown` (502 `Transfer
 * outcome unknown: ...`). Releasing on doubt would let a reject give back a gift that left.
 */
async function transferThrew(db: Db, input: DecisionInput, call: { id: number; key: string; mine: SQL | undefined; reason: string }): Promise<Withdrawal> {
  const settled = await settleClaim(db, {
    id: call.id,
    where: call.mine,
    doneWhere: undecided(call.id),
    adminId: input.adminId,
    port: input.port,
    key: call.key,
    now: input.now,
    actions: { processed: 'withdrawal.approve_with_transfer', released: 'withdrawal.transfer_failed' },
    releaseReason: () => call.reason,
  });
  if (settled.state === 'processed') {
    if (!settled.row) throw await refusal(db, call.id);
    return (await readWithdrawal(db, call.id))!;
  }
  if (settled.state === 'released') throw new AppError(502, `Transfer failed: ${call.reason}`);
  await noteUnsettledClaim(db, {
    id: call.id,
    where: call.mine,
    adminId: input.adminId,
    action: 'withdrawal.transfer_unknown',
    reason: call.reason,
    provider: settled.state === 'waiting' ? 'pending' : `status failed: ${settled.error}`,
  });
  throw new AppError(502, `Transfer outcome unknown: ${call.reason}; it will be settled automatically`);
}
