import { eq } from 'drizzle-orm';
import type { UpdateBalancesRequest, UserSummary } from '@manager/contract';
import type { Db } from '../db/client';
import { writeAudit } from '../db/audit';
import { users, type UserRow } from '../db/schema/index';
import { notFound } from '../plugins/envelope';
import { USER_NOT_FOUND } from './user-detail';
import { countsFor, countsOf } from './user-stats';
import { toUserSummary } from './user-rows';

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
export function tonToStore(posted: number, stored: string): string {
  const storedCents = Math.round(Number(stored) * 100);
  return Math.round(posted * 100) === storedCents ? stored : posted.toFixed(2);
}

/**
 * PUT /users/:telegramId/balances. The row is locked (FOR UPDATE) so the audit's "before" is
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
