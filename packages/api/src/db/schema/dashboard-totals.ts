import { bigint, numeric, pgTable, primaryKey, smallint, text } from 'drizzle-orm/pg-core';

/**
 * The dashboard's live totals, kept by triggers on `users`, `inventories` and `withdrawals`
 * (migration dashboard_totals), so `/dashboard-stats` reads a few rows instead of every
 * player: balance sums, gifts still on the platform (inventory rows not `withdrawn`),
 * undecided withdrawals and approved ones. A writing statement adds its difference to the slot
 * of its own connection (`pg_backend_pid() % 8`), so writers on different connections rarely
 * wait for each other; the totals are the sum of the slots.
 */
export const dashboardTotals = pgTable('dashboard_totals', {
  slot: smallint('slot').primaryKey(),
  ton: numeric('ton').notNull().default('0'),
  stars: numeric('stars').notNull().default('0'),
  redChip: numeric('red_chip').notNull().default('0'),
  inventory: bigint('inventory', { mode: 'number' }).notNull().default(0),
  pendingWithdrawals: bigint('pending_withdrawals', { mode: 'number' }).notNull().default(0),
  doneWithdrawals: bigint('done_withdrawals', { mode: 'number' }).notNull().default(0),
});

/**
 * Players per country (name and flag as the users row has them; a missing flag is ''), kept
 * by triggers on `users` (migration dashboard_totals): the dashboard's top 10 countries is a
 * read of a few hundred rows. Players without a country are not counted. Registrations of
 * one country serialise on its row until they commit.
 */
export const countryCounts = pgTable(
  'country_counts',
  {
    countryName: text('country_name').notNull(),
    countryFlag: text('country_flag').notNull(),
    players: bigint('players', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.countryName, t.countryFlag] })],
);
