import {
  bigint,
  boolean,
  date,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  smallint,
  text,
} from 'drizzle-orm/pg-core';
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
    // A status filter's pages (a deep one skips index entries only) and its partial edge days:
    // amount and fee as trailing keys let the stats of a partial day read the index alone.
    index('ton_payments_status_created_at_id_amount_fee_idx').on(
      t.status,
      t.createdAt,
      t.id,
      t.amount,
      t.fee,
    ),
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
    // As ton_payments': a status filter's pages and its partial days' stats, from the index alone.
    index('stars_payments_status_created_at_id_amount_fee_idx').on(
      t.status,
      t.createdAt,
      t.id,
      t.amount,
      t.fee,
    ),
    index('stars_payments_telegram_id_idx').on(t.telegramId),
  ],
);

/**
 * Count, amount and fee of the payments of one UTC day and status, per payments table
 * (`ton_payments`, `stars_payments`), kept by triggers (migration payment_days): the
 * deposits cards for a status and/or date filter sum the whole days here and count only the
 * rows of a partial first or last day; without a filter, every day. A statement adds to the
 * slot of its connection (`pg_backend_pid() % 8`); a day's totals are the sum of its slots.
 */
export const paymentDays = pgTable(
  'payment_days',
  {
    tableName: text('table_name').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    status: boolean('status').notNull(),
    slot: smallint('slot').notNull(),
    payments: bigint('payments', { mode: 'number' }).notNull().default(0),
    amount: numeric('amount').notNull().default('0'),
    fee: numeric('fee').notNull().default('0'),
  },
  (t) => [primaryKey({ columns: [t.tableName, t.day, t.status, t.slot] })],
);
