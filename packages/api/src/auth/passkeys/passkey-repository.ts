import { randomUUID } from 'node:crypto';
import { and, count, desc, eq, gt, isNotNull, isNull, lt, lte, or } from 'drizzle-orm';
import type { Passkey } from '@manager/contract';
import type { DbOrTx } from '../../db/client';
import { adminPasskeys, passkeyChallenges, type PasskeyRow } from '../../db/schema/auth';

/** How long the options of a ceremony can be answered. */
export const PASSKEY_CHALLENGE_TTL_MS = 5 * 60_000;

/**
 * Whose ceremony a challenge is: a registration or a step-up of a session (`ownerId` the session
 * id), the second factor or the enrolment of a sign-in (`ownerId` the sign-in challenge id).
 */
export interface CeremonyOwner {
  adminId: number;
  purpose: 'register' | 'step_up' | 'sign_in' | 'enrol';
  ownerId: string;
}

const ofOwner = (o: CeremonyOwner) =>
  and(
    eq(passkeyChallenges.adminId, o.adminId),
    eq(passkeyChallenges.purpose, o.purpose),
    eq(passkeyChallenges.ownerId, o.ownerId),
  );

/**
 * Keeps the challenge of a new ceremony. An owner has one live ceremony per purpose: new
 * options replace the previous ones, and the admin's used and expired challenges are dropped,
 * so the table holds a few rows per admin whatever a client sends.
 */
export async function storePasskeyChallenge(
  db: DbOrTx,
  owner: CeremonyOwner,
  challenge: string,
  now: Date,
): Promise<void> {
  await db
    .delete(passkeyChallenges)
    .where(
      and(
        eq(passkeyChallenges.adminId, owner.adminId),
        or(isNotNull(passkeyChallenges.usedAt), lte(passkeyChallenges.expiresAt, now), ofOwner(owner)),
      ),
    );
  await db.insert(passkeyChallenges).values({
    id: randomUUID(),
    ...owner,
    challenge,
    expiresAt: new Date(now.getTime() + PASSKEY_CHALLENGE_TTL_MS),
  });
}

/**
 * Uses up the owner's live challenge when it is `challenge` (a conditional update: of two
 * requests with the same answer, one claims it). Committed on its own, before the signature is
 * checked, so a challenge is answered once whatever the outcome.
 */
export async function claimPasskeyChallenge(
  db: DbOrTx,
  owner: CeremonyOwner,
  challenge: string,
  now: Date,
): Promise<boolean> {
  const claimed = await db
    .update(passkeyChallenges)
    .set({ usedAt: now })
    .where(
      and(
        ofOwner(owner),
        eq(passkeyChallenges.challenge, challenge),
        isNull(passkeyChallenges.usedAt),
        gt(passkeyChallenges.expiresAt, now),
      ),
    )
    .returning({ id: passkeyChallenges.id });
  return claimed.length === 1;
}

export const toPasskey = (row: PasskeyRow): Passkey => ({
  id: row.id,
  name: row.name,
  createdAt: row.createdAt.toISOString(),
  lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
});

/** The admin's passkeys, newest first. */
export async function listPasskeys(db: DbOrTx, adminId: number): Promise<PasskeyRow[]> {
  return db
    .select()
    .from(adminPasskeys)
    .where(eq(adminPasskeys.adminId, adminId))
    .orderBy(desc(adminPasskeys.createdAt), desc(adminPasskeys.id));
}

export async function countPasskeys(db: DbOrTx, adminId: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(adminPasskeys).where(eq(adminPasskeys.adminId, adminId));
  return row?.n ?? 0;
}

/** The admin's passkey with this credential id; another admin's is as unknown as none. */
export async function findPasskey(
  db: DbOrTx,
  adminId: number,
  credentialId: string,
): Promise<PasskeyRow | undefined> {
  const [row] = await db
    .select()
    .from(adminPasskeys)
    .where(and(eq(adminPasskeys.adminId, adminId), eq(adminPasskeys.credentialId, credentialId)));
  return row;
}

export interface NewPasskey {
  adminId: number;
  name: string;
  credentialId: string;
  publicKey: string;
  counter: number;
  transports: string[];
}

/** Null when the credential is registered already (to this admin or another: ids are unique). */
export async function insertPasskey(db: DbOrTx, passkey: NewPasskey, now: Date): Promise<PasskeyRow | null> {
  const [row] = await db
    .insert(adminPasskeys)
    .values({ ...passkey, createdAt: now })
    .onConflictDoNothing({ target: adminPasskeys.credentialId })
    .returning();
  return row ?? null;
}

export async function deletePasskey(db: DbOrTx, adminId: number, id: number): Promise<PasskeyRow | null> {
  const [row] = await db
    .delete(adminPasskeys)
    .where(and(eq(adminPasskeys.adminId, adminId), eq(adminPasskeys.id, id)))
    .returning();
  return row ?? null;
}

/**
 * Records a use of the passkey with the counter its signature carried. The counter must grow
 * (or stay 0 for an authenticator that keeps none): a conditional update, so of two assertions
 * racing with one counter value only one counts. False when it did not.
 */
export async function recordPasskeyUse(
  db: DbOrTx,
  id: number,
  newCounter: number,
  now: Date,
): Promise<boolean> {
  const updated = await db
    .update(adminPasskeys)
    .set({ counter: newCounter, lastUsedAt: now })
    .where(
      and(
        eq(adminPasskeys.id, id),
        newCounter === 0 ? eq(adminPasskeys.counter, 0) : lt(adminPasskeys.counter, newCounter),
      ),
    )
    .returning({ id: adminPasskeys.id });
  return updated.length === 1;
}
