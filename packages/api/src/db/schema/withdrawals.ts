import { sql } from 'drizzle-orm';
import { bigint, boolean, index, integer, pgTable, smallint, text } from 'drizzle-orm/pg-core';
import { createdAt, telegramId, ton, tstz } from './columns';
import { inventories } from './inventory';
import { userRef } from './users';

const WITHDRAWAL_DECISIONS = ['with-transfer', 'without-transfer', 'rejected'] as const;

/**
 * A player's request to take TON or a gift off the platform. Pending while `decision` and
 * `transfer_claimed_at` are null; decided exactly once by a conditional UPDATE (`... where
 * decision is null`), so two admins deciding at once get one success. `status` is true for
 * the two approvals.
 */
export const withdrawals = pgTable(
  'withdrawals',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    telegramId: userRef('telegram_id').notNull(),
    /** 'TON' for coin withdrawals, 'NFT' for a gift. */
    currency: text('currency').notNull(),
    /** TON amount, or the gift's TON value. */
    price: ton('price').notNull(),
    wallet: text('wallet'),
    inventoryId: integer('inventory_id').references(() => inventories.id, { onDelete: 'set null' }),
    status: boolean('status').notNull().default(false),
    /** Admin id (auth.admins.id) who decided, or whose transfer claim holds the row. */
    decidedBy: integer('decided_by'),
    /** When the decision became final. */
    decidedAt: tstz('decided_at'),
    decision: text('decision', { enum: WITHDRAWAL_DECISIONS }),
    /**
     * Set by "approve with transfer" before the transfer port is called, with `transfer_key`:
     * while it is set and `decision` is null nobody else may decide the row, and a claim older
     * than WITHDRAWAL_CLAIM_STALE_MS is settled by asking the port (reconcile.ts). Cleared when
     * a claim is released; kept on the decided row as the record of the transfer's start.
     */
    transferClaimedAt: tstz('transfer_claimed_at'),
    /** The idempotency key the transfer port got: `withdrawal-<id>` (see transfer-port.ts). */
    transferKey: text('transfer_key'),
    /**
     * Dual approval (a withdrawal worth DUAL_APPROVAL_MIN_TON or more): the first approver and
     * the action they chose, recorded while `decision` stays null. Only another admin's approval
     * with the same action executes it (decision-repository.ts); a rejection by anyone ends it.
     */
    firstApprovedBy: integer('first_approved_by'),
    firstApproval: text('first_approval', { enum: ['with-transfer', 'without-transfer'] }),
    firstApprovedAt: tstz('first_approved_at'),
    createdAt: createdAt(),
  },
  (t) => [
    index('withdrawals_telegram_id_idx').on(t.telegramId, t.createdAt),
    index('withdrawals_created_at_idx').on(t.createdAt),
    index('withdrawals_pending_idx')
      .on(t.createdAt)
      .where(sql`${t.decision} is null`),
    // The list's default order over the listed rows, undecided first, then newest (read
    // backwards). `decision` and `status` follow the unique id, so they never change the order;
    // they are there so a page's ids, with or without the status filter, are read from the
    // index alone (index-only scan, no row visited).
    index('withdrawals_listed_idx')
      .on(sql`(${t.decision} is null)`, t.createdAt, t.id, t.decision, t.status)
      .where(sql`${t.decision} is null or ${t.decision} <> 'rejected'`),
    // The list's "awaiting a second approval" counter: undecided rows with a first approval.
    index('withdrawals_awaiting_idx')
      .on(t.id)
      .where(
        sql`not ${t.status} and ${t.decision} is null and ${t.firstApprovedBy} is not null and ${t.firstApproval} is not null and ${t.firstApprovedAt} is not null`,
      ),
    index('withdrawals_transfer_claims_idx')
      .on(t.transferClaimedAt)
      .where(sql`${t.decision} is null and ${t.transferClaimedAt} is not null`),
  ],
);

export type WithdrawalRow = typeof withdrawals.$inferSelect;

/**
 * The list's counters over every listed withdrawal (not rejected), kept by triggers
 * (migration withdrawal_counts): `listed` and, of those, `approved` (status true). A statement
 * adds to the slot of its connection (`pg_backend_pid() % 8`); the counts are the sums of the
 * slots.
 */
export const withdrawalCounts = pgTable('withdrawal_counts', {
  slot: smallint('slot').primaryKey(),
  listed: bigint('listed', { mode: 'number' }).notNull().default(0),
  approved: bigint('approved', { mode: 'number' }).notNull().default(0),
});

/**
 * The reference transfer provider's own record ("what the provider knows"): one row per
 * transfer that happened, keyed by the idempotency key. It lives in the API's database only
 * because the reference server has no real provider; the decision code never touches it, only
 * `LedgerTransferPort` does, each write in a transaction of its own, so it survives whatever
 * happens to the decision afterwards (a failed commit, a killed process).
 */
export const transferLedger = pgTable('transfer_ledger', {
  key: text('key').primaryKey(),
  reference: text('reference').notNull().unique(),
  withdrawalId: integer('withdrawal_id').notNull(),
  telegramId: telegramId('telegram_id').notNull(),
  currency: text('currency').notNull(),
  amount: ton('amount').notNull(),
  inventoryId: integer('inventory_id'),
  wallet: text('wallet'),
  createdAt: createdAt(),
});
