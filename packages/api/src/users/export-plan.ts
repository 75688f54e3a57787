import { and, sql } from 'drizzle-orm';
import type { usersExportQuerySchema } from '@manager/contract';
import type { z } from 'zod';
import { userCounts, users } from '../db/schema/index';
import { col, iso } from '../exports/columns';
import type { ExportPlan } from '../exports/csv-stream';
import { playerSearch } from '../lib/search';
import { filtersWhere } from './list-filters';

/**
 * Players, newest first, with the users list's search (names or the exact Telegram id) and its
 * status and type filters, online counted from `now` as the list does.
 */
export function usersPlan(q: z.output<typeof usersExportQuerySchema>, now: Date): ExportPlan {
  return {
    list: 'users',
    columns: [
      col('telegramId', users.telegramId),
      col('username', users.username, true),
      col('firstName', users.firstName, true),
      col('lastName', users.lastName, true),
      col('isPremium', users.isPremium),
      col('countryName', users.countryName, true),
      col('lang', users.lang, true),
      col('tonBalance', users.tonBalance),
      col('starsBalance', users.starsBalance),
      col('redChipBalance', users.redChipBalance),
      col('playBalance', users.playBalance),
      col('refNormal', users.refNormal),
      col('refPremium', users.refPremium),
      col('refTon', users.refTon),
      col('refRedChip', users.refRedChip),
      col('totalGames', sql`coalesce(${userCounts.games}, 0)`),
      col('gamesWon', sql`coalesce(${userCounts.won}, 0)`),
      col('gamesLost', sql`coalesce(${userCounts.games} - ${userCounts.won}, 0)`),
      col('referralsCount', sql`coalesce(${userCounts.referrals}, 0)`),
      col('dailyStrike', users.dailyStrike),
      col('maxStrike', users.maxStrike),
      col('createdAt', iso(users.createdAt)),
      col('lastActive', iso(users.lastActive)),
    ],
    from: sql`${users} left join ${userCounts} on ${userCounts.telegramId} = ${users.telegramId}`,
    where: and(playerSearch(q.search), filtersWhere(q, now)),
    order: [
      { expr: sql`${users.createdAt}`, desc: true, type: 'timestamptz' },
      { expr: sql`${users.telegramId}`, desc: true, type: 'bigint' },
    ],
  };
}
