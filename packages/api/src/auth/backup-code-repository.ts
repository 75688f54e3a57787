import { randomInt } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { backupCodes } from '../db/schema/auth';
import { hashPassword, verifyPassword } from './passwords';

const BACKUP_CODE_COUNT = 10;
const CHARS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
const FORMAT = /^[A-Z0-9]{4}-[A-Z0-9]{4}$/;

/** Ten codes XXXX-XXXX from a CSPRNG (36^8, about 41 bits each). */
export function generateBackupCodes(count = BACKUP_CODE_COUNT): string[] {
  const one = () => Array.from({ length: 8 }, () => CHARS[randomInt(CHARS.length)]).join('');
  return Array.from({ length: count }, () => {
    const raw = one();
    return `${raw.slice(0, 4)}-${raw.slice(4)}`;
  });
}

/** Users type codes in any case and may drop the dash. */
function normalizeBackupCode(input: string): string | null {
  const compact = input.trim().toUpperCase().replace(/[\s-]/g, '');
  const code = compact.length === 8 ? `${compact.slice(0, 4)}-${compact.slice(4)}` : compact;
  return FORMAT.test(code) ? code : null;
}

/**
 * Replaces the admin's codes of one kind. Codes are hashed with argon2id like passwords:
 * 41 bits would fall quickly to an offline attack on a fast hash.
 */
export async function storeBackupCodes(
  tx: DbOrTx,
  adminId: number,
  codes: string[],
  pending: boolean,
): Promise<void> {
  await tx.delete(backupCodes).where(and(eq(backupCodes.adminId, adminId), eq(backupCodes.pending, pending)));
  const hashes = await Promise.all(codes.map((code) => hashPassword(code)));
  if (hashes.length) {
    await tx.insert(backupCodes).values(hashes.map((codeHash) => ({ adminId, codeHash, pending })));
  }
}

/** Turns the codes handed out at setup into the active set (old active codes are dropped). */
export async function activatePendingCodes(tx: DbOrTx, adminId: number): Promise<void> {
  await tx.delete(backupCodes).where(and(eq(backupCodes.adminId, adminId), eq(backupCodes.pending, false)));
  await tx.update(backupCodes).set({ pending: false }).where(eq(backupCodes.adminId, adminId));
}

export async function deleteBackupCodes(tx: DbOrTx, adminId: number): Promise<void> {
  await tx.delete(backupCodes).where(eq(backupCodes.adminId, adminId));
}

/**
 * Uses up a matching unused code. The update re-checks `used_at IS NULL`, so two concurrent
 * requests with one code cannot both succeed.
 */
export async function consumeBackupCode(
  tx: DbOrTx,
  adminId: number,
  input: string,
  now: Date,
): Promise<boolean> {
  const code = normalizeBackupCode(input);
  if (!code) return false;
  const rows = await tx
    .select({ id: backupCodes.id, codeHash: backupCodes.codeHash })
    .from(backupCodes)
    .where(and(eq(backupCodes.adminId, adminId), eq(backupCodes.pending, false), isNull(backupCodes.usedAt)));
  for (const row of rows) {
    if (!(await verifyPassword(row.codeHash, code))) continue;
    const used = await tx
      .update(backupCodes)
      .set({ usedAt: now })
      .where(and(eq(backupCodes.id, row.id), isNull(backupCodes.usedAt)))
      .returning({ id: backupCodes.id });
    return used.length === 1;
  }
  return false;
}
