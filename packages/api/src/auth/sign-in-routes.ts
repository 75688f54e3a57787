import type { FastifyInstance, FastifyRequest } from 'fastify';
import { calls, loginRequestSchema, verify2faRequestSchema, type LoginResponse, type Tokens } from '@manager/contract';
import type { DbOrTx } from '../db/client';
import type { AdminRow } from '../db/schema/auth';
import { route } from '../lib/route';
import { AppError, ok, parse, unauthorized } from '../plugins/envelope';
import { findAdminById, findAdminByIdentifier, toAdmin } from './admin-repository';
import { completeChallenge, openChallenge } from './challenge-repository';
import { burnPasswordCheck, verifyPassword } from './passwords';
import { useSecondFactor } from './second-factor-repository';
import { openSession } from './session-repository';
import { isAddressThrottled, isLocked, recordFailure } from './throttle-repository';

// One message for an unknown account, a wrong password and a locked account: no hint which.
const INVALID_CREDENTIALS = 'Invalid credentials';
export const INVALID_CODE = 'Invalid verification code';
const TOO_MANY_ATTEMPTS = 'Too many attempts. Try again later.';

/** Opens the session a sign-in ends with (inside the caller's transaction) and answers its tokens. */
export async function signedIn(app: FastifyInstance, db: DbOrTx, request: FastifyRequest, admin: AdminRow, method: string) {
  const { refreshToken, familyId } = await openSession(db, admin.id, method, request.ip, app.clock());
  const tokens: Tokens = { accessToken: await app.tokens.signAccess(admin.id, familyId), refreshToken };
  return { tokens, admin: toAdmin(admin) };
}

/**
 * Sign-in with a password, then (when enabled) a second factor, or (when required and not
 * set up) the enrolment of an authenticator (enrolment-routes.ts). Failures answer 401: the
 * client must not try a token refresh for these calls (nor for the refresh call), only show
 * the message.
 */
export async function signInRoutes(app: FastifyInstance) {
  async function refuseThrottled(request: FastifyRequest) {
    if (await isAddressThrottled(app.db, request.ip, app.config.loginMaxPerIp, app.clock())) {
      throw new AppError(429, TOO_MANY_ATTEMPTS);
    }
  }

  const fail = (request: FastifyRequest, admin: AdminRow | undefined, action: string, detail: object) =>
    recordFailure(app.db, { admin, action, ip: request.ip, detail, now: app.clock(), perAddress: true });

  route(app, calls.login, async (request) => {
    const body = parse(loginRequestSchema, request.body);
    await refuseThrottled(request);
    const admin = await findAdminByIdentifier(app.db, body.identifier);
    const passwordOk = admin ? await verifyPassword(admin.passwordHash, body.password) : await burnPasswordCheck(body.password);
    if (!admin || !passwordOk || isLocked(admin, app.clock())) {
      const reason = !admin ? 'unknown_identifier' : isLocked(admin, app.clock()) ? 'locked' : 'wrong_password';
      await fail(request, admin, 'auth.login.failure', { reason, identifier: body.identifier.slice(0, 100) });
      throw unauthorized(INVALID_CREDENTIALS);
    }
    if (admin.twoFactorEnabled) {
      const challenge = await openChallenge(app.db, admin.id, 'verify', app.clock());
      const data: LoginResponse = { requires2FA: true, adminId: admin.id, tempToken: await app.tokens.signTemp(admin.id, 'verify', challenge) };
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
    const data: LoginResponse = { requires2FA: false, ...(await signedIn(app, app.db, request, admin, 'password')) };
    return ok(data, 'Login successful');
  });

  // The temp token opens one session: the code is checked and the session opened with its
  // challenge claimed, so a second verify with it (even racing, even with another valid
  // code) fails. A wrong code leaves it open for another try, up to the account lock.
  route(app, calls.verify2fa, async (request) => {
    const body = parse(verify2faRequestSchema, request.body);
    await refuseThrottled(request);
    const temp = await app.tokens.verifyTemp(body.tempToken, 'verify');
    if (!temp?.challengeId || temp.adminId !== body.adminId) throw unauthorized(INVALID_CODE);
    const admin = await findAdminById(app.db, temp.adminId);
    if (!admin?.twoFactorEnabled) throw unauthorized(INVALID_CODE);
    // A locked account is refused before the code is looked at, so guessing cannot go on.
    if (isLocked(admin, app.clock())) {
      await fail(request, admin, 'auth.2fa.failure', { reason: 'locked' });
      throw unauthorized(INVALID_CODE);
    }
    const challenge = { id: temp.challengeId, adminId: admin.id, purpose: 'verify' as const };
    const result = await completeChallenge(app.db, challenge, app.clock(), async (tx) => {
      const method = await useSecondFactor(tx, admin, body.token, app.clock());
      if (!method) return { ok: false, reason: 'wrong_code' as const };
      return { ok: true, value: await signedIn(app, tx, request, admin, method) };
    });
    if (!result.ok) {
      if (result.reason === 'wrong_code') await fail(request, admin, 'auth.2fa.failure', { reason: 'wrong_code' });
      throw unauthorized(INVALID_CODE);
    }
    return ok(result.value, '2FA verification successful');
  });
}
