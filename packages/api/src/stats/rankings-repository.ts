import { count, desc, eq, isNotNull, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { taskCompletions, users } from '../db/schema/index';

/** A player's display name: the Telegram username, else the first name (users without one). */
export const displayName = sql<string | null>`coalesce(${users.username}, ${users.firstName})`;
export const num = (v: unknown): number => (v === null || v === undefined ? 0 : Number(v));

/**
 * The three all-time top-10 lists (countries, task completers, inviters) aggregate every
 * player and every completion: about 480, 230 and 200 ms at 1M users / 2.6M completions on
 * PostgreSQL 15, and most of the dashboard's time. A ranking over a year of data does not move
 * within a minute, so they are kept RANKINGS_TTL_MS per database (measured by the app clock;
 * concurrent requests share one computation). Totals, withdrawals and the newest players
 * stay live, so a balance edit shows on the next dashboard load.
 */
export const RANKINGS_TTL_MS = 60_000;
type Rankings = { countries: { countryName: string | null; countryFlag: string | null; userCount: number }[]; completers: Ranked[]; referrers: Ranked[] };
type Ranked = { username: string | null; countryFlag: string | null; n: number };
const rankingsCache = new WeakMap<Db, { at: number; value: Promise<Rankings> }>();

export function rankings(db: Db, now: Date): Promise<Rankings> {
  const cached = rankingsCache.get(db);
  if (cached && now.getTime() >= cached.at && now.getTime() - cached.at < RANKINGS_TTL_MS) return cached.value;
  const value = Promise.all([topCountries(db), topTaskCompleters(db), topReferrers(db)]).then(([countries, completers, referrers]) => ({
    countries: countries.map((c) => ({ ...c, userCount: num(c.userCount) })),
    completers: completers.map((r) => ({ ...r, n: num(r.n) })),
    referrers: referrers.map((r) => ({ ...r, n: num(r.n) })),
  }));
  rankingsCache.set(db, { at: now.getTime(), value });
  value.catch(() => rankingsCache.get(db)?.value === value && rankingsCache.delete(db));
  return value;
}

async function topCountries(db: Db) {
  return db
      .select({ countryName: users.countryName, countryFlag: users.countryFlag, userCount: count() })
      .from(users)
      .where(isNotNull(users.countryName))
      .groupBy(users.countryName, users.countryFlag)
      .orderBy(desc(count()), users.countryName)
      .limit(10);
}

/** The ten players of a ranking subquery (`id`, `n`), joined only once it kept ten. */
function rankedPlayers(db: Db, ranked: ReturnType<typeof mostCompletions>) {
  return db
    .select({ username: displayName, countryFlag: users.countryFlag, n: ranked.n })
    .from(ranked)
    .innerJoin(users, eq(users.telegramId, ranked.id))
    .orderBy(desc(ranked.n), users.telegramId);
}

const mostCompletions = (db: Db) =>
  db
    .select({ id: sql<number>`${taskCompletions.telegramId}`.as('id'), n: count().as('n') })
    .from(taskCompletions)
    .groupBy(taskCompletions.telegramId)
    .orderBy(desc(count()), taskCompletions.telegramId)
    .limit(10)
    .as('ranked');

/** Players with the most task completions: aggregate, keep ten, then join only those ten. */
const topTaskCompleters = (db: Db) => rankedPlayers(db, mostCompletions(db));

/** Players who invited the most others (users.referred_by), same shape. */
function topReferrers(db: Db) {
  const ranked = db
    .select({ id: sql<number>`${users.referredBy}`.as('id'), n: count().as('n') })
    .from(users)
    .where(isNotNull(users.referredBy))
    .groupBy(users.referredBy)
    .orderBy(desc(count()), users.referredBy)
    .limit(10)
    .as('ranked');
  return rankedPlayers(db, ranked);
}
