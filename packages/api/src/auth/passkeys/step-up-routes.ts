import type { FastifyInstance } from 'fastify';
import { calls, stepUpPasskeyRequestSchema, type StepUpResponse } from '@manager/contract';
import { route } from '../../lib/route';
import { AppError, badRequest, ok, parse, unauthorized } from '../../lib/envelope';
import { INVALID_CODE, TOO_MANY_ATTEMPTS } from '../sign-in-routes';
import { confirmStepUp, stepUpValidUntil } from '../step-up-repository';
import { auditFailure, checkAttempt } from '../throttle-repository';
import { authenticationOptions, verifyAssertion } from './ceremonies';
import { listPasskeys, recordPasskeyUse, type CeremonyOwner } from './passkey-repository';
import { NO_PASSKEY } from './sign-in-routes';

/**
 * A step-up with a passkey (src/auth/step-up-routes.ts for the code and the password): the
 * ceremony belongs to the session asking, its answer is checked under the sign-in throttles,
 * and a pass stamps the session with `confirmStepUp`, as the other methods do.
 */
export async function passkeyStepUpRoutes(app: FastifyInstance) {
  const stepping = (admin: { id: number; familyId: string }): CeremonyOwner => ({
    adminId: admin.id,
    purpose: 'step_up',
    ownerId: admin.familyId,
  });

  route(app, calls.stepUpPasskeyOptions, async (request) => {
    const passkeys = await listPasskeys(app.db, request.admin!.id);
    if (passkeys.length === 0) throw badRequest(NO_PASSKEY);
    return ok(
      await authenticationOptions(
        app.db,
        app.config.webauthn,
        passkeys,
        stepping(request.admin!),
        app.clock(),
      ),
      'Passkey confirmation started',
    );
  });

  // A wrong answer is a 400, as for a wrong code: the call carries a valid bearer token, and a
  // 401 would make the client refresh it for nothing.
  route(app, calls.stepUpPasskey, async (request) => {
    const body = parse(stepUpPasskeyRequestSchema, request.body);
    const { id: adminId, familyId } = request.admin!;
    const now = app.clock();
    let problem: string | undefined;
    const checked = await checkAttempt(
      app.db,
      app.config.signIn,
      { ip: request.ip, adminId },
      now,
      async () => {
        const proof = await verifyAssertion(
          app.db,
          app.config.webauthn,
          stepping(request.admin!),
          body.response,
          now,
        );
        if (!proof.ok) problem = proof.problem;
        else if (!(await recordPasskeyUse(app.db, proof.passkey.id, proof.newCounter, now)))
          problem = 'counter';
        return problem ? null : 'passkey';
      },
    );
    if (checked.outcome === 'throttled') throw new AppError(429, TOO_MANY_ATTEMPTS);
    if (checked.outcome !== 'passed') {
      await auditFailure(app.db, checked, {
        adminId,
        action: 'auth.step_up.failure',
        reason: 'passkey',
        detail: { method: 'passkey', session: familyId, ...(problem ? { problem } : {}) },
      });
      // The caller holds a session: saying the account is locked hides nothing from them.
      throw checked.outcome === 'failed' ? badRequest(INVALID_CODE) : new AppError(429, TOO_MANY_ATTEMPTS);
    }
    const confirmed = await app.db.transaction((tx) =>
      confirmStepUp(tx, { adminId, sessionId: familyId, method: 'passkey', now }),
    );
    // The session ended while the answer was checked: as for any call of an ended session.
    if (!confirmed) throw unauthorized();
    const data: StepUpResponse = {
      validUntil: stepUpValidUntil(now, app.config.stepUpWindowMs)!.toISOString(),
    };
    return ok(data, 'Identity confirmed');
  });
}
