import { and, eq, or, sql } from 'drizzle-orm';
import type { Admin, BuiltInRole, TwoFactorSetupResponse } from '@manager/contract';
import type { SessionLimits } from '../config';
import { writeAudit } from '../db/audit';
import type { Db, DbOrTx } from '../db/client';
import { admins, type AdminRow } from '../db/schema/auth';
import { lockAdmin } from './admin-lock';
import { grantRoles } from './role-repository';
import {
  activatePendingCodes,
  deleteBackupCodes,
  generateBackupCodes,
  storeBackupCodes,
} from './backup-code-repository';
import { voidChallenges } from './challenge-repository';
import { countPasskeys } from './passkeys/passkey-repository';
import { endOtherSessions } from './session-repository';
import { generateTotpSecret, otpauthUrl } from './totp';

/** The admin as the API shows it: never the hash, secrets or counters. */
export const toAdmin = (row: AdminRow): Admin => ({
  id: row.id,
  username: row.username,
  email: row.email,
  twoFactorEnabled: row.twoFactorEnabled,
});

/** The identifier is a username or an e-mail address, compared case-insensitively. */
export async function findAdminByIdentifier(db: DbOrTx, identifier: string): Promise<AdminRow | undefined> {
  const value = identifier.trim().toLowerCase();
  const [row] = await db
    .select()
    .from(admins)
    .where(or(sql`lower(${admins.username}) = ${value}`, sql`lower(${admins.email}) = ${value}`))
    .limit(1);
  return row;
}

export async function findAdminById(db: DbOrTx, id: number): Promise<AdminRow | undefined> {
  const [row] = await db.select().from(admins).where(eq(admins.id, id));
  return row;
}

export async function hasAdmins(db: DbOrTx): Promise<boolean> {
  const [row] = await db.select({ id: admins.id }).from(admins).limit(1);
  return row !== undefined;
}

/**
 * Adds an administrator with two-factor off, holding the built-in `roles`, audited (no acting
 * admin: a command did it). Null when the username or e-mail address is taken in any letter
 * case (the unique indexes decide, so two concurrent commands cannot both succeed).
 */
export async function createAdmin(
  db: Db,
  values: { username: string; email: string | null; passwordHash: string },
  roles: readonly BuiltInRole[],
): Promise<AdminRow | null> {
  return db.transaction(async (tx) => {
    const [row] = await tx.insert(admins).values(values).onConflictDoNothing().returning();
    if (!row) return null;
    await grantRoles(tx, row.id, roles);
    await writeAudit(tx, {
      adminId: null,
      action: 'auth.admin.create',
      entity: 'admin',
      entityId: row.id,
      after: { username: row.username, email: row.email, roles },
    });
    return row;
  });
}

/** Keeps a new secret and its backup codes pending until `enableTwoFactor` proves the authenticator holds it. */
export async function startTwoFactorSetup(
  db: Db,
  admin: Pick<AdminRow, 'id' | 'username'>,
  now: Date,
): Promise<TwoFactorSetupResponse> {
  const secret = generateTotpSecret();
  const backupCodes = generateBackupCodes();
  await db.transaction(async (tx) => {
    await tx.update(admins).set({ totpPendingSecret: secret, updatedAt: now }).where(eq(admins.id, admin.id));
    await storeBackupCodes(tx, admin.id, backupCodes, true);
  });
  return { secret, backupCodes, otpauthUrl: otpauthUrl(admin.username, secret) };
}

/**
 * After a two-factor change (an authenticator, backup codes, a passkey) only the session that made it (`keepFamilyId`; none at enrolment,
 * which opens its session next) stays signed in: whoever else held a session, perhaps with a
 * stolen token, is signed out, and sign-ins halfway through are voided. Returns how many
 * sessions ended, for the audit row.
 */
export async function endOthers(
  tx: DbOrTx,
  adminId: number,
  keepFamilyId: string | null,
  now: Date,
  limits: SessionLimits,
): Promise<number> {
  await voidChallenges(tx, adminId, now);
  return (await endOtherSessions(tx, adminId, keepFamilyId, now, limits, 'two_factor')).length;
}

