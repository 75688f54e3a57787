import { z } from 'zod';
import { MAX_PAGE_LIMIT, PAGE_SIZES } from '../constants.ts';
import { exportQueryOf, isoDate, pageQuery, personSchema, telegramIdSchema } from './common.ts';

/* GET /game/history?page&limit=20&search */
export const gameHistoryQuerySchema = pageQuery(PAGE_SIZES.GAMES, MAX_PAGE_LIMIT);
export type GameHistoryQuery = z.infer<typeof gameHistoryQuerySchema>;
/* GET /game/history/export?search */
export const gameHistoryExportQuerySchema = exportQueryOf(gameHistoryQuerySchema);
export type GameHistoryExportQuery = z.input<typeof gameHistoryExportQuerySchema>;

const gameNftSchema = z.object({
  name: z.string(),
  giftNumber: z.number().int().nullable().optional(),
  price: z.coerce.number().optional(),
});

export const gameRewardsSchema = z.object({
  ton: z.coerce.number(),
  stars: z.coerce.number(),
  nfts: z.array(gameNftSchema),
  totalAmount: z.coerce.number(),
});
export type GameRewards = z.infer<typeof gameRewardsSchema>;

export const gameScoresSchema = z.object({ player1: z.number(), player2: z.number() });

const gameSchema = z.object({
  id: z.number().int(),
  roomCode: z.string(),
  isPrivate: z.boolean(),
  currentRoundNumber: z.number().int(),
  /** Percent. */
  slippage: z.coerce.number(),
  player1: personSchema.nullable(),
  player2: personSchema.nullable(),
  winnerTelegramId: telegramIdSchema.nullable(),
  scores: gameScoresSchema,
  player1Rewards: gameRewardsSchema,
  player2Rewards: gameRewardsSchema,
  createdAt: isoDate,
});
export type Game = z.infer<typeof gameSchema>;

export const gameHistoryResponseSchema = z.object({
  games: z.array(gameSchema),
  pagination: z.object({
    totalPages: z.number().int().min(0),
    totalGames: z.number().int().min(0),
    currentPage: z.number().int().optional(),
  }),
});
export type GameHistoryResponse = z.infer<typeof gameHistoryResponseSchema>;
