import { desc, eq, or } from 'drizzle-orm';
import type { UpdateBalancesRequest, UserDetail, UserSummary } from '@manager/contract';
import { writeAudit } from '../db/audit';
import type { Db } from '../db/client';
import { games, inventories, users, withdrawals, type UserRow } from '../db/schema/index';
import { notFound } from '../plugins/envelope';
import { countsFor, countsOf, toUserSummary } from './user-summary';

/** How much history the detail page's tabs show (newest first). */
const DETAIL_LIMITS = { withdrawals: 20, games: 20, inventories: 50 } as const;
const USER_NOT_FOUND = 'User not found';

/** A player's detail page: the player, their referrer and recent withdrawals, games, gifts. */
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

const balancesOf = (row: UserRow) => ({
  tonBalance: row.tonBalance,
  starsBalance: row.starsBalance,
  redChipBalance: row.redChipBalance,
  playBalance: row.playBalance,
  refNormal: row.refNormal,
  refPremium: row.refPremium,
});

/**
 * The console edits TON in cents (step 0.01) but the column keeps 9 decimals: a posted value
 * equal to the stored balance rounded to cents means "not edited", so saving another field
 * never rounds a sub-cent TON balance (which would create or destroy money).
 */
function tonToStore(posted: number, stored: string): string {
  const storedCents = Math.round(Number(stored) * 100);
  return Math.round(posted * 100) === storedCents ? stored : posted.toFixed(2);
}

/**
 * A balance edit. The row is locked (FOR UPDATE) so the audit's "before" is
 * what this edit replaced even when two admins save at once; change and audit row commit
 * together or not at all. TON is stored from its 2-decimal text, never through a float sum.
 */
export async function updateBalances(
  db: Db,
  telegramId: number,
  body: UpdateBalancesRequest,
  adminId: number,
  now: Date,
): Promise<UserSummary> {
  const updated = await db.transaction(async (tx) => {
    const [before] = await tx.select().from(users).where(eq(users.telegramId, telegramId)).for('update');
    if (!before) throw notFound(USER_NOT_FOUND);
    const [after] = await tx
      .update(users)
      .set({ ...body, tonBalance: tonToStore(body.tonBalance, before.tonBalance), updatedAt: now })
      .where(eq(users.telegramId, telegramId))
      .returning();
    if (!after) throw notFound(USER_NOT_FOUND);
    await writeAudit(tx, {
      adminId,
      action: 'user.balances.update',
      entity: 'user',
      entityId: telegramId,
      before: balancesOf(before),
      after: { ...balancesOf(after), at: now.toISOString() },
    });
    return after;
  });
  const counts = await countsFor(db, [telegramId]);
  return toUserSummary(updated, countsOf(counts, telegramId), now);
}