/** Who made a two-factor change: a session (settings), or a sign-in that enrols (no session yet). */
export type ChangedBy = { familyId: string } | { enrolment: true };
const keptFamily = (by: ChangedBy) => ('familyId' in by ? by.familyId : null);

/**
 * Activates the pending secret (whose code matched at `step`) and its backup codes. Null
 * when the pending secret is no longer `secret`: a second setup (another tab) since it was
 * read replaced the secret and the codes, and enabling would activate codes never shown.
 */
export async function enableTwoFactor(
  db: DbOrTx,
  adminId: number,
  secret: string,
  step: number,
  now: Date,
  by: ChangedBy,
  limits: SessionLimits,
): Promise<AdminRow | null> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(admins)
      .set({
        twoFactorEnabled: true,
        totpSecret: secret,
        totpPendingSecret: null,
        totpLastStep: step,
        updatedAt: now,
      })
      .where(
        and(eq(admins.id, adminId), eq(admins.totpPendingSecret, secret), eq(admins.twoFactorEnabled, false)),
      )
      .returning();
    if (!row) return null;
    await activatePendingCodes(tx, adminId);
    const sessionsEnded = await endOthers(tx, adminId, keptFamily(by), now, limits);
    await writeAudit(tx, {
      adminId,
      action: 'auth.2fa.enable',
      entity: 'admin',
      entityId: adminId,
      before: { twoFactorEnabled: false },
      after: { twoFactorEnabled: true, sessionsEnded, ...('enrolment' in by ? { atSignIn: true } : {}) },
    });
    return row;
  });
}

/**
 * Turns the authenticator off. With `keepOneFactor` (two-factor required) only while the admin
 * has a passkey: counted after the admin row is locked, so a passkey removed meanwhile (which
 * locks it first too) cannot leave the admin with no second factor. Null, with nothing
 * written, when that refuses.
 */
export async function disableTwoFactor(
  db: Db,
  adminId: number,
  now: Date,
  by: { familyId: string },
  limits: SessionLimits,
  keepOneFactor: boolean,
): Promise<AdminRow | null> {
  return db.transaction(async (tx) => {
    await lockAdmin(tx, adminId);
    if (keepOneFactor && (await countPasskeys(tx, adminId)) === 0) return null;
    const row = await clearAuthenticator(tx, adminId, now);
    const sessionsEnded = await endOthers(tx, adminId, by.familyId, now, limits);
    await writeAudit(tx, {
      adminId,
      action: 'auth.2fa.disable',
      entity: 'admin',
      entityId: adminId,
      before: { twoFactorEnabled: true },
      after: { twoFactorEnabled: false, sessionsEnded },
    });
    return row ?? null;
  });
}

/**
 * Removes an admin's authenticator and backup codes (their passkeys stay): turning two-factor
 * off, or an Owner's reset of it. The replay guard goes with the secret: keeping its last step
 * would refuse a new secret's valid code for up to a minute after re-enabling.
 */
export async function clearAuthenticator(
  tx: DbOrTx,
  adminId: number,
  now: Date,
): Promise<AdminRow | undefined> {
  const [row] = await tx
    .update(admins)
    .set({
      twoFactorEnabled: false,
      totpSecret: null,
      totpPendingSecret: null,
      totpLastStep: null,
      updatedAt: now,
    })
    .where(eq(admins.id, adminId))
    .returning();
  await deleteBackupCodes(tx, adminId);
  return row;
}

/** New backup codes replace every old one, used or not. */
export async function replaceBackupCodes(
  db: Db,
  adminId: number,
  codes: string[],
  now: Date,
  by: { familyId: string },
  limits: SessionLimits,
): Promise<void> {
  await db.transaction(async (tx) => {
    await lockAdmin(tx, adminId);
    await storeBackupCodes(tx, adminId, codes, false);
    const sessionsEnded = await endOthers(tx, adminId, by.familyId, now, limits);
    await writeAudit(tx, {
      adminId,
      action: 'auth.2fa.backup_codes.regenerate',
      entity: 'admin',
      entityId: adminId,
      after: { count: codes.length, sessionsEnded },
    });
  });
}
