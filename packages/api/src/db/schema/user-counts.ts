import { sql } from 'drizzle-orm';
import { bigint, index, integer, pgTable } from 'drizzle-orm/pg-core';

/**
 * Finished games, wins, referrals and task completions per player, kept by statement-level
 * triggers on `games`, `users` (migration 0002) and `task_completions` (migration
 * dashboard_totals), so the users list reads a page's counts with one primary-key join instead
 * of aggregating `games` (`countsFor`, still used for one player and by tests as the
 * reference), and the dashboard's top inviters and task completers are the first ten entries
 * of an index. A missing row means zeros. No foreign key: a player can only be deleted once
 * nothing references it, so its counters are zero by then (the rows are left, harmless).
 * Writers of games for the same player serialise on its row until they commit; each statement
 * takes the rows in id order (no deadlock between two single-statement writers). The two
 * ranking indexes are stored `desc nulls last` (drizzle's `.desc()`); a reader must order the
 * same way to read them in order (rankings-repository.ts).
 */
export const userCounts = pgTable(
  'user_counts',
  {
    telegramId: bigint('telegram_id', { mode: 'number' }).primaryKey(),
    /** Finished games the player played (as player 1 or 2; once if both). */
    games: integer('games').notNull().default(0),
    /** Finished games the player won. */
    won: integer('won').notNull().default(0),
    /** Players whose `referred_by` is this player. */
    referrals: integer('referrals').notNull().default(0),
    /** Tasks the player completed (rows of `task_completions`). */
    completions: integer('completions').notNull().default(0),
  },
  (t) => [
    index('user_counts_referrals_idx')
      .on(t.referrals.desc(), t.telegramId)
      .where(sql`${t.referrals} > 0`),
    index('user_counts_completions_idx')
      .on(t.completions.desc(), t.telegramId)
      .where(sql`${t.completions} > 0`),
  ],
);
