import { and, eq, isNotNull, isNull, ne, type SQL } from 'drizzle-orm';
import { FIRST_APPROVER_REFUSAL, type Withdrawal, type WithdrawalAction } from '@manager/contract';
import type { Db, Tx } from '../db/client';
import { users, withdrawals, type WithdrawalRow } from '../db/schema/index';
import { AppError, conflict, notFound } from '../lib/envelope';
import { needsTwoApprovals, readWithdrawal, type DualApproval } from './repository';
import {
  auditWithdrawal,
  errorText,
  giveBack,
  lockWithdrawal,
  markGift,
  noteUnsettledClaim,
  open,
  recordTransfer,
  settleClaim,
} from './settle';
import { transferKey, type TransferPort } from './transfer-port';

interface DecisionInput {
  id: number;
  adminId: number;
  action: WithdrawalAction;
  /** The admin's reason (a rejection's), kept on the decision's audit row. */
  reason?: string | undefined;
  now: Date;
  port: TransferPort;
  /**
   * DUAL_APPROVAL_MIN_TON: from this value (a gift at its price; a TON amount with what its
   * player withdrew in the last 24 hours) an approval needs two admins.
   */
  dualApprovalMinTon: number;
}

const dualOf = (input: DecisionInput): DualApproval => ({ minTon: input.dualApprovalMinTon, now: input.now });

/**
 * Orders the approvals of one player's TON withdrawals: the player's row is locked (as a
 * reject's refund would), so two of their withdrawals approved at the same moment cannot both
 * count the other as not yet approved and slip under the threshold together. Taken after the
 * withdrawal's own lock, the order every decision locks in.
 */
async function lockPlayer(tx: Tx, telegramId: number): Promise<void> {
  await tx
    .select({ id: users.telegramId })
    .from(users)
    .where(eq(users.telegramId, telegramId))
    .for('no key update');
}

export interface DecisionResult {
  withdrawal: Withdrawal;
  /** True when the call recorded a first approval: nothing moved, a second admin must confirm. */
  firstApproval: boolean;
}

type ApprovalAction = Exclude<WithdrawalAction, 'reject'>;

/** Why a conditional update matched nothing: unknown id, or someone decided first. */
async function refusal(db: Db | Tx, id: number): Promise<AppError> {
  const [row] = await db
    .select({ decision: withdrawals.decision })
    .from(withdrawals)
    .where(eq(withdrawals.id, id));
  if (!row) return notFound(`Withdrawal ${id} not found`);
  if (row.decision === null) return conflict(`Withdrawal ${id} is being processed by another decision`);
  return conflict(`Withdrawal ${id} was already decided (${row.decision})`);
}

const ACTION_WORDS: Record<ApprovalAction, string> = {
  'with-transfer': 'with transfer',
  'without-transfer': 'without transfer',
};

/**
 * Which approval this is, read from the locked row: `single` below the threshold (one admin
 * decides, as always), `first` when nobody approved yet, `second` when another admin approved
 * with the same action. Refuses (nothing written) what cannot be approved: an unknown or
 * decided row, a transfer without a gift, the first approver again, the other approval action.
 */
async function approvalStep(
  tx: Tx,
  input: DecisionInput & { action: ApprovalAction },
  before: WithdrawalRow | undefined,
): Promise<'single' | 'first' | 'second'> {
  // Already decided (or being decided) is the answer that matters most: 409 before any 400.
  if (!before || before.decision !== null || before.transferClaimedAt !== null)
    throw await refusal(tx, input.id);
  if (input.action === 'with-transfer') {
    if (before.currency === 'TON')
      throw new AppError(400, 'TON withdrawals cannot be approved with a gift transfer');
    if (before.inventoryId === null)
      throw new AppError(
        400,
        'This withdrawal has no gift to transfer: approve it without transfer or reject it',
      );
  }
  if (before.currency === 'TON') await lockPlayer(tx, before.telegramId);
  // Read after the player's lock: a statement sees what committed while it waited.
  const [worth] = await tx
    .select({ two: needsTwoApprovals(dualOf(input)) })
    .from(withdrawals)
    .where(eq(withdrawals.id, input.id));
  if (!worth?.two) return 'single';
  if (before.firstApprovedBy === null) return 'first';
  if (before.firstApprovedBy === input.adminId) throw conflict(FIRST_APPROVER_REFUSAL);
  if (before.firstApproval !== input.action) {
    const first = ACTION_WORDS[before.firstApproval ?? 'without-transfer'];
    throw conflict(
      `The first approval was ${first}: a second administrator confirms it ${first}, or rejects the withdrawal`,
    );
  }
  return 'second';
}

/**
 * The second approval's own condition, in the conditional update itself: the first approval is
 * still there, by another admin, for this action. With the row lock this is what makes two
 * second approvals at once give one execution.
 */
const confirmsFirst = (input: DecisionInput) =>
  and(
    isNotNull(withdrawals.firstApprovedBy),
    ne(withdrawals.firstApprovedBy, input.adminId),
    eq(withdrawals.firstApproval, input.action as ApprovalAction),
  );

