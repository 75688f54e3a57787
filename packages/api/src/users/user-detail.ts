import { desc, eq, or } from 'drizzle-orm';
import type { UserDetail } from '@manager/contract';
import type { Db } from '../db/client';
import { games, inventories, users, withdrawals } from '../db/schema/index';
import { notFound } from '../plugins/envelope';
import { countsFor, countsOf } from './user-stats';
import { toUserSummary } from './user-rows';

/** How much history the detail page's tabs show (newest first). */
export const DETAIL_LIMITS = { withdrawals: 20, games: 20, inventories: 50 } as const;
export const USER_NOT_FOUND = 'User not found';

/** GET /users/:telegramId: the player, their referrer and recent withdrawals, games, gifts. */
export async function readUserDetail(db: Db, telegramId: number, now: Date): Promise<UserDetail> {
  const [user] = await db.select().from(users).where(eq(users.telegramId, telegramId)).limit(1);
  if (!user) throw notFound(USER_NOT_FOUND);
  const [counts, referrer, recentWithdrawals, recentGames, gifts] = await Promise.all([
    countsFor(db, [telegramId]),
    user.referredBy === null
      ? Promise.resolve([])
      : db
          .select({ avatar: users.avatar, username: users.username, telegramId: users.telegramId, joinedAt: users.createdAt })
          .from(users)
          .where(eq(users.telegramId, user.referredBy))
          .limit(1),
    db
      .select({
        name: inventories.name,
        createdAt: withdrawals.createdAt,
        status: withdrawals.status,
        currency: withdrawals.currency,
        amount: withdrawals.price,
      })
      .from(withdrawals)
      .leftJoin(inventories, eq(inventories.id, withdrawals.inventoryId))
      .where(eq(withdrawals.telegramId, telegramId))
      .orderBy(desc(withdrawals.createdAt))
      .limit(DETAIL_LIMITS.withdrawals),
    db
      .select()
      .from(games)
      .where(or(eq(games.player1Id, telegramId), eq(games.player2Id, telegramId)))
      .orderBy(desc(games.createdAt))
      .limit(DETAIL_LIMITS.games),
    db
      .select()
      .from(inventories)
      .where(eq(inventories.telegramId, telegramId))
      .orderBy(desc(inventories.createdAt))
      .limit(DETAIL_LIMITS.inventories),
  ]);
  const ref = referrer[0];
  return {
    ...toUserSummary(user, countsOf(counts, telegramId), now),
    recentWithdrawals: recentWithdrawals.map((w) => ({
      inventory: w.name === null ? null : { name: w.name },
      createdAt: w.createdAt.toISOString(),
      status: w.status,
      currency: w.currency,
      amount: Number(w.amount),
    })),
    referredBy: ref ? { ...ref, joinedAt: ref.joinedAt.toISOString() } : null,
    games: recentGames.map((g) => {
      const isPlayer1 = g.player1Id === telegramId;
      return {
        roomCode: g.roomCode,
        isWinner: g.winnerTelegramId === telegramId,
        isPlayer1,
        createdAt: g.createdAt.toISOString(),
        rewards: isPlayer1 ? g.player1Rewards : g.player2Rewards,
        scores: { player1: g.score1, player2: g.score2 },
      };
    }),
    inventories: gifts.map((i) => ({
      name: i.name,
      giftNumber: i.giftNumber,
      status: i.status,
      createdAt: i.createdAt.toISOString(),
      modelThumbUrl: i.modelThumbUrl || null,
      symbolThumbUrl: i.symbolThumbUrl || null,
    })),
  };
}
