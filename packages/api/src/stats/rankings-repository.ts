import { desc, eq, gt, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../db/client';
import { countryCounts, userCounts, users } from '../db/schema/index';

/** A player's display name: the Telegram username, else the first name (users without one). */
export const displayName = sql<string | null>`coalesce(${users.username}, ${users.firstName})`;
export const num = (v: unknown): number => (v === null || v === undefined ? 0 : Number(v));

type Ranked = { telegramId: number; username: string | null; countryFlag: string | null; n: number };
type Rankings = {
  countries: { countryName: string | null; countryFlag: string | null; userCount: number }[];
  completers: Ranked[];
  referrers: Ranked[];
};

/**
 * The three all-time top-10 lists, live: each reads the first rows of a trigger-kept counter
 * (`country_counts`; `user_counts.completions` and `.referrals` through their partial
 * indexes), then joins only the ten players. Ties go to the smaller country name or Telegram id.
 */
export async function rankings(db: Db): Promise<Rankings> {
  const [countries, completers, referrers] = await Promise.all([
    topCountries(db),
    topRanked(db, userCounts.completions),
    topRanked(db, userCounts.referrals),
  ]);
  return {
    countries: countries.map((c) => ({ ...c, userCount: num(c.userCount) })),
    completers: completers.map((r) => ({ ...r, n: num(r.n) })),
    referrers: referrers.map((r) => ({ ...r, n: num(r.n) })),
  };
}

function topCountries(db: Db) {
  return db
    .select({
      countryName: countryCounts.countryName,
      countryFlag: sql<string | null>`nullif(${countryCounts.countryFlag}, '')`,
      userCount: countryCounts.players,
    })
    .from(countryCounts)
    .where(gt(countryCounts.players, 0))
    .orderBy(desc(countryCounts.players), countryCounts.countryName)
    .limit(10);
}

/**
 * The ten players with the highest counter (players with none are not ranked). The order is
 * spelled `desc nulls last` as the partial index stores it: a plain `desc` means nulls first,
 * which the planner cannot read from that index (it does not use the column's NOT NULL), so it
 * would sort every counted player instead of reading the index's first ten entries.
 */
export function topRanked(db: DbOrTx, counter: typeof userCounts.completions | typeof userCounts.referrals) {
  const ranked = db
    .select({ id: sql<number>`${userCounts.telegramId}`.as('id'), n: sql<number>`${counter}`.as('n') })
    .from(userCounts)
    .where(gt(counter, 0))
    .orderBy(sql`${counter} desc nulls last`, userCounts.telegramId)
    .limit(10)
    .as('ranked');
  return db
    .select({
      telegramId: users.telegramId,
      username: displayName,
      countryFlag: users.countryFlag,
      n: ranked.n,
    })
    .from(ranked)
    .innerJoin(users, eq(users.telegramId, ranked.id))
    .orderBy(desc(ranked.n), users.telegramId);
}
