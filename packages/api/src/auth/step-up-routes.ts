import type { FastifyInstance, FastifyRequest } from 'fastify';
import { calls, stepUpRequestSchema, type StepUpResponse, type StepUpStatus } from '@manager/contract';
import { route } from '../lib/route';
import { AppError, badRequest, ok, parse, unauthorized } from '../lib/envelope';
import { findAdminById } from './admin-repository';
import { verifyPassword } from './passwords';
import { useSecondFactor } from './second-factor-repository';
import { INVALID_CODE, TOO_MANY_ATTEMPTS } from './sign-in-routes';
import {
  confirmStepUp,
  stepUpMethods,
  stepUpValidUntil,
  isStepUpFresh,
  type StepUpProof,
} from './step-up-repository';
import { auditFailure, checkAttempt } from './throttle-repository';

// The call carries a valid bearer token: a wrong proof is a 400 (understood, proof wrong), not
// a 401, which would make the client refresh its token and retry for nothing.
const INVALID_PASSWORD = 'Invalid password';

/**
 * Step-up (`src/auth/step-up-repository.ts`): how the admin confirms it's them, and the
 * confirmation with an authenticator or backup code, or the password for an admin with no
 * second factor. The check runs under the sign-in throttles; a pass stamps the session.
 */
export async function stepUpRoutes(app: FastifyInstance) {
  const windowMs = app.config.stepUpWindowMs;

  route(app, calls.stepUpStatus, async (request) => {
    const { id, stepUpAt } = request.admin!;
    const fresh = isStepUpFresh(stepUpAt, app.clock(), windowMs);
    const data: StepUpStatus = {
      methods: await stepUpMethods(app.db, id),
      validUntil: fresh ? stepUpValidUntil(stepUpAt, windowMs)!.toISOString() : null,
    };
    return ok(data);
  });

  route(app, calls.stepUp, async (request: FastifyRequest) => {
    const body = parse(stepUpRequestSchema, request.body);
    const { id: adminId, familyId } = request.admin!;
    const admin = await findAdminById(app.db, adminId);
    if (!admin) throw unauthorized();
    const methods = await stepUpMethods(app.db, adminId);
    if (!methods.includes(body.method)) throw badRequest(`method: Confirm with ${methods.join(' or ')}`);
    const now = app.clock();
    const check = async (): Promise<StepUpProof | null> => {
      if (body.method === 'totp') return useSecondFactor(app.db, admin, body.token, now);
      return (await verifyPassword(admin.passwordHash, body.password)) ? 'password' : null;
    };
    const checked = await checkAttempt(app.db, app.config.signIn, { ip: request.ip, adminId }, now, check);
    if (checked.outcome === 'throttled') throw new AppError(429, TOO_MANY_ATTEMPTS);
    if (checked.outcome !== 'passed') {
      const wrong =
        body.method === 'totp'
          ? { reason: 'wrong_code', message: INVALID_CODE }
          : { reason: 'wrong_password', message: INVALID_PASSWORD };
      await auditFailure(app.db, checked, {
        adminId,
        action: 'auth.step_up.failure',
        reason: wrong.reason,
        detail: { method: body.method, session: familyId },
      });
      // Locked (unchecked) or locked meanwhile: the caller holds a session, so the lock is no
      // secret to them, and "invalid" would have them retry a right answer in vain.
      throw checked.outcome === 'failed' ? badRequest(wrong.message) : new AppError(429, TOO_MANY_ATTEMPTS);
    }
    const confirmed = await app.db.transaction((tx) =>
      confirmStepUp(tx, { adminId, sessionId: familyId, method: checked.value, now }),
    );
    // The session ended while the proof was checked: as for any call of an ended session.
    if (!confirmed) throw unauthorized();
    const data: StepUpResponse = { validUntil: stepUpValidUntil(now, windowMs)!.toISOString() };
    return ok(data, 'Identity confirmed');
  });
}
