import { count, desc, eq, gt, inArray, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { ONLINE_WINDOW_MS, type DashboardStatsResponse, type MetricsResponse } from '@manager/contract';
import type { Db } from '../db/client';
import { ACTIVE_GAME_STATUSES, dashboardTotals, games, users } from '../db/schema/index';
import { countRows } from '../lib/lists';
import { timeAgo } from '../lib/time-ago';
import { displayName, num, rankings } from './rankings-repository';

/**
 * Top-bar counters. Total = the trigger-kept row count of `users` (table_stats). Online = seen within the 5-minute window before `now` (index on
 * last_active); active games = rooms `waiting` or `in_progress` (a partial index).
 */
export async function readMetrics(db: Db, now: Date): Promise<MetricsResponse> {
  const since = new Date(now.getTime() - ONLINE_WINDOW_MS);
  const [totalUsers, onlineUsers, activeGames] = await Promise.all([
    countRows(db, 'users'),
    db.select({ n: count() }).from(users).where(gt(users.lastActive, since)),
    db
      .select({ n: count() })
      .from(games)
      .where(inArray(games.status, [...ACTIVE_GAME_STATUSES])),
  ]);
  return { totalUsers, onlineUsers: num(onlineUsers[0]?.n), activeGames: num(activeGames[0]?.n) };
}

/**
 * Concurrent dashboard requests share one computation per database. A request joins a
 * computation only if no write request reached this API since it started (`noteWrite`, an
 * onRequest hook for every non-GET), so a saved balance always shows on the next dashboard
 * load. Nothing is kept once it is answered.
 */
let writes = 0;
const dashboardsInFlight = new WeakMap<Db, { writes: number; value: Promise<DashboardStatsResponse> }>();

export function noteWrite(): void {
  writes += 1;
}

export function readDashboardStatsShared(db: Db, now: Date): Promise<DashboardStatsResponse> {
  const running = dashboardsInFlight.get(db);
  if (running && running.writes === writes) return running.value;
  const value = readDashboardStats(db, now).finally(() => {
    if (dashboardsInFlight.get(db)?.value === value) dashboardsInFlight.delete(db);
  });
  dashboardsInFlight.set(db, { writes, value });
  return value;
}

/**
 * The dashboard, live and without reading every player: the totals are the trigger-kept
 * `dashboard_totals` (balance sums; totalInventory = inventory rows not `withdrawn`; pending
 * = undecided withdrawals, done = approved ones, rejections count as neither), the player
 * count is `table_stats`, the rankings read `country_counts` and `user_counts` (see
 * rankings-repository.ts). Percentages are of all players, with two decimals.
 */
async function readDashboardStats(db: Db, now: Date): Promise<DashboardStatsResponse> {
  const referrer = alias(users, 'referrer');
  const [totalUsers, totals, lastUsers, { countries, completers, referrers }] = await Promise.all([
    countRows(db, 'users'),
    db
      .select({
        ton: sql<string>`coalesce(sum(${dashboardTotals.ton}), 0)`,
        stars: sql<string>`coalesce(sum(${dashboardTotals.stars}), 0)`,
        redChip: sql<string>`coalesce(sum(${dashboardTotals.redChip}), 0)`,
        inventory: sql<string>`coalesce(sum(${dashboardTotals.inventory}), 0)`,
        pending: sql<string>`coalesce(sum(${dashboardTotals.pendingWithdrawals}), 0)`,
        done: sql<string>`coalesce(sum(${dashboardTotals.doneWithdrawals}), 0)`,
      })
      .from(dashboardTotals)
      .then((rows) => rows[0]),
    db
      .select({
        telegramId: users.telegramId,
        username: displayName,
        refTelegramId: referrer.telegramId,
        refUsername: sql<string | null>`coalesce(${referrer.username}, ${referrer.firstName})`,
        countryName: users.countryName,
        countryFlag: users.countryFlag,
        createdAt: users.createdAt,
      })
      .from(users)
      .leftJoin(referrer, eq(referrer.telegramId, users.referredBy))
      .orderBy(desc(users.createdAt), desc(users.telegramId))
      .limit(10),
    rankings(db),
  ]);
  return {
    totalTon: num(totals?.ton),
    totalStars: num(totals?.stars),
    totalRedChip: num(totals?.redChip),
    totalInventory: num(totals?.inventory),
    totalPendingWithdrawals: num(totals?.pending),
    totalDoneWithdrawals: num(totals?.done),
    top10Countries: countries.map((c) => ({
      ...c,
      userCount: num(c.userCount),
      percentage: totalUsers ? Math.round((num(c.userCount) / totalUsers) * 10_000) / 100 : 0,
    })),
    lastRegisteredUsers: lastUsers.map(({ createdAt, ...u }) => ({ ...u, timeAgo: timeAgo(createdAt, now) })),
    top10TaskCompleters: completers.map((r) => ({
      telegramId: r.telegramId,
      username: r.username,
      countryFlag: r.countryFlag,
      count: num(r.n),
    })),
    top10Referrers: referrers.map((r) => ({
      telegramId: r.telegramId,
      username: r.username,
      countryFlag: r.countryFlag,
      refCount: num(r.n),
    })),
  };
}
