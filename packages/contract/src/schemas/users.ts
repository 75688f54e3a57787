import { z } from 'zod';
import { LEADERBOARD_TOP, MAX_PAGE_LIMIT, PAGE_SIZES } from '../constants';
import { dateText, formNumber, isoDate, pageQuery, telegramIdSchema } from './common';
import { gameRewardsSchema, gameScoresSchema } from './games';

const money = z.coerce.number();
const nullableText = z.string().nullable();

/* GET /users?page&limit=50&search */
export const usersQuerySchema = pageQuery(PAGE_SIZES.USERS, MAX_PAGE_LIMIT);
export type UsersQuery = z.infer<typeof usersQuerySchema>;

/** A row of the users list. */
const userSummarySchema = z.object({
  telegramId: telegramIdSchema,
  username: nullableText,
  firstName: nullableText,
  lastName: nullableText,
  avatar: nullableText,
  isPremium: z.boolean(),
  countryName: nullableText,
  countryFlag: nullableText,
  lang: nullableText,
  tonBalance: money,
  starsBalance: money,
  redChipBalance: money,
  playBalance: money,
  refNormal: money,
  refPremium: money,
  refTon: money,
  refRedChip: money,
  totalGames: z.number().int(),
  gamesWon: z.number().int(),
  gamesLost: z.number().int(),
  referralsCount: z.number().int(),
  dailyStrike: z.number().int(),
  maxStrike: z.number().int(),
  updatedAt: isoDate,
  createdAt: isoDate,
  lastActive: isoDate.nullable(),
  joinedAgo: z.string().optional(),
});
export type UserSummary = z.infer<typeof userSummarySchema>;

const usersPaginationSchema = z.object({
  totalPages: z.number().int().min(0),
  totalUsers: z.number().int().min(0),
  currentPage: z.number().int().min(1),
  usersPerPage: z.number().int().min(1),
});

export const usersResponseSchema = z.object({
  users: z.array(userSummarySchema),
  pagination: usersPaginationSchema,
});
export type UsersResponse = z.infer<typeof usersResponseSchema>;

/* GET /users/:telegramId */
const userWithdrawalSchema = z.object({
  inventory: z.object({ name: z.string() }).nullable(),
  createdAt: isoDate,
  status: z.boolean(),
  currency: z.string(),
  amount: money,
});
const userReferrerSchema = z.object({
  avatar: nullableText,
  username: nullableText,
  telegramId: telegramIdSchema,
  joinedAt: isoDate,
});
const userGameSchema = z.object({
  roomCode: z.string(),
  isWinner: z.boolean(),
  isPlayer1: z.boolean(),
  createdAt: isoDate,
  rewards: gameRewardsSchema,
  scores: gameScoresSchema,
});
const userInventorySchema = z.object({
  name: z.string(),
  giftNumber: z.number().int().nullable(),
  status: z.string(),
  createdAt: isoDate,
  modelThumbUrl: nullableText,
  symbolThumbUrl: nullableText,
});

export const userDetailSchema = userSummarySchema.extend({
  recentWithdrawals: z.array(userWithdrawalSchema),
  referredBy: userReferrerSchema.nullable(),
  games: z.array(userGameSchema),
  inventories: z.array(userInventorySchema),
});
export type UserDetail = z.infer<typeof userDetailSchema>;
export type UserWithdrawal = z.infer<typeof userWithdrawalSchema>;
export type UserGame = z.infer<typeof userGameSchema>;
export type UserInventory = z.infer<typeof userInventorySchema>;
export const userDetailResponseSchema = userDetailSchema;

/*
 * PUT /users/:telegramId/balances: balances never go negative; only TON has decimals (at most
 * 2, the console's step 0.01). Ceilings match the columns (numeric(20,9), bigint, integer), so
 * an absurd value is a 400 naming the field instead of a database overflow.
 */
const TON_BALANCE_MAX = 99_999_999_999;
const INT32_MAX = 2_147_483_647;
const wholeAmount = (max: number) =>
  formNumber.pipe(z.number().int('must be a whole number').min(0).max(max));
export const updateBalancesRequestSchema = z.object({
  tonBalance: formNumber.pipe(
    z
      .number()
      .min(0)
      .max(TON_BALANCE_MAX)
      .refine((v) => Number(v.toFixed(2)) === v, 'at most 2 decimals'),
  ),
  starsBalance: wholeAmount(Number.MAX_SAFE_INTEGER),
  redChipBalance: wholeAmount(Number.MAX_SAFE_INTEGER),
  playBalance: wholeAmount(Number.MAX_SAFE_INTEGER),
  refNormal: wholeAmount(INT32_MAX),
  refPremium: wholeAmount(INT32_MAX),
});
export type UpdateBalancesRequest = z.infer<typeof updateBalancesRequestSchema>;
/** The updated user, so the page shows the stored values. */
export const updateBalancesResponseSchema = userSummarySchema;

/* POST /leaderboard */
const LEADERBOARD_TYPES = ['game', 'referral'] as const;
const TIME_RANGES = ['day', 'week', 'month', 'all', 'custom'] as const;
export const leaderboardRequestSchema = z
  .object({
    type: z.enum(LEADERBOARD_TYPES),
    timeRange: z.enum(TIME_RANGES),
    customStartDate: dateText.optional(),
    customEndDate: dateText.optional(),
  })
  .refine((v) => v.timeRange !== 'custom' || (v.customStartDate && v.customEndDate), {
    message: 'customStartDate and customEndDate are required for a custom range',
    path: ['customStartDate'],
  });
export type LeaderboardRequest = z.infer<typeof leaderboardRequestSchema>;

const leaderboardEntrySchema = z.object({
  rank: z.number().int().min(1),
  avatar: nullableText,
  username: nullableText,
  telegramId: telegramIdSchema,
  win: z.number().int(),
  loss: z.number().int(),
  totalGame: z.number().int(),
  referralCount: z.number().int(),
});
export type LeaderboardEntry = z.infer<typeof leaderboardEntrySchema>;

export const leaderboardResponseSchema = z.object({
  type: z.enum(LEADERBOARD_TYPES),
  timeRange: z.enum(TIME_RANGES),
  totalParticipants: z.number().int().min(0),
  top100: z.array(leaderboardEntrySchema).max(LEADERBOARD_TOP),
});
export type LeaderboardResponse = z.infer<typeof leaderboardResponseSchema>;
