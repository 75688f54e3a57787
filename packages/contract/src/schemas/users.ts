import { z } from 'zod';
import { LEADERBOARD_TOP, MAX_PAGE_LIMIT, PAGE_SIZES } from '../constants.ts';
import {
  MONEY_LIMIT,
  PG_INT_MAX,
  blankToUndefined,
  dateText,
  exportQueryOf,
  formNumber,
  isoDate,
  pageQuery,
  telegramIdSchema,
} from './common.ts';
import { requiredReasonSchema } from './audit.ts';
import { gameRewardsSchema, gameScoresSchema } from './games.ts';

const money = z.coerce.number();
const nullableText = z.string().nullable();

/** The users list's status filter: seen within the online window (ONLINE_WINDOW_MS) or not. */
export const USER_STATUSES = ['online', 'offline'] as const;
export type UserStatus = (typeof USER_STATUSES)[number];
/** The users list's type filter: Telegram Premium players or the others. */
export const USER_TYPES = ['premium', 'regular'] as const;
export type UserType = (typeof USER_TYPES)[number];

const usersPageQuery = pageQuery(PAGE_SIZES.USERS, MAX_PAGE_LIMIT);
/* GET /users?page&limit=50&search&status&type: the filters narrow the rows and the total alike. */
export const usersQuerySchema = usersPageQuery.extend({
  status: z.preprocess(blankToUndefined, z.enum(USER_STATUSES).optional()),
  type: z.preprocess(blankToUndefined, z.enum(USER_TYPES).optional()),
});
export type UsersQuery = z.infer<typeof usersQuerySchema>;
/* GET /users/export?search&status&type (docs/api.md#csv-exports): the file holds what the list counts. */
export const usersExportQuerySchema = exportQueryOf(usersQuerySchema);
export type UsersExportQuery = z.input<typeof usersExportQuerySchema>;

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
  /** Rejected by an administrator (status stays false): shown as Rejected, not Pending. */
  rejected: z.boolean().optional(),
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
 * PUT /users/:telegramId/balances: the six figures of the balances form, and `expected`, the
 * same six as the admin saw them when the form opened. The save applies only if the stored
 * figures still equal `expected`; otherwise 409 with the current user, nothing written, so two
 * admins editing at once never undo each other's change.
 */

/**
 * Ceilings of an edited balance, each the largest value its column holds that the API also
 * reads back exactly:
 * - TON: numeric(20,9) holds 11 integer digits; edits keep 2 decimals (the console's step
 *   0.01), so 99,999,999,999.99, which a JS number holds exactly.
 * - Stars, RED_CHIP, PLAY: the columns are bigint (up to 2^63-1), but the API reads them as JS
 *   numbers, exact only up to 2^53-1; a larger balance would come back changed.
 * - Ref Normal and Ref Premium: integer columns.
 */
export const BALANCE_LIMITS = {
  ton: 99_999_999_999.99,
  units: Number.MAX_SAFE_INTEGER,
  count: PG_INT_MAX,
} as const;

const tonAmount = formNumber.pipe(
  z
    .number()
    .min(0)
    .max(BALANCE_LIMITS.ton)
    .refine((v) => Number(v.toFixed(2)) === v, 'at most 2 decimals'),
);
const wholeAmount = (max: number) =>
  formNumber.pipe(z.number().int('must be a whole number').min(0).max(max));

/** The balances as the form sends them: never negative; only TON has decimals (at most 2). */
export const balanceValuesSchema = z.object({
  tonBalance: tonAmount,
  starsBalance: wholeAmount(BALANCE_LIMITS.units),
  redChipBalance: wholeAmount(BALANCE_LIMITS.units),
  playBalance: wholeAmount(BALANCE_LIMITS.units),
  refNormal: wholeAmount(BALANCE_LIMITS.count),
  refPremium: wholeAmount(BALANCE_LIMITS.count),
});
export type BalanceValues = z.infer<typeof balanceValuesSchema>;

/*
 * A figure as the API sent it: TON with the column's 9 decimals, whole numbers for the rest.
 * Only the columns' ranges are checked, sign included: `expected` is compared, never stored,
 * and must be able to name any value a row holds (the largest TON, 99,999,999,999.999999999,
 * travels as the JSON number 1e11).
 */
const seenWhole = (max: number) =>
  formNumber.pipe(z.number().int('must be a whole number').min(-max).max(max));
export const expectedBalancesSchema = z.object({
  tonBalance: formNumber.pipe(z.number().min(-MONEY_LIMIT).max(MONEY_LIMIT)),
  starsBalance: seenWhole(BALANCE_LIMITS.units),
  redChipBalance: seenWhole(BALANCE_LIMITS.units),
  playBalance: seenWhole(BALANCE_LIMITS.units),
  refNormal: seenWhole(BALANCE_LIMITS.count),
  refPremium: seenWhole(BALANCE_LIMITS.count),
});

/** `reason`: required, why the admin changes the balances (up to 500 characters), kept in the audit row. */
export const updateBalancesRequestSchema = balanceValuesSchema.extend({
  expected: expectedBalancesSchema,
  reason: requiredReasonSchema,
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
