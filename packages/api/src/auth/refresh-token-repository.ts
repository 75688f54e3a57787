import { createHash, randomBytes } from 'node:crypto';
import { and, eq, isNull, ne } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { refreshTokens } from '../db/schema/auth';

const REFRESH_TOKEN_TTL_MS = 7 * 24 * 60 * 60 * 1000;

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** Issues an opaque token of the session `familyId` (only its sha256 is stored). */
export async function issueRefreshToken(
  db: DbOrTx,
  adminId: number,
  familyId: string,
  now: Date,
): Promise<string> {
  const refreshToken = randomBytes(32).toString('base64url');
  await db.insert(refreshTokens).values({
    adminId,
    familyId,
    tokenHash: hashToken(refreshToken),
    expiresAt: new Date(now.getTime() + REFRESH_TOKEN_TTL_MS),
  });
  return refreshToken;
}

/** The session's refresh tokens stop working. */
export async function revokeFamily(db: DbOrTx, familyId: string, now: Date): Promise<void> {
  await db
    .update(refreshTokens)
    .set({ revokedAt: now })
    .where(and(eq(refreshTokens.familyId, familyId), isNull(refreshTokens.revokedAt)));
}

/** Every refresh token of the admin stops working, but those of `keepFamilyId` (none: all). */
export async function revokeOtherFamilies(
  db: DbOrTx,
  adminId: number,
  keepFamilyId: string | null,
  now: Date,
): Promise<void> {
  await db
    .update(refreshTokens)
    .set({ revokedAt: now })
    .where(
      and(
        eq(refreshTokens.adminId, adminId),
        isNull(refreshTokens.revokedAt),
        ...(keepFamilyId ? [ne(refreshTokens.familyId, keepFamilyId)] : []),
      ),
    );
}
