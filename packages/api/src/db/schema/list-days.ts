import { bigint, date, pgTable, primaryKey, smallint, text } from 'drizzle-orm/pg-core';

/**
 * Exact rows per UTC day of the lists that have no daily rollup of their own, kept by
 * statement-level triggers (migration 0022): `users`, `games`, `marketplace_items` and
 * `marketplace_orders` count every row, `inventories` the gifts on the platform (not
 * withdrawn). A deep page finds the day holding its first row from these counts and skips
 * rows inside that day only (lib/lists/pages.ts); the marketplace lists also take their
 * unfiltered totals from them (a sum over some hundred days, not a count of every row).
 * Shop orders and payments page by `shop_order_days` and `payment_days`. A day's count is the
 * sum over its slots (one per connection, so concurrent writers do not queue on one row).
 */
export const listDays = pgTable(
  'list_days',
  {
    list: text('list').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    slot: smallint('slot').notNull(),
    n: bigint('n', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.list, t.day, t.slot] })],
);
