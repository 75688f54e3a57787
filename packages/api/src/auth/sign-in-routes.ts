import type { FastifyInstance, FastifyRequest } from 'fastify';
import { calls, loginRequestSchema, verify2faRequestSchema, type LoginResponse, type Tokens } from '@manager/contract';
import type { AdminRow } from '../db/schema/auth';
import { route } from '../lib/route';
import { AppError, ok, parse, unauthorized } from '../plugins/envelope';
import { findAdminById, findAdminByIdentifier, toAdmin } from './admin-repository';
import { burnPasswordCheck, verifyPassword } from './passwords';
import { useSecondFactor } from './second-factor-repository';
import { openSession } from './session-repository';
import { auditFailure, checkAttempt, type Refused } from './throttle-repository';

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
  /** A password or code check under the sign-in throttles (throttle-repository.ts); 429 when the address is past its limit. */
  async function checkThrottled<T>(request: FastifyRequest, adminId: number | undefined, check: () => Promise<T | false | null>) {
    const checked = await checkAttempt(app.db, app.config.signIn, { ip: request.ip, adminId }, app.clock(), check);
    if (checked.outcome === 'throttled') throw new AppError(429, TOO_MANY_ATTEMPTS);
    return checked;
  }

  const fail = (request: FastifyRequest, admin: AdminRow | undefined, action: string, refused: Refused, reason: string, detail?: object) =>
    auditFailure(app.db, refused, { adminId: admin?.id ?? null, action, ip: request.ip, reason, detail });

  async function startSession(request: FastifyRequest, admin: AdminRow, method: 'password' | 'totp' | 'backup_code') {
    const session = await openSession(app.db, admin.id, method, request.ip, app.clock());
    if (!session) {
      const action = method === 'password' ? 'auth.login.failure' : 'auth.2fa.failure';
      await fail(request, admin, action, { outcome: 'lockedMeanwhile', lockedNow: [] }, 'locked');
      throw unauthorized(method === 'password' ? INVALID_CREDENTIALS : INVALID_CODE);
    }
    const tokens: Tokens = { accessToken: await app.tokens.signAccess(admin.id, session.familyId), refreshToken: session.refreshToken };
    return { tokens, admin: toAdmin(admin) };
  }

  route(app, calls.login, async (request) => {
    const body = parse(loginRequestSchema, request.body);
    const named = await findAdminByIdentifier(app.db, body.identifier);
    const checked = await checkThrottled(request, named?.id, async () =>
      named ? (await verifyPassword(named.passwordHash, body.password)) && named : burnPasswordCheck(body.password),
    );
    if (checked.outcome !== 'passed') {
      // Refused unchecked, it still answers as slowly as a check.
      if (checked.outcome === 'locked') await burnPasswordCheck(body.password);
      // What was typed is kept only when it names an admin: otherwise it may be a mistyped password.
      const detail = named ? { identifier: body.identifier.slice(0, 100) } : {};
      await fail(request, named, 'auth.login.failure', checked, named ? 'wrong_password' : 'unknown_identifier', detail);
      throw unauthorized(INVALID_CREDENTIALS);
    }
    const admin = checked.value;
    if (admin.twoFactorEnabled) {
      const data: LoginResponse = { requires2FA: true, adminId: admin.id, tempToken: await app.tokens.signTemp(admin.id) };
      return ok(data, 'Two-factor authentication required');
    }
    const data: LoginResponse = { requires2FA: false, ...(await startSession(request, admin, 'password')) };
    return ok(data, 'Login successful');
  });

  route(app, calls.verify2fa, async (request) => {
    const body = parse(verify2faRequestSchema, request.body);
    const temp = await app.tokens.verifyTemp(body.tempToken);
    if (!temp || temp.adminId !== body.adminId) throw unauthorized(INVALID_CODE);
    const admin = await findAdminById(app.db, temp.adminId);
    if (!admin?.twoFactorEnabled) throw unauthorized(INVALID_CODE);
    const checked = await checkThrottled(request, admin.id, () => useSecondFactor(app.db, admin, body.token, app.clock()));
    if (checked.outcome !== 'passed') {
      await fail(request, admin, 'auth.2fa.failure', checked, 'wrong_code');
      throw unauthorized(INVALID_CODE);
    }
    return ok(await startSession(request, admin, checked.value), '2FA verification successful');
  });
}
