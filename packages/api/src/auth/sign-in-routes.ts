import type { FastifyInstance, FastifyRequest } from 'fastify';
import { calls, loginRequestSchema, verify2faRequestSchema, type LoginResponse, type Tokens } from '@manager/contract';
import type { AdminRow } from '../db/schema/auth';
import { route } from '../lib/route';
import { AppError, ok, parse, unauthorized } from '../plugins/envelope';
import { findAdminById, findAdminByIdentifier, toAdmin } from './admin-repository';
import { burnPasswordCheck, verifyPassword } from './passwords';
import { useSecondFactor } from './second-factor-repository';
import { openSession } from './session-repository';
import { isAddressThrottled, isLocked, recordFailure } from './throttle-repository';

// One message for an unknown account, a wrong password and a locked account: no hint which.
const INVALID_CREDENTIALS = 'Invalid credentials';
export const INVALID_CODE = 'Invalid verification code';
const TOO_MANY_ATTEMPTS = 'Too many attempts. Try again later.';

/**
 * Sign-in with a password, then (when enabled) a second factor. Failures answer 401: the
 * client must not try a token refresh for these two calls (nor for the refresh call), only
 * show the message.
 */
export async function signInRoutes(app: FastifyInstance) {
  async function refuseThrottled(request: FastifyRequest) {
    if (await isAddressThrottled(app.db, request.ip, app.config.loginMaxPerIp, app.clock())) {
      throw new AppError(429, TOO_MANY_ATTEMPTS);
    }
  }

  const fail = (request: FastifyRequest, admin: AdminRow | undefined, action: string, detail: object) =>
    recordFailure(app.db, { admin, action, ip: request.ip, detail, now: app.clock(), perAddress: true });

  async function startSession(request: FastifyRequest, admin: AdminRow, method: 'password' | 'totp' | 'backup_code') {
    const { refreshToken, familyId } = await openSession(app.db, admin.id, method, request.ip, app.clock());
    const tokens: Tokens = { accessToken: await app.tokens.signAccess(admin.id, familyId), refreshToken };
    return { tokens, admin: toAdmin(admin) };
  }

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
      const data: LoginResponse = { requires2FA: true, adminId: admin.id, tempToken: await app.tokens.signTemp(admin.id) };
      return ok(data, 'Two-factor authentication required');
    }
    const data: LoginResponse = { requires2FA: false, ...(await startSession(request, admin, 'password')) };
    return ok(data, 'Login successful');
  });

  route(app, calls.verify2fa, async (request) => {
    const body = parse(verify2faRequestSchema, request.body);
    await refuseThrottled(request);
    const temp = await app.tokens.verifyTemp(body.tempToken);
    if (!temp || temp.adminId !== body.adminId) throw unauthorized(INVALID_CODE);
    const admin = await findAdminById(app.db, temp.adminId);
    if (!admin?.twoFactorEnabled) throw unauthorized(INVALID_CODE);
    // A locked account is refused before the code is looked at, so guessing cannot go on.
    const method = isLocked(admin, app.clock()) ? null : await useSecondFactor(app.db, admin, body.token, app.clock());
    if (!method) {
      await fail(request, admin, 'auth.2fa.failure', { reason: isLocked(admin, app.clock()) ? 'locked' : 'wrong_code' });
      throw unauthorized(INVALID_CODE);
    }
    return ok(await startSession(request, admin, method), '2FA verification successful');
  });
}
