import { and, eq, isNull, lt, or } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { admins, type AdminRow } from '../db/schema/auth';
import { consumeBackupCode } from './backup-code-repository';
import { countPasskeys } from './passkeys/passkey-repository';
import { matchTotpStep } from './totp';

type SecondFactorMethod = 'totp' | 'backup_code';

/**
 * Checks a 6-digit authenticator code or a backup code and uses it up: the TOTP step is
 * recorded with a conditional update, so the same code (or an older one) never works twice,
 * even for two requests racing.
 */
export async function useSecondFactor(
  db: DbOrTx,
  admin: AdminRow,
  input: string,
  now: Date,
): Promise<SecondFactorMethod | null> {
  const code = input.trim();
  if (/^\d{6}$/.test(code)) {
    if (!admin.totpSecret) return null;
    const step = matchTotpStep(admin.totpSecret, code, now.getTime() / 1000, admin.totpLastStep);
    if (step === null) return null;
    const updated = await db
      .update(admins)
      .set({ totpLastStep: step })
      .where(and(eq(admins.id, admin.id), or(isNull(admins.totpLastStep), lt(admins.totpLastStep, step))))
      .returning({ id: admins.id });
    return updated.length === 1 ? 'totp' : null;
  }
  return (await consumeBackupCode(db, admin.id, code, now)) ? 'backup_code' : null;
}

/** The second factors the admin can sign in with: the authenticator app (with its backup codes), passkeys. None: a password alone. */
export async function secondFactorMethods(db: DbOrTx, admin: AdminRow): Promise<Array<'totp' | 'passkey'>> {
  const methods: Array<'totp' | 'passkey'> = admin.twoFactorEnabled ? ['totp'] : [];
  if ((await countPasskeys(db, admin.id)) > 0) methods.push('passkey');
  return methods;
}
