import { count, desc, eq, gt, inArray, isNull, ne, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { ONLINE_WINDOW_MS, type DashboardStatsResponse, type MetricsResponse } from '@manager/contract';
import type { Db } from '../db/client';
import { ACTIVE_GAME_STATUSES, games, inventories, users, withdrawals } from '../db/schema/index';
import { countRows } from '../db/table-stats';
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
    db.select({ n: count() }).from(games).where(inArray(games.status, [...ACTIVE_GAME_STATUSES])),
  ]);
  return { totalUsers, onlineUsers: num(onlineUsers[0]?.n), activeGames: num(activeGames[0]?.n) };
}

/**
 * Concurrent dashboard requests share one computation per database: at 1M users each one
 * reads every player for the live balance totals (about 300 ms on PostgreSQL), and ten at
 * once queued on two cores (p50 1.4 s). A request joins a computation only if no write
 * request reached this API since it started (`noteWrite`, an onRequest hook for every
 * non-GET), so a saved balance always shows on the next dashboard load; writes made by
 * others are seen at most one computation late. Nothing is kept once it is answered.
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
 * The dashboard. Totals are sums of player balances; totalInventory counts gifts still on
 * the platform (every inventory row not `withdrawn`); pending withdrawals are undecided
 * requests, done withdrawals approved ones (rejections count as neither). Percentages are
 * of all players, with two decimals.
 */
async function readDashboardStats(db: Db, now: Date): Promise<DashboardStatsResponse> {
  const referrer = alias(users, 'referrer');
  const [balances, inventory, withdrawalCounts, lastUsers, { countries, completers, referrers }] = await Promise.all([
    db
      .select({
        users: count(),
        ton: sql<string>`coalesce(sum(${users.tonBalance}), 0)`,
        stars: sql<string>`coalesce(sum(${users.starsBalance}), 0)`,
        redChip: sql<string>`coalesce(sum(${users.redChipBalance}), 0)`,
      })
      .from(users),
    db.select({ n: count() }).from(inventories).where(ne(inventories.status, 'withdrawn')),
    db
      .select({
        pending: sql<number>`count(*) filter (where ${isNull(withdrawals.decision)})`.mapWith(Number),
        done: sql<number>`count(*) filter (where ${withdrawals.status})`.mapWith(Number),
      })
      .from(withdrawals),
    db
      .select({
        username: displayName,
        refUsername: sql<string | null>`coalesce(${referrer.username}, ${referrer.firstName})`,
        countryName: users.countryName,
        countryFlag: users.countryFlag,
        createdAt: users.createdAt,
      })
      .from(users)
      .leftJoin(referrer, eq(referrer.telegramId, users.referredBy))
      .orderBy(desc(users.createdAt), desc(users.telegramId))
      .limit(10),
    rankings(db, now),
  ]);
  const totals = balances[0];
  const totalUsers = num(totals?.users);
  return {
    totalTon: num(totals?.ton),
    totalStars: num(totals?.stars),
    totalRedChip: num(totals?.redChip),
    totalInventory: num(inventory[0]?.n),
    totalPendingWithdrawals: num(withdrawalCounts[0]?.pending),
    totalDoneWithdrawals: num(withdrawalCounts[0]?.done),
    top10Countries: countries.map((c) => ({
      ...c,
      userCount: num(c.userCount),
      percentage: totalUsers ? Math.round((num(c.userCount) / totalUsers) * 10_000) / 100 : 0,
    })),
    lastRegisteredUsers: lastUsers.map(({ createdAt, ...u }) => ({ ...u, timeAgo: timeAgo(createdAt, now) })),
    top10TaskCompleters: completers.map((r) => ({ username: r.username, countryFlag: r.countryFlag, count: num(r.n) })),
    top10Referrers: referrers.map((r) => ({ username: r.username, countryFlag: r.countryFlag, refCount: num(r.n) })),
  };
}
