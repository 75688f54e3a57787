import { sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { games, users } from '../db/schema/index';
import { col, iso } from '../exports/columns';
import type { ExportPlan } from '../exports/csv-stream';
import { gameSearch } from './repository';

const player1 = alias(users, 'player1');
const player2 = alias(users, 'player2');
const reward = (side: 'player1_rewards' | 'player2_rewards', key: 'ton' | 'stars' | 'totalAmount') =>
  sql`${sql.identifier('games')}.${sql.identifier(side)} ->> ${key}`;

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
