import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { and, eq, isNull, ne } from 'drizzle-orm';
import { writeAudit } from '../db/audit';
import type { Db, DbOrTx } from '../db/client';
import { refreshTokens } from '../db/schema/auth';
import { preparedRows } from '../db/prepared';
import { clearSignInFailures } from './throttle-repository';

const REFRESH_TOKEN_TTL_MS = 7 * 24 * 60 * 60 * 1000;

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** Issues an opaque token (only its sha256 is stored); a new family starts a new session. */
async function issueRefreshToken(
  db: DbOrTx,
  adminId: number,
  now: Date,
  familyId: string = randomUUID(),
): Promise<{ refreshToken: string; familyId: string }> {
  const refreshToken = randomBytes(32).toString('base64url');
  await db.insert(refreshTokens).values({
    adminId,
    familyId,
    tokenHash: hashToken(refreshToken),
    expiresAt: new Date(now.getTime() + REFRESH_TOKEN_TTL_MS),
  });
  return { refreshToken, familyId };
}

type RotateResult =
  | { ok: true; adminId: number; familyId: string; refreshToken: string }
  | { ok: false; reason: 'unknown' | 'expired' | 'revoked' | 'reused'; adminId?: number };

/**
 * Trades a refresh token for a new one of the same family. A token that was already used is a
 * replay (stolen or leaked): the whole family is revoked, which also ends its access tokens,
 * with its audit row (who and from where) in the same transaction.
 */
export async function rotateRefreshToken(db: Db, token: string, now: Date): Promise<RotateResult> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(refreshTokens)
      .where(eq(refreshTokens.tokenHash, hashToken(token)))
      .for('update');
    if (!row) return { ok: false, reason: 'unknown' };
    if (row.revokedAt) return { ok: false, reason: 'revoked', adminId: row.adminId };
    if (row.usedAt) {
      await revokeFamily(tx, row.familyId, now);
      await writeAudit(tx, { adminId: row.adminId, action: 'auth.refresh.reuse', entity: 'admin', entityId: row.adminId, after: { revoked: 'family', family: row.familyId } });
      return { ok: false, reason: 'reused', adminId: row.adminId };
    }
    if (row.expiresAt <= now) return { ok: false, reason: 'expired', adminId: row.adminId };
    await tx.update(refreshTokens).set({ usedAt: now }).where(eq(refreshTokens.id, row.id));
    const next = await issueRefreshToken(tx, row.adminId, now, row.familyId);
    return { ok: true, adminId: row.adminId, familyId: row.familyId, refreshToken: next.refreshToken };
  });
}

async function revokeFamily(db: DbOrTx, familyId: string, now: Date): Promise<void> {
  await db
    .update(refreshTokens)
    .set({ revokedAt: now })
    .where(and(eq(refreshTokens.familyId, familyId), isNull(refreshTokens.revokedAt)));
}

/** A session is live while its family has a token that was not revoked (logout, replay). */
export async function isFamilyActive(db: DbOrTx, familyId: string): Promise<boolean> {
  // Every guarded request runs this: a named prepared statement (planned once per connection).
  const rows = await preparedRows(db, 'refresh_family_active', 'select 1 from refresh_tokens where family_id = $1 and revoked_at is null limit 1', [familyId]);
  return rows.length > 0;
}

/**
 * Completes a sign-in: a new refresh-token family (the session), the failures of this account
 * from this address cleared, and the audit row, in one transaction. Null, with nothing written,
 * when the account or the pair was locked while the password or code was checked.
 */
export async function openSession(db: DbOrTx, adminId: number, method: string, ip: string, now: Date): Promise<{ refreshToken: string; familyId: string } | null> {
  return db.transaction(async (tx) => {
    if (!(await clearSignInFailures(tx, adminId, ip, now))) return null;
    const issued = await issueRefreshToken(tx, adminId, now);
    await writeAudit(tx, { adminId, action: 'auth.login.success', entity: 'admin', entityId: adminId, after: { method, family: issued.familyId } });
    return issued;
  });
}

/**
 * Ends every session of the admin except `keepFamilyId` (none: all of them): their refresh
 * tokens are revoked, so the guard refuses their access tokens at once. Returns how many ended.
 */
export async function endOtherSessions(db: DbOrTx, adminId: number, keepFamilyId: string | null, now: Date): Promise<number> {
  const revoked = await db
    .update(refreshTokens)
    .set({ revokedAt: now })
    .where(
      and(
        eq(refreshTokens.adminId, adminId),
        isNull(refreshTokens.revokedAt),
        ...(keepFamilyId ? [ne(refreshTokens.familyId, keepFamilyId)] : []),
      ),
    )
    .returning({ familyId: refreshTokens.familyId });
  return new Set(revoked.map((r) => r.familyId)).size;
}

/** Logout: the session's refresh tokens are revoked (so its access tokens stop working), with the audit row. */
export async function closeSession(db: Db, adminId: number, familyId: string, now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    await revokeFamily(tx, familyId, now);
    await writeAudit(tx, { adminId, action: 'auth.logout', entity: 'admin', entityId: adminId, after: { family: familyId } });
  });
}
