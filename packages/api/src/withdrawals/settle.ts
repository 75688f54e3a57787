import { and, eq, isNull, ne, sql, type SQL } from 'drizzle-orm';
import { numberToDecimalText, paths, type AuditAction } from '@manager/contract';
import { writeAudit } from '../db/audit';
import { deliverInbox, resolveInbox } from '../db/inbox';
import type { Db, Tx } from '../db/client';
import { admins, inventories, users, withdrawals, type WithdrawalRow } from '../db/schema/index';
import type { TransferPort, TransferStatus } from './transfer-port';

/**
 * How a decision is written, shared by the decision service and the reconciler: the gift or
 * TON movement, the audit snapshot, and the two ends of a transfer claim.
 */

/** Still undecided and not claimed by a transfer in flight. */
export const open = (id: number) =>
  and(eq(withdrawals.id, id), isNull(withdrawals.decision), isNull(withdrawals.transferClaimedAt));

/** Reads the withdrawal and locks it, so the audit row's `before` is what the decision replaces. */
export async function lockWithdrawal(tx: Tx, id: number): Promise<WithdrawalRow | undefined> {
  const [row] = await tx.select().from(withdrawals).where(eq(withdrawals.id, id)).for('update');
  return row;
}

/**
 * The audit row of a withdrawal's change: the columns it changed (and the transfer's
 * reference, when one happened), about its player. `reason`: the admin's, or why a transfer
 * did not happen. A change to a withdrawal that a first approval preceded names that approver
 * in `after.firstApprover` (id and username), since the unchanged columns are not kept: the
 * row of the execution says whose approval it confirmed.
 */
export async function auditWithdrawal(
  tx: Tx,
  action: AuditAction,
  change: {
    before: WithdrawalRow;
    after: WithdrawalRow;
    adminId?: number | null;
    reason?: string | undefined;
    transfer?: string;
  },
) {
  const approverId = change.before.firstApprovedBy;
  const [approver] =
    approverId === null
      ? []
      : await tx
          .select({ id: admins.id, username: admins.username })
          .from(admins)
          .where(eq(admins.id, approverId));
  await writeAudit(tx, {
    ...(change.adminId === undefined ? {} : { adminId: change.adminId }),
    action,
    entity: 'withdrawal',
    entityId: change.after.id,
    userTelegramId: change.after.telegramId,
    before: change.before,
    after: {
      ...change.after,
      ...(change.transfer ? { transfer: change.transfer } : {}),
      ...(approverId === null
        ? {}
        : { firstApprover: { id: approverId, username: approver?.username ?? null } }),
    },
    reason: change.reason ?? null,
  });
  await keepInbox(tx, action, change.after, change.adminId ?? null);
}

/** The decisions that end a withdrawal's wait for its second approval. */
const ENDS_WAIT: ReadonlySet<AuditAction> = new Set<AuditAction>([
  'withdrawal.approve_with_transfer',
  'withdrawal.approve_without_transfer',
  'withdrawal.reject',
  'withdrawal.transfer_reconciled',
]);

/**
 * A first approval puts the withdrawal in the inbox of every admin who may give the second (any
 * holder of `withdrawals.decide` but the first approver); its decision, by anyone, clears it.
 */
async function keepInbox(tx: Tx, action: AuditAction, row: WithdrawalRow, adminId: number | null) {
  const subject = `withdrawal:${row.id}`;
  if (action === 'withdrawal.first_approval') {
    // The stored numeric without its trailing zeros: "25 TON", "2.5 TON".
    const ton = `${numberToDecimalText(Number(row.price))} TON`;
    const what = row.currency === 'TON' ? ton : `a gift worth ${ton}`;
    await deliverInbox(
      tx,
      {
        kind: 'withdrawal.second_approval',
        subject,
        text: `Withdrawal #${row.id} (${what}) awaits a second approval`,
        link: paths.withdrawals,
        to: { permissions: ['withdrawals.decide'], except: [adminId] },
      },
      row.firstApprovedAt ?? new Date(),
    );
  } else if (ENDS_WAIT.has(action))
    await resolveInbox(tx, 'withdrawal.second_approval', subject, row.decidedAt ?? new Date());
}

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
  action: AuditAction;
}

/**
 * Records a transfer that happened: decision `with-transfer`, the gift withdrawn and the audit
 * row (the changed columns and the transfer's reference) in one transaction. Undefined when
 * `where` matched nothing: then nothing was written.
 */
export async function recordTransfer(
  db: Db,
  end: ClaimEnd & { now: Date; reference: string },
): Promise<WithdrawalRow | undefined> {
  return db.transaction(async (tx) => {
    const before = await lockWithdrawal(tx, end.id);
    const [row] = await tx
      .update(withdrawals)
      .set({ decision: 'with-transfer', status: true, decidedAt: end.now })
      .where(end.where)
      .returning();
    if (!before || !row) return undefined;
    await markGift(tx, row, 'withdrawn');
    await auditWithdrawal(tx, end.action, {
      before,
      after: row,
      adminId: end.adminId,
      transfer: end.reference,
    });
    return row;
  });
}

/**
 * Ends a claim without a transfer: the withdrawal is pending again (anyone may decide it) and
 * the audit row's reason, which `GET /withdrawals` shows as `failureReason`, says why. False
 * when `where` matched nothing: then nothing was written.
 */
export async function releaseClaim(db: Db, end: ClaimEnd & { reason: string }): Promise<boolean> {
  return db.transaction(async (tx) => {
    const before = await lockWithdrawal(tx, end.id);
    const [row] = await tx
      .update(withdrawals)
      .set({ decidedBy: null, transferClaimedAt: null, transferKey: null })
      .where(end.where)
      .returning();
    if (!before || !row) return false;
    await auditWithdrawal(tx, end.action, { before, after: row, adminId: end.adminId, reason: end.reason });
    return true;
  });
}

/**
 * Leaves a claim in place for the reconciler after a transfer call whose outcome nobody can
 * tell yet, with an audit row saying so (an event: nothing changes; the claim has its own
 * row): what the provider said, and the call's error as the reason. False when `where`
 * matched nothing (the claim is no longer this caller's): then nothing was written.
 */
export async function noteUnsettledClaim(
  db: Db,
  end: ClaimEnd & { reason: string; provider: string },
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(withdrawals).where(end.where).for('update');
    if (!row) return false;
    await writeAudit(tx, {
      adminId: end.adminId,
      action: end.action,
      entity: 'withdrawal',
      entityId: row.id,
      userTelegramId: row.telegramId,
      after: { provider: end.provider },
      reason: end.reason,
    });
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
  actions: { processed: AuditAction; released: AuditAction };
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
    const row = await recordTransfer(db, {
      ...input,
      where: input.doneWhere ?? input.where,
      action: input.actions.processed,
      reference: status.reference,
    });
    return { state: 'processed', row };
  }
  const reason = input.releaseReason(status);
  const written = await releaseClaim(db, { ...input, action: input.actions.released, reason });
  return { state: 'released', reason, written };
}

/** The audit actions whose `reason` explains why a withdrawal is pending again. */
export const RELEASE_ACTIONS = [
  'withdrawal.transfer_failed',
  'withdrawal.transfer_released',
] as const satisfies AuditAction[];
