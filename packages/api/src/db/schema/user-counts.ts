import { bigint, integer, pgTable } from 'drizzle-orm/pg-core';

/**
 * Finished games, wins and referrals per player, kept by statement-level triggers on `games`
 * and `users` (migration 0002), so the users list reads a page's counts with one primary-key
 * join instead of aggregating `games` (`countsFor`, still used for one player and by tests as
 * the reference). A missing row means zeros. No foreign key: a player can only be deleted once
 * nothing references it, so its counters are zero by then (the rows are left, harmless).
 * Writers of games for the same player serialise on its row until they commit; each statement
 * takes the rows in id order (no deadlock between two single-statement writers).
 */
export const userCounts = pgTable('user_counts', {
  telegramId: bigint('telegram_id', { mode: 'number' }).primaryKey(),
  /** Finished games the player played (as player 1 or 2; once if both). */
  games: integer('games').notNull().default(0),
  /** Finished games the player won. */
  won: integer('won').notNull().default(0),
  /** Players whose `referred_by` is this player. */
  referrals: integer('referrals').notNull().default(0),
});
