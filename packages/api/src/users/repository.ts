import { desc, eq, or } from 'drizzle-orm';
import type { UpdateBalancesRequest, UserDetail, UserSummary } from '@manager/contract';
import { writeAudit } from '../db/audit';
import type { Db } from '../db/client';
import { games, inventories, users, withdrawals, type UserRow } from '../db/schema/index';
import { conflict, notFound } from '../lib/envelope';
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
          .select({
            avatar: users.avatar,
            username: users.username,
            telegramId: users.telegramId,
            joinedAt: users.createdAt,
          })
          .from(users)
          .where(eq(users.telegramId, user.referredBy))
          .limit(1),
    db
      .select({
        name: inventories.name,
        createdAt: withdrawals.createdAt,
        status: withdrawals.status,
        decision: withdrawals.decision,
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
      rejected: w.decision === 'rejected',
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

const BALANCES_CHANGED = 'Balances changed since you opened them';

/**
 * Whether the stored figures are still the ones the admin saw. TON travels as a JSON number, so
 * the admin saw the shortest decimal text of `Number(stored)`; the check compares that text with
 * the text of the posted number: equal texts, no arithmetic, no rounding. A stored TON with at
 * most 15 significant digits (every balance under a million TON at nanoton precision, every
 * balance with cents) reads back exactly, so any change to it is seen; on a larger balance
 * with nanoton digits, a change below its 16th digit is not visible to the client, nor here.
 * The other figures are whole numbers, exact in JS.
 */
function unchangedSince(expected: UpdateBalancesRequest['expected'], row: UserRow): boolean {
  return (
    String(Number(row.tonBalance)) === String(expected.tonBalance) &&
    row.starsBalance === expected.starsBalance &&
    row.redChipBalance === expected.redChipBalance &&
    row.playBalance === expected.playBalance &&
    row.refNormal === expected.refNormal &&
    row.refPremium === expected.refPremium
  );
}

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
 * A balance edit, applied only if the stored figures are still those the admin saw
 * (`expected`): the row is locked (FOR UPDATE) before the comparison, so of two admins saving
 * from the same figures the second waits, finds the first one's values and gets 409 with the
 * current user; nothing is written then, not even an audit row. A change and its audit row
 * (the figures it changed, old and new, and the admin's reason) commit together or not at all.
 * TON is stored from its 2-decimal text, never through a float sum.
 */
export async function updateBalances(
  db: Db,
  telegramId: number,
  { expected, reason, ...values }: UpdateBalancesRequest,
  adminId: number,
  now: Date,
): Promise<UserSummary> {
  const outcome = await db.transaction(async (tx) => {
    const [before] = await tx.select().from(users).where(eq(users.telegramId, telegramId)).for('update');
    if (!before) throw notFound(USER_NOT_FOUND);
    if (!unchangedSince(expected, before)) return { saved: false, row: before };
    const [after] = await tx
      .update(users)
      .set({ ...values, tonBalance: tonToStore(values.tonBalance, before.tonBalance), updatedAt: now })
      .where(eq(users.telegramId, telegramId))
      .returning();
    if (!after) throw notFound(USER_NOT_FOUND);
    await writeAudit(tx, {
      adminId,
      action: 'user.balances.update',
      entity: 'user',
      entityId: telegramId,
      userTelegramId: telegramId,
      before: balancesOf(before),
      after: balancesOf(after),
      reason,
    });
    return { saved: true, row: after };
  });
  const counts = await countsFor(db, [telegramId]);
  const user = toUserSummary(outcome.row, countsOf(counts, telegramId), now);
  if (!outcome.saved) throw conflict(BALANCES_CHANGED, user);
  return user;
}
