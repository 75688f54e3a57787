import { z } from 'zod';
import { telegramIdSchema } from './common.ts';

/* GET /metrics (polled every 5 s by the top bar) */
export const metricsResponseSchema = z.object({
  totalUsers: z.number().int().min(0),
  onlineUsers: z.number().int().min(0),
  activeGames: z.number().int().min(0),
});
export type MetricsResponse = z.infer<typeof metricsResponseSchema>;
/** What the top bar shows when the metrics call fails (spec: silently zeros). */
export const EMPTY_METRICS: MetricsResponse = { totalUsers: 0, onlineUsers: 0, activeGames: 0 };

/* GET /dashboard-stats */
const countryStatSchema = z.object({
  countryName: z.string().nullable(),
  countryFlag: z.string().nullable(),
  userCount: z.number().int(),
  percentage: z.number(),
});

const lastRegisteredUserSchema = z.object({
  telegramId: telegramIdSchema,
  username: z.string().nullable(),
  refTelegramId: telegramIdSchema.nullable(),
  refUsername: z.string().nullable(),
  countryName: z.string().nullable(),
  countryFlag: z.string().nullable(),
  timeAgo: z.string(),
});

const taskCompleterSchema = z.object({
  telegramId: telegramIdSchema,
  username: z.string().nullable(),
  countryFlag: z.string().nullable(),
  count: z.number().int(),
});

const referrerSchema = z.object({
  telegramId: telegramIdSchema,
  username: z.string().nullable(),
  countryFlag: z.string().nullable(),
  refCount: z.number().int(),
});

/** Totals may arrive as decimal strings from the database; the schema coerces them to numbers. */
const total = z.coerce.number();

export const dashboardStatsResponseSchema = z.object({
  totalTon: total,
  totalStars: total,
  totalRedChip: total,
  totalInventory: total,
  totalPendingWithdrawals: total,
  totalDoneWithdrawals: total,
  top10Countries: z.array(countryStatSchema),
  lastRegisteredUsers: z.array(lastRegisteredUserSchema),
  top10TaskCompleters: z.array(taskCompleterSchema),
  top10Referrers: z.array(referrerSchema),
});
export type DashboardStatsResponse = z.infer<typeof dashboardStatsResponseSchema>;
