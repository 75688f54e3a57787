import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, numeric, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt, tstz } from './columns';
import { userRef } from './users';

/** Rewards paid to one side of a game; `ton` and `totalAmount` in TON, `stars` in Stars. */
export type GameRewardsJson = {
  ton: number;
  stars: number;
  nfts: Array<{ name: string; giftNumber: number | null; price: number }>;
  totalAmount: number;
};

/**
 * Game lifecycle: `waiting` (one player in the room), `in_progress` (two players, rounds
 * running), `finished` (winner and rewards set), `cancelled`. "Active games" in the top bar
 * are the rooms that are `waiting` or `in_progress`.
 */
const GAME_STATUSES = ['waiting', 'in_progress', 'finished', 'cancelled'] as const;
export const ACTIVE_GAME_STATUSES = ['waiting', 'in_progress'] as const;

export const games = pgTable(
  'games',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    roomCode: text('room_code').notNull(),
    isPrivate: boolean('is_private').notNull().default(false),
    currentRoundNumber: integer('current_round_number').notNull().default(1),
    /** Percent. */
    slippage: numeric('slippage', { precision: 6, scale: 2 }).notNull().default('0'),
    player1Id: userRef('player1_id').notNull(),
    player2Id: userRef('player2_id'),
    winnerTelegramId: userRef('winner_telegram_id'),
    score1: integer('score1').notNull().default(0),
    score2: integer('score2').notNull().default(0),
    player1Rewards: jsonb('player1_rewards').$type<GameRewardsJson>().notNull(),
    player2Rewards: jsonb('player2_rewards').$type<GameRewardsJson>().notNull(),
    status: text('status', { enum: GAME_STATUSES }).notNull().default('waiting'),
    finishedAt: tstz('finished_at'),
    createdAt: createdAt(),
  },
  (t) => [
    index('games_player1_idx').on(t.player1Id, t.createdAt),
    index('games_player2_idx').on(t.player2Id, t.createdAt),
    index('games_winner_idx').on(t.winnerTelegramId),
    index('games_created_at_id_idx').on(t.createdAt, t.id),
    index('games_room_code_trgm_idx').using('gin', t.roomCode.op('gin_trgm_ops')),
    // Tiny partial index: counting active games never scans finished history.
    index('games_active_idx')
      .on(t.status)
      .where(sql`${t.status} in ('waiting', 'in_progress')`),
  ],
);

export type NewGame = typeof games.$inferInsert;
