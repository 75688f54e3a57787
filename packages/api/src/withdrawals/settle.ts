import { and, eq, isNull, ne, sql, type SQL } from 'drizzle-orm';
import { writeAudit } from '../db/audit';
import type { Db, Tx } from '../db/client';
import { inventories, users, withdrawals, type WithdrawalRow } from '../db/schema/index';
import type { TransferPort, TransferStatus } from './transfer-port';

/**
 * How a decision is written, shared by the decision service and the reconciler: the gift or
 * TON movement, the audit snapshot, and the two ends of a transfer claim.
 */

/** Still undecided and not claimed by a transfer in flight. */
export const open = (id: number) => and(eq(withdrawals.id, id), isNull(withdrawals.decision), isNull(withdrawals.transferClaimedAt));

export const snapshot = (w: WithdrawalRow) => ({
  status: w.status,
  decision: w.decision,
  currency: w.currency,
  price: w.price,
  inventoryId: w.inventoryId,
  telegramId: w.telegramId,
});

/** The gift of a gift withdrawal leaves the platform (approval) or returns to its owner. */
export async function markGift(tx: Tx, row: WithdrawalRow, status: 'withdrawn' | 'available') {
  if (row.inventoryId === null) return;
  await tx
    .update(inventories)
    .set({ status })
    .where(and(eq(inventories.id, row.inventoryId), ne(inventories.status, status)));
}

/** Rejection returns what the request held: the gift, or the TON amount to the balance. */
export async function giveBack(tx: Tx, row: WithdrawalRow) {
  if (row.inventoryId !== null) return markGift(tx, row, 'available');
  if (row.currency !== 'TON') return;
  await tx
    .update(users)
    .set({ tonBalance: sql`${users.tonBalance} + ${row.price}` })
    .where(eq(users.telegramId, row.telegramId));
}

interface ClaimEnd {
  id: number;
  /** The condition under which this caller may still end the claim; matching nothing means someone else did. */
  where: SQL | undefined;
  /** The acting admin, or null for the reconciler. */
  adminId: number | null;
  action: string;
  /** Extra fields of the audit row's `before`. */
  before?: Record<string, unknown>;
}

/** The audit row of a claim's end: `before` is the undecided withdrawal (and `end.before`). */
const auditClaimEnd = (tx: Tx, end: ClaimEnd, after: Record<string, unknown>) =>
  writeAudit(tx, {
    adminId: end.adminId,
    action: end.action,
    entity: 'withdrawal',
    entityId: end.id,
    before: { status: false, decision: null, ...end.before },
    after,
  });

/**
 * Records a transfer that happened: decision `with-transfer`, the gift withdrawn and the audit
 * row (with the transfer's reference) in one transaction. Undefined when `where` matched
 * nothing: then nothing was written.
 */
export async function recordTransfer(db: Db, end: ClaimEnd & { now: Date; reference: string }): Promise<WithdrawalRow | undefined> {
  return db.transaction(async (tx) => {
    const [row] = await tx.update(withdrawals).set({ decision: 'with-transfer', status: true, decidedAt: end.now }).where(end.where).returning();
    if (!row) return undefined;
    await markGift(tx, row, 'withdrawn');
    await auditClaimEnd(tx, end, { ...snapshot(row), decidedBy: row.decidedBy, decidedAt: end.now.toISOString(), transfer: end.reference });
    return row;
  });
}

/**
 * Ends a claim without a transfer: the withdrawal is pending again (anyone may decide it) and
 * the audit row carries the reason, which `GET /withdrawals` shows as `failureReason`. False
 * when `where` matched nothing: then nothing was written.
 */
export async function releaseClaim(db: Db, end: ClaimEnd & { reason: string }): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(withdrawals)
      .set({ decidedBy: null, transferClaimedAt: null, transferKey: null })
      .where(end.where)
      .returning({ id: withdrawals.id });
    if (!row) return false;
    await auditClaimEnd(tx, end, { status: false, decision: null, reason: end.reason });
    return true;
  });
}

/**
 * Leaves a claim in place for the reconciler after a transfer call whose outcome nobody can
 * tell yet, with an audit row saying so. False when `where` matched nothing (the claim is no
 * longer this caller's): then nothing was written.
 */
export async function noteUnsettledClaim(db: Db, end: ClaimEnd & { reason: string; provider: string }): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [row] = await tx.select({ id: withdrawals.id }).from(withdrawals).where(end.where).for('update');
    if (!row) return false;
    await auditClaimEnd(tx, end, { status: false, decision: null, claimed: true, reason: end.reason, provider: end.provider });
    return true;
  });
}

export const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** What asking the port about a claim led to. */
export type ClaimSettlement =
  /** The transfer happened and is recorded; `row` undefined when `doneWhere` matched nothing. */
  | { state: 'processed'; row: WithdrawalRow | undefined }
  /** Nothing moved: the claim is released (`written` false when `where` matched nothing). */
  | { state: 'released'; reason: string; written: boolean }
  /** The port says the transfer is still under way: the claim stays. */
  | { state: 'waiting' }
  /** The port could not answer: the claim stays. */
  | { state: 'unanswered'; error: string };

interface SettleInput extends Omit<ClaimEnd, 'action'> {
  port: TransferPort;
  key: string;
  now: Date;
  /** The condition under which a transfer that happened is recorded; `where` when absent. */
  doneWhere?: SQL | undefined;
  /** The audit actions of a recorded transfer and of a release. */
  actions: { processed: string; released: string };
  /** The release's reason, shown as `failureReason`. */
  releaseReason: (status: Extract<TransferStatus, { state: 'failed' | 'not_found' }>) => string;
}

/**
 * Ends a claim by what the port's own record says of the transfer under its key: done ->
 * recorded (`recordTransfer`), failed or not found -> released (`releaseClaim`), pending or no
 * answer -> left in place for a later look. Used by the reconciler and by a decision whose
 * transfer call threw, so both settle a claim the same way.
 */
export async function settleClaim(db: Db, input: SettleInput): Promise<ClaimSettlement> {
  let status: TransferStatus;
  try {
    status = await input.port.status(input.key);
  } catch (error) {
    return { state: 'unanswered', error: errorText(error) };
  }
  if (status.state === 'pending') return { state: 'waiting' };
  if (status.state === 'done') {
    const row = await recordTransfer(db, { ...input, where: input.doneWhere ?? input.where, action: input.actions.processed, reference: status.reference });
    return { state: 'processed', row };
  }
  const reason = input.releaseReason(status);
  const written = await releaseClaim(db, { ...input, action: input.actions.released, reason });
  return { state: 'released', reason, written };
}

/** The audit actions whose `reason` explains why a withdrawal is pending again. */
export const RELEASE_ACTIONS = ['withdrawal.transfer_failed', 'withdrawal.transfer_released'] as const;
