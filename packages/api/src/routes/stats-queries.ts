import { count, desc, eq, gt, inArray, isNotNull, isNull, ne, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { ONLINE_WINDOW_MS, type DashboardStatsResponse, type MetricsResponse } from '@manager/contract';
import type { Db } from '../db/client';
import { ACTIVE_GAME_STATUSES, games, inventories, taskCompletions, users, withdrawals } from '../db/schema/index';
import { timeAgo } from './time-ago';

/** A player's display name: the Telegram username, else the first name (users without one). */
const displayName = sql<string | null>`coalesce(${users.username}, ${users.firstName})`;
const num = (v: unknown): number => (v === null || v === undefined ? 0 : Number(v));

/**
 * Top-bar counters. Online = seen within the 5-minute window before `now` (index on
 * last_active); active games = rooms `waiting` or `in_progress` (a partial index).
 */
export async function readMetrics(db: Db, now: Date): Promise<MetricsResponse> {
  const since = new Date(now.getTime() - ONLINE_WINDOW_MS);
  const [totalUsers, onlineUsers, activeGames] = await Promise.all([
    db.select({ n: count() }).from(users),
    db.select({ n: count() }).from(users).where(gt(users.lastActive, since)),
    db.select({ n: count() }).from(games).where(inArray(games.status, [...ACTIVE_GAME_STATUSES])),
  ]);
  return { totalUsers: num(totalUsers[0]?.n), onlineUsers: num(onlineUsers[0]?.n), activeGames: num(activeGames[0]?.n) };
}

/**
 * The dashboard. Totals are sums of player balances; totalInventory counts gifts still on
 * the platform (every inventory row not `withdrawn`); pending withdrawals are undecided
 * requests, done withdrawals approved ones (rejections count as neither). Percentages are
 * of all players, with two decimals.
 */
export async function readDashboardStats(db: Db, now: Date): Promise<DashboardStatsResponse> {
  const referrer = alias(users, 'referrer');
  const [balances, inventory, withdrawalCounts, countries, lastUsers, completers, referrers] = await Promise.all([
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
      .select({ countryName: users.countryName, countryFlag: users.countryFlag, userCount: count() })
      .from(users)
      .where(isNotNull(users.countryName))
      .groupBy(users.countryName, users.countryFlag)
      .orderBy(desc(count()), users.countryName)
      .limit(10),
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
    topTaskCompleters(db),
    topReferrers(db),
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

/** Players with the most task completions: aggregate, keep ten, then join only those ten. */
async function topTaskCompleters(db: Db) {
  const ranked = db
    .select({ id: taskCompletions.telegramId, n: count().as('n') })
    .from(taskCompletions)
    .groupBy(taskCompletions.telegramId)
    .orderBy(desc(count()), taskCompletions.telegramId)
    .limit(10)
    .as('ranked');
  return db
    .select({ username: displayName, countryFlag: users.countryFlag, n: ranked.n })
    .from(ranked)
    .innerJoin(users, eq(users.telegramId, ranked.id))
    .orderBy(desc(ranked.n), users.telegramId);
}

/** Players who invited the most others (users.referred_by), same shape. */
async function topReferrers(db: Db) {
  const ranked = db
    .select({ id: users.referredBy, n: count().as('n') })
    .from(users)
    .where(isNotNull(users.referredBy))
    .groupBy(users.referredBy)
    .orderBy(desc(count()), users.referredBy)
    .limit(10)
    .as('ranked');
  return db
    .select({ username: displayName, countryFlag: users.countryFlag, n: ranked.n })
    .from(ranked)
    .innerJoin(users, eq(users.telegramId, ranked.id))
    .orderBy(desc(ranked.n), users.telegramId);
}
