import type { FastifyInstance, FastifyRequest } from 'fastify';
import { loginRequestSchema, verify2faRequestSchema, type LoginResponse } from '@manager/contract';
import { writeAudit } from '../db/audit';
import type { AdminRow } from '../db/schema/auth';
import { AppError, ok, parse, unauthorized } from '../plugins/envelope';
import { findAdminById, findAdminByIdentifier } from './admin-store';
import { burnPasswordCheck, verifyPassword } from './passwords';
import { useSecondFactor } from './second-factor';
import { startSession } from './session';
import { isAddressThrottled, isLocked, recordAccountFailure, recordAddressFailure } from './throttle';

// One message for an unknown account, a wrong password and a locked account: no hint which.
export const INVALID_CREDENTIALS = 'Invalid credentials';
export const INVALID_CODE = 'Invalid verification code';
export const TOO_MANY_ATTEMPTS = 'Too many attempts. Try again later.';

/**
 * POST /auth/login and POST /auth/2fa/verify. Failures answer 401: the client must not try a
 * token refresh for these two calls (nor for /auth/refresh-token), only show the message.
 */
export async function signInRoutes(app: FastifyInstance) {
  async function refuseThrottled(request: FastifyRequest) {
    if (await isAddressThrottled(app.db, request.ip, app.config.loginMaxPerIp, app.clock())) {
      throw new AppError(429, TOO_MANY_ATTEMPTS);
    }
  }

  async function recordFailure(request: FastifyRequest, admin: AdminRow | undefined, action: string, detail: object) {
    const now = app.clock();
    const locked = admin && !isLocked(admin, now) ? await recordAccountFailure(app.db, admin.id, now) : false;
    await recordAddressFailure(app.db, request.ip, now);
    await writeAudit(app.db, {
      adminId: admin?.id ?? null,
      action,
      entity: 'admin',
      entityId: admin?.id ?? null,
      after: { ...detail, ip: request.ip, ...(locked ? { locked: true } : {}) },
    });
  }

  app.post('/login', async (request) => {
    const body = parse(loginRequestSchema, request.body);
    await refuseThrottled(request);
    const admin = await findAdminByIdentifier(app.db, body.identifier);
    const passwordOk = admin ? await verifyPassword(admin.passwordHash, body.password) : await burnPasswordCheck(body.password);
    if (!admin || !passwordOk || isLocked(admin, app.clock())) {
      const reason = !admin ? 'unknown_identifier' : isLocked(admin, app.clock()) ? 'locked' : 'wrong_password';
      await recordFailure(request, admin, 'auth.login.failure', { reason, identifier: body.identifier.slice(0, 100) });
      throw unauthorized(INVALID_CREDENTIALS);
    }
    if (admin.twoFactorEnabled) {
      const data: LoginResponse = { requires2FA: true, adminId: admin.id, tempToken: await app.tokens.signTemp(admin.id) };
      return ok(data, 'Two-factor authentication required');
    }
    const data: LoginResponse = { requires2FA: false, ...(await startSession(app, request, admin, 'password')) };
    return ok(data, 'Login successful');
  });

  app.post('/2fa/verify', async (request) => {
    const body = parse(verify2faRequestSchema, request.body);
    await refuseThrottled(request);
    const temp = await app.tokens.verifyTemp(body.tempToken);
    if (!temp || temp.adminId !== body.adminId) throw unauthorized(INVALID_CODE);
    const admin = await findAdminById(app.db, temp.adminId);
    if (!admin?.twoFactorEnabled) throw unauthorized(INVALID_CODE);
    // A locked account is refused before the code is looked at, so guessing cannot go on.
    const method = isLocked(admin, app.clock()) ? null : await useSecondFactor(app.db, admin, body.token, app.clock());
    if (!method) {
      await recordFailure(request, admin, 'auth.2fa.failure', { reason: isLocked(admin, app.clock()) ? 'locked' : 'wrong_code' });
      throw unauthorized(INVALID_CODE);
    }
    return ok(await startSession(app, request, admin, method), '2FA verification successful');
  });
}
