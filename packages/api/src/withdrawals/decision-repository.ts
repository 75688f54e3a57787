import { and, eq, isNotNull, isNull, ne, sql } from 'drizzle-orm';
import type { Withdrawal, WithdrawalAction } from '@manager/contract';
import { writeAudit } from '../db/audit';
import type { Db, Tx } from '../db/client';
import { inventories, users, withdrawals, type WithdrawalRow } from '../db/schema/index';
import { AppError, conflict, notFound } from '../plugins/envelope';
import { readWithdrawal } from './repository';
import type { TransferPort } from './transfer-port';

interface DecisionInput {
  id: number;
  adminId: number;
  action: WithdrawalAction;
  now: Date;
  port: TransferPort;
}

/** Still undecided and not claimed by a transfer in flight. */
const open = (id: number) => and(eq(withdrawals.id, id), isNull(withdrawals.decision), isNull(withdrawals.decidedAt));

/** Why a conditional update matched nothing: unknown id, or someone decided first. */
async function refusal(db: Db | Tx, id: number): Promise<AppError> {
  const [row] = await db.select({ decision: withdrawals.decision }).from(withdrawals).where(eq(withdrawals.id, id));
  if (!row) return notFound(`Withdrawal ${id} not found`);
  if (row.decision === null) return conflict(`Withdrawal ${id} is being processed by another decision`);
  return conflict(`Withdrawal ${id} was already decided (${row.decision})`);
}

const snapshot = (w: WithdrawalRow) => ({
  status: w.status,
  decision: w.decision,
  currency: w.currency,
  price: w.price,
  inventoryId: w.inventoryId,
  telegramId: w.telegramId,
});

/**
 * Decides a pending withdrawal exactly once. Approving without transfer and rejecting are one
 * transaction each: a conditional UPDATE (`where decision is null and decided_at is null`),
 * the money/gift movement and the audit row commit together; a concurrent second decision
 * waits on the row lock, then matches nothing and is refused with 409.
 *
 * Approving with a transfer cannot hold a database transaction open across the transfer (a
 * commit failing after the gift left would lose the record), so it claims the row first
 * (`decided_at`/`decided_by` set, decision still null: nobody else can decide it), calls the
 * port once, then either finalises (decision + audit in one transaction) or releases the
 * claim and records the failure reason, leaving the withdrawal pending.
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

/** The gift of a gift withdrawal leaves the platform (approval) or returns to its owner. */
async function markGift(tx: Tx, row: WithdrawalRow, status: 'withdrawn' | 'available') {
  if (row.inventoryId === null) return;
  await tx
    .update(inventories)
    .set({ status })
    .where(and(eq(inventories.id, row.inventoryId), ne(inventories.status, status)));
}

/** Rejection returns what the request held: the gift, or the TON amount to the balance. */
async function giveBack(tx: Tx, row: WithdrawalRow) {
  if (row.inventoryId !== null) return markGift(tx, row, 'available');
  if (row.currency !== 'TON') return;
  await tx
    .update(users)
    .set({ tonBalance: sql`${users.tonBalance} + ${row.price}` })
    .where(eq(users.telegramId, row.telegramId));
}

async function approveWithTransfer(db: Db, input: DecisionInput): Promise<Withdrawal> {
  const [claimed] = await db
    .update(withdrawals)
    .set({ decidedBy: input.adminId, decidedAt: input.now })
    // A gift transfer needs the gift: a TON withdrawal, or one whose gift row is gone, is never claimed.
    .where(and(open(input.id), ne(withdrawals.currency, 'TON'), isNotNull(withdrawals.inventoryId)))
    .returning();
  if (!claimed) {
    const [row] = await db
      .select({ currency: withdrawals.currency, decision: withdrawals.decision, decidedAt: withdrawals.decidedAt, inventoryId: withdrawals.inventoryId })
      .from(withdrawals)
      .where(eq(withdrawals.id, input.id));
    // Already decided (or being decided) is the answer that matters most: 409 before any 400.
    if (!row || row.decision !== null || row.decidedAt !== null) throw await refusal(db, input.id);
    if (row.currency === 'TON') throw new AppError(400, 'TON withdrawals cannot be approved with a gift transfer');
    throw new AppError(400, 'This withdrawal has no gift to transfer: approve it without transfer or reject it');
  }
  // Only the claim holder (this request) reaches here, so the port is called at most once.
  const mine = and(eq(withdrawals.id, input.id), isNull(withdrawals.decision), eq(withdrawals.decidedBy, input.adminId));
  let reference: string;
  try {
    reference = (
      await input.port.transfer({
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
    await db.transaction(async (tx) => {
      await tx.update(withdrawals).set({ decidedBy: null, decidedAt: null }).where(mine);
      await writeAudit(tx, {
        adminId: input.adminId,
        action: 'withdrawal.transfer_failed',
        entity: 'withdrawal',
        entityId: claimed.id,
        before: { status: false, decision: null },
        after: { status: false, decision: null, reason },
      });
    });
    throw new AppError(502, `Transfer failed: ${reason}`);
  }
  await db.transaction(async (tx) => {
    const [row] = await tx.update(withdrawals).set({ decision: 'with-transfer', status: true }).where(mine).returning();
    if (!row) throw new Error(`withdrawal ${input.id} lost its claim during the transfer`);
    await markGift(tx, row, 'withdrawn');
    await writeAudit(tx, {
      adminId: input.adminId,
      action: 'withdrawal.approve_with_transfer',
      entity: 'withdrawal',
      entityId: row.id,
      before: { status: false, decision: null },
      after: { ...snapshot(row), decidedAt: input.now.toISOString(), transfer: reference },
    });
  });
  return (await readWithdrawal(db, input.id))!;
}
