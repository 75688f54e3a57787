import { randomUUID } from 'node:crypto';
import { and, eq, gt, isNotNull, isNull, lte, or } from 'drizzle-orm';
import type { Db, DbOrTx, Tx } from '../db/client';
import { signInChallenges } from '../db/schema/auth';
import { lockAdmin } from './admin-lock';
import { TEMP_TOKEN_TTL_S, type ChallengePurpose } from './tokens';

export interface Challenge {
  id: string;
  adminId: number;
  purpose: ChallengePurpose;
}

const live = (c: Challenge, now: Date) =>
  and(
    eq(signInChallenges.id, c.id),
    eq(signInChallenges.adminId, c.adminId),
    eq(signInChallenges.purpose, c.purpose),
    isNull(signInChallenges.usedAt),
    gt(signInChallenges.expiresAt, now),
  );

/**
 * Starts a sign-in step after a correct password and returns its id (the temp token's jti).
 * The admin's used and expired steps are dropped here, so the table holds only live ones.
 */
export async function openChallenge(
  db: DbOrTx,
  adminId: number,
  purpose: ChallengePurpose,
  now: Date,
): Promise<string> {
  const id = randomUUID();
  await db
    .delete(signInChallenges)
    .where(
      and(
        eq(signInChallenges.adminId, adminId),
        or(isNotNull(signInChallenges.usedAt), lte(signInChallenges.expiresAt, now)),
      ),
    );
  await db.insert(signInChallenges).values({
    id,
    adminId,
    purpose,
    expiresAt: new Date(now.getTime() + TEMP_TOKEN_TTL_S[purpose] * 1000),
  });
  return id;
}

/** True while the step can still open a session (not used, not voided, not expired). */
export async function isChallengeOpen(db: DbOrTx, challenge: Challenge, now: Date): Promise<boolean> {
  const rows = await db
    .select({ id: signInChallenges.id })
    .from(signInChallenges)
    .where(live(challenge, now));
  return rows.length === 1;
}

/** A two-factor change voids the admin's sign-ins halfway through: their temp tokens open nothing. */
export async function voidChallenges(db: DbOrTx, adminId: number, now: Date): Promise<void> {
  await db
    .update(signInChallenges)
    .set({ usedAt: now })
    .where(and(eq(signInChallenges.adminId, adminId), isNull(signInChallenges.usedAt)));
}

export type StepResult<T, R extends string> = { ok: true; value: T } | { ok: false; reason: R };

class Refused<R extends string> extends Error {
  constructor(readonly reason: R) {
    super(reason);
  }
}

/**
 * Completes a sign-in step: in one transaction, the admin row is locked first (the order of
 * admin-lock.ts: `step` writes the admin, its pair counter and its session), the challenge is
 * marked used by a conditional update (a second request with the same temp token waits for the first, then finds it used)
 * and `step` checks the code and opens the session. When `step` refuses (a wrong code),
 * nothing it wrote is kept and the challenge stays open for another try.
 */
export async function completeChallenge<T, R extends string>(
  db: Db,
  challenge: Challenge,
  now: Date,
  step: (tx: Tx) => Promise<StepResult<T, R>>,
): Promise<StepResult<T, R | 'used'>> {
  try {
    return await db.transaction(async (tx) => {
      await lockAdmin(tx, challenge.adminId);
      const claimed = await tx
        .update(signInChallenges)
        .set({ usedAt: now })
        .where(live(challenge, now))
        .returning({ id: signInChallenges.id });
      if (claimed.length !== 1) return { ok: false as const, reason: 'used' as const };
      const result = await step(tx);
      if (!result.ok) throw new Refused(result.reason);
      return result;
    });
  } catch (error) {
    if (error instanceof Refused) return { ok: false, reason: error.reason as R };
    throw error;
  }
}
