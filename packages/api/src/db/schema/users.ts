import { type AnyPgColumn, boolean, index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt, telegramId, ton, tstz, units } from './columns';

/**
 * Players. Counts shown next to a user (games, wins, losses, referrals) come from `games` and
 * `users.referred_by`: counted live for one player (`countsFor`), and kept per player by
 * triggers in `user_counts` for the users list (migration 0002, tested against the live count).
 */
export const users = pgTable(
  'users',
  {
    telegramId: telegramId('telegram_id').primaryKey(),
    username: text('username'),
    firstName: text('first_name'),
    lastName: text('last_name'),
    avatar: text('avatar'),
    isPremium: boolean('is_premium').notNull().default(false),
    countryName: text('country_name'),
    countryFlag: text('country_flag'),
    lang: text('lang'),
    tonBalance: ton('ton_balance').notNull().default('0'),
    starsBalance: units('stars_balance').notNull().default(0),
    redChipBalance: units('red_chip_balance').notNull().default(0),
    playBalance: units('play_balance').notNull().default(0),
    /** Referral rewards earned: normal and premium invitees (counts of reward units). */
    refNormal: integer('ref_normal').notNull().default(0),
    refPremium: integer('ref_premium').notNull().default(0),
    refTon: ton('ref_ton').notNull().default('0'),
    refRedChip: units('ref_red_chip').notNull().default(0),
    dailyStrike: integer('daily_strike').notNull().default(0),
    maxStrike: integer('max_strike').notNull().default(0),
    referredBy: telegramId('referred_by').references((): AnyPgColumn => users.telegramId),
    createdAt: createdAt(),
    updatedAt: tstz('updated_at').notNull().defaultNow(),
    lastActive: tstz('last_active'),
  },
  (t) => [
    // Substring search (ILIKE '%x%') on names stays indexed at a million rows.
    index('users_username_trgm_idx').using('gin', t.username.op('gin_trgm_ops')),
    index('users_first_name_trgm_idx').using('gin', t.firstName.op('gin_trgm_ops')),
    index('users_last_name_trgm_idx').using('gin', t.lastName.op('gin_trgm_ops')),
    index('users_last_active_idx').on(t.lastActive),
    // Newest first with the id as tie-breaker (the list's order): a pure backward index scan.
    index('users_created_at_id_idx').on(t.createdAt, t.telegramId),
    index('users_referred_by_idx').on(t.referredBy),
    // The list filtered by type, newest first (premium or regular): one index range each.
    index('users_premium_created_at_id_idx').on(t.isPremium, t.createdAt, t.telegramId),
    index('users_country_idx').on(t.countryName, t.countryFlag),
  ],
);

export type UserRow = typeof users.$inferSelect;
export type NewUser = typeof users.$inferInsert;

/** A column holding a player's Telegram id, checked against `users`. */
export const userRef = (name: string) => telegramId(name).references(() => users.telegramId);