/** Records a first approval (the row locked by the caller's transaction) with its audit row. */
async function recordFirstApproval(
  tx: Tx,
  input: DecisionInput & { action: ApprovalAction },
  before: WithdrawalRow,
): Promise<void> {
  const [row] = await tx
    .update(withdrawals)
    .set({ firstApprovedBy: input.adminId, firstApproval: input.action, firstApprovedAt: input.now })
    .where(and(open(input.id), isNull(withdrawals.firstApprovedBy)))
    .returning();
  if (!row) throw await refusal(tx, input.id);
  await auditWithdrawal(tx, 'withdrawal.first_approval', {
    before,
    after: row,
    adminId: input.adminId,
    reason: input.reason,
  });
}

const isApproval = (input: DecisionInput): input is DecisionInput & { action: ApprovalAction } =>
  input.action !== 'reject';

/**
 * Decides a pending withdrawal exactly once. Approving without transfer and rejecting are one
 * transaction each: the row locked, a conditional UPDATE (`where decision is null and
 * transfer_claimed_at is null`), the money/gift movement and the audit row commit together; a
 * concurrent second decision waits on the row lock, then matches nothing and is refused with 409.
 *
 * Worth DUAL_APPROVAL_MIN_TON or more, an approval needs two different admins: the first one is
 * recorded (first_approved_by/first_approval/first_approved_at, audit `withdrawal.first_approval`,
 * the row locked) and nothing moves; another admin's approval with the same action executes it
 * as below. A rejection by anyone ends it.
 *
 * Approving with a transfer cannot hold a database transaction open across the transfer (a
 * commit failing after the gift left would lose the record), so it first commits a claim
 * (`transfer_claimed_at`, `transfer_key`, `decided_by`; decision still null: nobody else can
 * decide it) with its audit row, calls the port once with the key, then records the transfer (decision + gift +
 * audit in one transaction). When the call throws, the port's status of the key decides
 * (`transferThrew`). A claim this process never ended is settled by reconcile.ts.
 */
export async function decideWithdrawal(db: Db, input: DecisionInput): Promise<DecisionResult> {
  if (input.action === 'with-transfer') return approveWithTransfer(db, { ...input, action: input.action });
  const first = await db.transaction(async (tx) => {
    const before = await lockWithdrawal(tx, input.id);
    let step: 'single' | 'second' = 'single';
    if (isApproval(input)) {
      const approval = await approvalStep(tx, input, before);
      if (approval === 'first') {
        await recordFirstApproval(tx, input, before!);
        return true;
      }
      step = approval;
    }
    const approve = input.action === 'without-transfer';
    const [row] = await tx
      .update(withdrawals)
      .set({
        decision: approve ? 'without-transfer' : 'rejected',
        status: approve,
        decidedBy: input.adminId,
        decidedAt: input.now,
      })
      .where(and(open(input.id), step === 'second' ? confirmsFirst(input) : undefined))
      .returning();
    if (!before || !row) throw await refusal(tx, input.id);
    if (approve) await markGift(tx, row, 'withdrawn');
    else await giveBack(tx, row);
    await auditWithdrawal(tx, approve ? 'withdrawal.approve_without_transfer' : 'withdrawal.reject', {
      before,
      after: row,
      adminId: input.adminId,
      reason: input.reason,
    });
    return false;
  });
  return { withdrawal: (await readWithdrawal(db, dualOf(input), input.id))!, firstApproval: first };
}

/**
 * The claim, with its audit row (`withdrawal.transfer_claim`: who started the transfer, and
 * their reason), so the trail names the approving admin even when only the reconciler ends it.
 */
async function claimForTransfer(
  db: Db,
  input: DecisionInput & { action: ApprovalAction },
  key: string,
): Promise<WithdrawalRow | 'first'> {
  return db.transaction(async (tx) => {
    const before = await lockWithdrawal(tx, input.id);
    const step = await approvalStep(tx, input, before);
    if (step === 'first') {
      await recordFirstApproval(tx, input, before!);
      return 'first';
    }
    const [claimed] = await tx
      .update(withdrawals)
      .set({ decidedBy: input.adminId, transferClaimedAt: input.now, transferKey: key })
      // A gift transfer needs the gift: a TON withdrawal, or one whose gift row is gone, is never claimed.
      .where(
        and(
          open(input.id),
          ne(withdrawals.currency, 'TON'),
          isNotNull(withdrawals.inventoryId),
          step === 'second' ? confirmsFirst(input) : undefined,
        ),
      )
      .returning();
    if (!before || !claimed) throw await refusal(tx, input.id);
    await auditWithdrawal(tx, 'withdrawal.transfer_claim', {
      before,
      after: claimed,
      adminId: input.adminId,
      reason: input.reason,
    });
    return claimed;
  });
}

async function approveWithTransfer(
  db: Db,
  input: DecisionInput & { action: 'with-transfer' },
): Promise<DecisionResult> {
  const key = transferKey(input.id);
  const claimed = await claimForTransfer(db, input, key);
  if (claimed === 'first')
    return { withdrawal: (await readWithdrawal(db, dualOf(input), input.id))!, firstApproval: true };
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
  return { withdrawal: (await readWithdrawal(db, dualOf(input), input.id))!, firstApproval: false };
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
async function transferThrew(
  db: Db,
  input: DecisionInput,
  call: { id: number; key: string; mine: SQL | undefined; reason: string },
): Promise<DecisionResult> {
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
    return { withdrawal: (await readWithdrawal(db, dualOf(input), call.id))!, firstApproval: false };
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
