import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt, ton, tstz } from './columns';
import { inventories } from './inventory';
import { userRef } from './users';

const WITHDRAWAL_DECISIONS = ['with-transfer', 'without-transfer', 'rejected'] as const;

/**
 * A player's request to take TON or a gift off the platform. Pending while `decision` is
 * null; decided exactly once by a conditional UPDATE (`... where decision is null`), so two
 * admins deciding at once get one success. `status` is true for the two approvals.
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
    /** Admin id (auth.admins.id) who decided. */
    decidedBy: integer('decided_by'),
    decidedAt: tstz('decided_at'),
    decision: text('decision', { enum: WITHDRAWAL_DECISIONS }),
    createdAt: createdAt(),
  },
  (t) => [
    index('withdrawals_telegram_id_idx').on(t.telegramId, t.createdAt),
    index('withdrawals_created_at_idx').on(t.createdAt),
    index('withdrawals_pending_idx').on(t.createdAt).where(sql`${t.decision} is null`),
  ],
);

export type WithdrawalRow = typeof withdrawals.$inferSelect;
