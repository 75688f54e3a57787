import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  calls,
  loginRequestSchema,
  verify2faRequestSchema,
  type AuditAction,
  type LoginResponse,
  type Tokens,
} from '@manager/contract';
import type { DbOrTx } from '../db/client';
import type { AdminRow } from '../db/schema/auth';
import { route } from '../lib/route';
import { AppError, ok, parse, unauthorized } from '../lib/envelope';
import { findAdminById, findAdminByIdentifier, toAdmin } from './admin-repository';
import { completeChallenge, openChallenge } from './challenge-repository';
import { burnPasswordCheck, verifyPassword } from './passwords';
import { secondFactorMethods, useSecondFactor } from './second-factor-repository';
import { openSession } from './session-repository';
import { auditFailure, checkAttempt, type Refused } from './throttle-repository';
import { USER_AGENT_MAX } from './user-agent';

// One message for an unknown account, a wrong password and a locked account: no hint which.
const INVALID_CREDENTIALS = 'Invalid credentials';
export const INVALID_CODE = 'Invalid verification code';
export const TOO_MANY_ATTEMPTS = 'Too many attempts. Try again later.';

/**
 * Opens the session a sign-in ends with (inside the caller's transaction) and answers its
 * tokens; null, with nothing written, when the account or this address was locked while the
 * password or code was checked (openSession).
 */
export async function signedIn(
  app: FastifyInstance,
  db: DbOrTx,
  request: FastifyRequest,
  admin: AdminRow,
  method: string,
) {
  const userAgent = request.headers['user-agent']?.slice(0, USER_AGENT_MAX) || null;
  const session = await openSession(db, admin.id, method, { ip: request.ip, userAgent }, app.clock());
  if (!session) return null;
  const tokens: Tokens = {
    accessToken: await app.tokens.signAccess(admin.id, session.familyId),
    refreshToken: session.refreshToken,
  };
  return { tokens, admin: toAdmin(admin) };
}

/** A password, code or passkey check of a sign-in under its throttles (throttle-repository.ts); 429 when the address is past its limit. */
export async function checkSignInAttempt<T>(
  app: FastifyInstance,
  request: FastifyRequest,
  adminId: number | undefined,
  check: () => Promise<T | false | null>,
) {
  const checked = await checkAttempt(
    app.db,
    app.config.signIn,
    { ip: request.ip, adminId },
    app.clock(),
    check,
  );
  if (checked.outcome === 'throttled') throw new AppError(429, TOO_MANY_ATTEMPTS);
  return checked;
}

/**
 * Sign-in with a password, then (when the admin has one) a second factor: an authenticator or
 * backup code here, a passkey in passkeys/sign-in-routes.ts; or (when required and not set
 * up) the enrolment of an authenticator (enrolment-routes.ts) or a passkey. Failures answer 401: the
 * client must not try a token refresh for these calls (nor for the refresh call), only show
 * the message.
 */
export async function signInRoutes(app: FastifyInstance) {
  const checkThrottled = <T>(
    request: FastifyRequest,
    adminId: number | undefined,
    check: () => Promise<T | false | null>,
  ) => checkSignInAttempt(app, request, adminId, check);

  const fail = (
    admin: AdminRow | undefined,
    action: AuditAction,
    refused: Refused,
    reason: string,
    detail?: object,
  ) => auditFailure(app.db, refused, { adminId: admin?.id ?? null, action, reason, detail });

  route(app, calls.login, async (request) => {
    const body = parse(loginRequestSchema, request.body);
    const named = await findAdminByIdentifier(app.db, body.identifier);
    // A disabled or invited admin gets the answer of a wrong password: the state of an
    // account is not disclosed (docs/security.md, Administrators and four eyes).
    const checked = await checkThrottled(request, named?.id, async () =>
      named
        ? (await verifyPassword(named.passwordHash, body.password)) && named.status === 'active' && named
        : burnPasswordCheck(body.password),
    );
    if (checked.outcome !== 'passed') {
      // Refused unchecked, it still answers as slowly as a check.
      if (checked.outcome === 'locked') await burnPasswordCheck(body.password);
      // What was typed is kept only when it names an admin: otherwise it may be a mistyped password.
      const detail = named ? { identifier: body.identifier.slice(0, 100) } : {};
      await fail(
        named,
        'auth.login.failure',
        checked,
        !named
          ? 'unknown_identifier'
          : named.status === 'active'
            ? 'wrong_password'
            : `${named.status}_admin`,
        detail,
      );
      throw unauthorized(INVALID_CREDENTIALS);
    }
    const admin = checked.value;
    const methods = await secondFactorMethods(app.db, admin);
    if (methods.length > 0) {
      const challenge = await openChallenge(app.db, admin.id, 'verify', app.clock());
      const data: LoginResponse = {
        requires2FA: true,
        methods,
        adminId: admin.id,
        tempToken: await app.tokens.signTemp(admin.id, 'verify', challenge),
      };
      return ok(data, 'Two-factor authentication required');
    }
    if (app.config.requireTwoFactor) {
      const challenge = await openChallenge(app.db, admin.id, 'enrol', app.clock());
      const data: LoginResponse = {
        requires2FA: false,
        requires2FASetup: true,
        adminId: admin.id,
        tempToken: await app.tokens.signTemp(admin.id, 'enrol', challenge),
      };
      return ok(data, 'Two-factor authentication must be set up');
    }
    const session = await signedIn(app, app.db, request, admin, 'password');
    if (!session) {
      await fail(admin, 'auth.login.failure', { outcome: 'lockedMeanwhile', lockedNow: [] }, 'locked');
      throw unauthorized(INVALID_CREDENTIALS);
    }
    const data: LoginResponse = { requires2FA: false, ...session };
    return ok(data, 'Login successful');
  });

  // The temp token opens one session: the code is checked and the session opened with its
  // challenge claimed, so a second verify with it (even racing, even with another valid
  // code) fails. A wrong code leaves it open for another try, up to the account lock.
  route(app, calls.verify2fa, async (request) => {
    const body = parse(verify2faRequestSchema, request.body);
    const temp = await app.tokens.verifyTemp(body.tempToken, 'verify');
    if (!temp?.challengeId || temp.adminId !== body.adminId) throw unauthorized(INVALID_CODE);
    const admin = await findAdminById(app.db, temp.adminId);
    if (!admin?.twoFactorEnabled) throw unauthorized(INVALID_CODE);
    const challenge = { id: temp.challengeId, adminId: admin.id, purpose: 'verify' as const };
    // The code is checked under the throttles; a refusal inside rolls back the challenge's
    // claim and a used backup code, so only a session opened counts as the token's one use.
    const checked = await checkThrottled(request, admin.id, async () => {
      const result = await completeChallenge(app.db, challenge, app.clock(), async (tx) => {
        const method = await useSecondFactor(tx, admin, body.token, app.clock());
        if (!method) return { ok: false, reason: 'wrong_code' as const };
        const session = await signedIn(app, tx, request, admin, method);
        return session ? { ok: true, value: session } : { ok: false, reason: 'locked' as const };
      });
      return result.ok ? result.value : null;
    });
    if (checked.outcome !== 'passed') {
      await fail(admin, 'auth.2fa.failure', checked, 'wrong_code');
      throw unauthorized(INVALID_CODE);
    }
    return ok(checked.value, '2FA verification successful');
  });
}
