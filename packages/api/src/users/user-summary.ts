import type { UserSummary } from '@manager/contract';
import type { DbOrTx } from '../db/client';
import { preparedRows } from '../db/prepared';
import type { UserRow } from '../db/schema/index';
import { timeAgo } from '../lib/time-ago';

/** A stored player as the contract's user summary (money as numbers, dates as ISO text). */
export function toUserSummary(row: UserRow, counts: UserCounts, now: Date): UserSummary {
  return {
    telegramId: row.telegramId,
    username: row.username,
    firstName: row.firstName,
    lastName: row.lastName,
    avatar: row.avatar,
    isPremium: row.isPremium,
    countryName: row.countryName,
    countryFlag: row.countryFlag,
    lang: row.lang,
    tonBalance: Number(row.tonBalance),
    starsBalance: row.starsBalance,
    redChipBalance: row.redChipBalance,
    playBalance: row.playBalance,
    refNormal: row.refNormal,
    refPremium: row.refPremium,
    refTon: Number(row.refTon),
    refRedChip: row.refRedChip,
    ...counts,
    dailyStrike: row.dailyStrike,
    maxStrike: row.maxStrike,
    updatedAt: row.updatedAt.toISOString(),
    createdAt: row.createdAt.toISOString(),
    lastActive: row.lastActive?.toISOString() ?? null,
    joinedAgo: timeAgo(row.createdAt, now),
  };
}

interface UserCounts {
  totalGames: number;
  gamesWon: number;
  gamesLost: number;
  referralsCount: number;
}
const ZERO: UserCounts = { totalGames: 0, gamesWon: 0, gamesLost: 0, referralsCount: 0 };

type Row = { id: string | number; total: string | number; won: string | number; refs: string | number };

const COUNTS_SQL = `
  with ids(id) as (select unnest($1::bigint[])),
  played as (
    select p.id, count(*) as total, count(*) filter (where g.winner_telegram_id = p.id) as won
    from ids p
    join games g on (g.player1_id = p.id or g.player2_id = p.id) and g.status = 'finished'
    group by p.id
  ),
  refs as (
    select u.referred_by as id, count(*) as refs from users u
    where u.referred_by in (select id from ids) group by u.referred_by
  )
  select ids.id, coalesce(played.total, 0) as total, coalesce(played.won, 0) as won, coalesce(refs.refs, 0) as refs
  from ids left join played on played.id = ids.id left join refs on refs.id = ids.id`;

/**
 * Games, wins, losses and referrals of a page of players in ONE query (no N+1): finished games
 * only (open and cancelled rooms have no result), found through the player1/player2 indexes.
 * One array parameter and a prepared statement: the text never changes with the page size.
 */
export async function countsFor(db: DbOrTx, ids: number[]): Promise<Map<number, UserCounts>> {
  const result = new Map<number, UserCounts>();
  if (ids.length === 0) return result;
  const rows = await preparedRows<Row>(db, 'user_counts', COUNTS_SQL, [ids]);
  for (const row of rows) {
    const total = Number(row.total);
    const won = Number(row.won);
    result.set(Number(row.id), {
      totalGames: total,
      gamesWon: won,
      gamesLost: total - won,
      referralsCount: Number(row.refs),
    });
  }
  return result;
}

export const countsOf = (map: Map<number, UserCounts>, id: number): UserCounts => map.get(id) ?? ZERO;
