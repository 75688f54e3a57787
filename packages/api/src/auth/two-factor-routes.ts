import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  backupCodesRequestSchema,
  calls,
  disable2faRequestSchema,
  enable2faRequestSchema,
  type AuditAction,
  type BackupCodesResponse,
} from '@manager/contract';
import type { AdminRow } from '../db/schema/auth';
import { route } from '../lib/route';
import { requireFreshStepUp } from '../plugins/auth-guard';
import { AppError, badRequest, conflict, ok, parse, unauthorized } from '../lib/envelope';
import {
  disableTwoFactor,
  enableTwoFactor,
  findAdminById,
  replaceBackupCodes,
  startTwoFactorSetup,
  toAdmin,
} from './admin-repository';
import { generateBackupCodes } from './backup-code-repository';
import { countPasskeys } from './passkeys/passkey-repository';
import { verifyPassword } from './passwords';
import { useSecondFactor } from './second-factor-repository';
import { INVALID_CODE, TOO_MANY_ATTEMPTS } from './sign-in-routes';
import { auditFailure, checkAttempt } from './throttle-repository';
import { matchTotpStep } from './totp';

// These calls carry a valid bearer token, so a wrong password or code is a 400, not a 401:
// a 401 would make the client refresh its token and retry for nothing.
const INVALID_PASSWORD = 'Invalid password';
const ALREADY_ENABLED = 'Two-factor authentication is already enabled';
const NOT_ENABLED = 'Two-factor authentication is not enabled';
/** Two-factor is required (REQUIRE_2FA): the admin keeps at least one second factor. */
export const LAST_AUTHENTICATOR =
  'Two-factor authentication is required: add a passkey before turning off the authenticator app';
export const SETUP_EXPIRED = 'Two-factor setup has expired. Please start again.';

interface Recheck {
  action: AuditAction;
  reason: string;
  message: string;
}
const PASSWORD: Recheck = {
  action: 'auth.password.failure',
  reason: 'wrong_password',
  message: INVALID_PASSWORD,
};
const CODE: Recheck = { action: 'auth.2fa.failure', reason: 'wrong_code', message: INVALID_CODE };

/**
 * The signed-in admin's own two-factor settings: setup, enable, disable, new backup codes.
 * An access token alone changes nothing: enabling needs the password, disabling and new
 * backup codes the password and a current authenticator code. Setup needs neither: its secret
 * stays pending (sign-in ignores it, the next setup replaces it) until enable proves both.
 * Each change signs out the admin's other sessions; the one that made it stays.
 */
export async function twoFactorRoutes(app: FastifyInstance) {
  async function currentAdmin(request: FastifyRequest): Promise<AdminRow> {
    const admin = await findAdminById(app.db, request.admin!.id);
    if (!admin) throw unauthorized();
    return admin;
  }

  /**
   * A password or code re-check for sensitive changes, under the sign-in throttles: failures
   * count toward the locks, and a locked account is refused without a check.
   */
  async function recheck<T>(
    request: FastifyRequest,
    admin: AdminRow,
    kind: Recheck,
    check: () => Promise<T | false | null>,
  ) {
    const checked = await checkAttempt(
      app.db,
      app.config.signIn,
      { ip: request.ip, adminId: admin.id },
      app.clock(),
      check,
    );
    if (checked.outcome === 'passed') return checked.value;
    if (checked.outcome === 'throttled') throw new AppError(429, TOO_MANY_ATTEMPTS);
    await auditFailure(app.db, checked, {
      adminId: admin.id,
      action: kind.action,
      reason: kind.reason,
      detail: { route: request.url },
    });
    throw badRequest(kind.message);
  }

  const checkPassword = (request: FastifyRequest, admin: AdminRow, password: string) =>
    recheck(request, admin, PASSWORD, () => verifyPassword(admin.passwordHash, password));

  /**
   * An admin whose second factor is a passkey adds an authenticator app only after a step-up
   * with it: otherwise a stolen password and token could add an authenticator of their own,
   * then pass every step-up and sign-in with it.
   */
  async function requireStepUpWhenPasskeys(request: FastifyRequest, admin: AdminRow) {
    if ((await countPasskeys(app.db, admin.id)) > 0) await requireFreshStepUp(app, request);
  }

  route(app, calls.twoFactorSetup, async (request) => {
    const admin = await currentAdmin(request);
    if (admin.twoFactorEnabled) throw badRequest(ALREADY_ENABLED);
    await requireStepUpWhenPasskeys(request, admin);
    return ok(await startTwoFactorSetup(app.db, admin, app.clock()), '2FA setup initialized');
  });

  // The body's backupCodes are the ones shown at setup; the server activates its own stored
  // (hashed) copy of them, so a client cannot choose its codes.
  route(app, calls.enable2fa, async (request) => {
    const body = parse(enable2faRequestSchema, request.body);
    const admin = await currentAdmin(request);
    if (admin.twoFactorEnabled) throw badRequest(ALREADY_ENABLED);
    await requireStepUpWhenPasskeys(request, admin);
    await checkPassword(request, admin, body.password);
    if (!admin.totpPendingSecret || admin.totpPendingSecret !== body.secret) throw badRequest(SETUP_EXPIRED);
    const step = matchTotpStep(
      admin.totpPendingSecret,
      body.token,
      app.clock().getTime() / 1000,
      admin.totpLastStep,
    );
    if (step === null) throw badRequest(INVALID_CODE);
    const updated = await enableTwoFactor(
      app.db,
      admin.id,
      body.secret,
      step,
      app.clock(),
      { familyId: request.admin!.familyId },
      app.config.session,
    );
    if (!updated) throw badRequest(SETUP_EXPIRED);
    return ok({ admin: toAdmin(updated) }, '2FA enabled successfully');
  });

  route(app, calls.disable2fa, async (request) => {
    const body = parse(disable2faRequestSchema, request.body);
    const admin = await currentAdmin(request);
    if (!admin.twoFactorEnabled) throw badRequest(NOT_ENABLED);
    // Refused before the password and code are asked for, and again where it is decided.
    const keepOneFactor = app.config.requireTwoFactor;
    if (keepOneFactor && (await countPasskeys(app.db, admin.id)) === 0) throw conflict(LAST_AUTHENTICATOR);
    await checkPassword(request, admin, body.password);
    await recheck(request, admin, CODE, () =>
      useSecondFactor(app.db, admin, body.twoFactorCode, app.clock()),
    );
    const updated = await disableTwoFactor(
      app.db,
      admin.id,
      app.clock(),
      { familyId: request.admin!.familyId },
      app.config.session,
      keepOneFactor,
    );
    if (!updated) throw conflict(LAST_AUTHENTICATOR);
    return ok({ admin: toAdmin(updated) }, '2FA disabled successfully');
  });

  route(app, calls.backupCodes, async (request) => {
    const body = parse(backupCodesRequestSchema, request.body);
    const admin = await currentAdmin(request);
    if (!admin.twoFactorEnabled) throw badRequest(NOT_ENABLED);
    await checkPassword(request, admin, body.password);
    await recheck(request, admin, CODE, () =>
      useSecondFactor(app.db, admin, body.twoFactorCode, app.clock()),
    );
    const backupCodes = generateBackupCodes();
    await replaceBackupCodes(
      app.db,
      admin.id,
      backupCodes,
      app.clock(),
      { familyId: request.admin!.familyId },
      app.config.session,
    );
    const data: BackupCodesResponse = { backupCodes };
    return ok(data, 'Backup codes regenerated successfully');
  });
}
