import { boolean, index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt, ton, units } from './columns';
import { userRef } from './users';

/**
 * Deposits. TON payments carry an on-chain transaction hash, explorer link, sender wallet
 * and what was bought; Stars payments a Telegram charge id. `status` true = completed.
 */
export const tonPayments = pgTable(
  'ton_payments',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    telegramId: userRef('telegram_id').notNull(),
    transactionId: text('transaction_id').notNull(),
    type: text('type').notNull(),
    link: text('link'),
    product: text('product'),
    productAmount: ton('product_amount'),
    wallet: text('wallet'),
    amount: ton('amount').notNull(),
    fee: ton('fee').notNull().default('0'),
    status: boolean('status').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    index('ton_payments_created_at_id_idx').on(t.createdAt, t.id),
    index('ton_payments_telegram_id_idx').on(t.telegramId),
    index('ton_payments_transaction_id_idx').on(t.transactionId),
  ],
);

export const starsPayments = pgTable(
  'stars_payments',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    telegramId: userRef('telegram_id').notNull(),
    transactionId: text('transaction_id'),
    type: text('type').notNull(),
    link: text('link'),
    product: text('product'),
    productAmount: units('product_amount'),
    wallet: text('wallet'),
    amount: units('amount').notNull(),
    fee: units('fee').notNull().default(0),
    status: boolean('status').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    index('stars_payments_created_at_id_idx').on(t.createdAt, t.id),
    index('stars_payments_telegram_id_idx').on(t.telegramId),
  ],
);
