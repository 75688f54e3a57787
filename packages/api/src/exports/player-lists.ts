import { sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { games, userCounts, users } from '../db/schema/index';
import { gameSearch } from '../games/repository';
import { playerSearch } from '../lib/search';
import type { Column, ExportPlan } from './csv-stream';

/** A timestamp as the lists' JSON shows it: ISO 8601 in UTC, to the millisecond. */
export const iso = (column: unknown) => sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

export const col = (header: string, value: unknown, typed = false): Column => ({ header, value: sql`${value}`, typed });

/** Players, newest first, with the users list's search (names or the exact Telegram id). */
export function usersPlan(q: { search?: string }): ExportPlan {
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
    where: playerSearch(q.search),
    order: [
      { expr: sql`${users.createdAt}`, desc: true, type: 'timestamptz' },
      { expr: sql`${users.telegramId}`, desc: true, type: 'bigint' },
    ],
  };
}

const player1 = alias(users, 'player1');
const player2 = alias(users, 'player2');
const reward = (side: 'player1_rewards' | 'player2_rewards', key: 'ton' | 'stars' | 'totalAmount') => sql`${sql.identifier('games')}.${sql.identifier(side)} ->> ${key}`;

/** Game history, newest rooms first, with its search (room code, a player's name or id). */
export function gameHistoryPlan(q: { search?: string }): ExportPlan {
  return {
    list: 'game-history',
    columns: [
      col('id', games.id),
      col('roomCode', games.roomCode, true),
      col('status', games.status),
      col('isPrivate', games.isPrivate),
      col('currentRoundNumber', games.currentRoundNumber),
      col('slippage', games.slippage),
      col('player1TelegramId', games.player1Id),
      col('player1Username', player1.username, true),
      col('player2TelegramId', games.player2Id),
      col('player2Username', player2.username, true),
      col('winnerTelegramId', games.winnerTelegramId),
      col('player1Score', games.score1),
      col('player2Score', games.score2),
      // As stored in the JSON document: jsonb keeps a number's every digit.
      col('player1RewardTon', reward('player1_rewards', 'ton')),
      col('player1RewardStars', reward('player1_rewards', 'stars')),
      col('player1RewardTotal', reward('player1_rewards', 'totalAmount')),
      col('player2RewardTon', reward('player2_rewards', 'ton')),
      col('player2RewardStars', reward('player2_rewards', 'stars')),
      col('player2RewardTotal', reward('player2_rewards', 'totalAmount')),
      col('createdAt', iso(games.createdAt)),
    ],
    from: sql`${games} left join ${users} ${sql.identifier('player1')} on ${player1.telegramId} = ${games.player1Id} left join ${users} ${sql.identifier('player2')} on ${player2.telegramId} = ${games.player2Id}`,
    where: gameSearch(q.search),
    order: [
      { expr: sql`${games.createdAt}`, desc: true, type: 'timestamptz' },
      { expr: sql`${games.id}`, desc: true, type: 'integer' },
    ],
  };
}
