import type { FastifyInstance } from 'fastify';
import { calls, enrol2faRequestSchema, enrol2faSetupRequestSchema } from '@manager/contract';
import type { AdminRow } from '../db/schema/auth';
import { route } from '../lib/route';
import { badRequest, ok, parse, unauthorized } from '../lib/envelope';
import { enableTwoFactor, findAdminById, startTwoFactorSetup } from './admin-repository';
import { completeChallenge, isChallengeOpen, type Challenge } from './challenge-repository';
import { secondFactorMethods } from './second-factor-repository';
import { INVALID_CODE, signedIn } from './sign-in-routes';
import { matchTotpStep } from './totp';
import { auditFailure } from './throttle-repository';
import { SETUP_EXPIRED } from './two-factor-routes';

export const SIGN_IN_EXPIRED = 'Sign-in has expired. Please sign in again.';

/**
 * The admin of a valid, unused enrolment temp token, still without a second factor (neither an
 * authenticator nor a passkey); otherwise 401, sign in again.
 */
export async function enrollingAdmin(
  app: FastifyInstance,
  body: { adminId: number; tempToken: string },
): Promise<{ admin: AdminRow; challenge: Challenge }> {
  const temp = await app.tokens.verifyTemp(body.tempToken, 'enrol');
  if (!temp?.challengeId || temp.adminId !== body.adminId) throw unauthorized(SIGN_IN_EXPIRED);
  const challenge = { id: temp.challengeId, adminId: temp.adminId, purpose: 'enrol' as const };
  const admin = await findAdminById(app.db, temp.adminId);
  if (
    !admin ||
    (await secondFactorMethods(app.db, admin)).length > 0 ||
    !(await isChallengeOpen(app.db, challenge, app.clock()))
  ) {
    throw unauthorized(SIGN_IN_EXPIRED);
  }
  return { admin, challenge };
}

/**
 * Two-factor set up at sign-in (config `requireTwoFactor`): a correct password for an admin
 * without two-factor answers `requires2FASetup` and a temp token instead of a session. With it
 * the console loads a setup (as the settings do) and confirms it with a code, or registers a
 * passkey (passkeys/sign-in-routes.ts); only that confirmation opens the session, and the temp
 * token opens no other.
 */
export async function enrolmentRoutes(app: FastifyInstance) {
  const enrolling = (body: { adminId: number; tempToken: string }) => enrollingAdmin(app, body);

  route(app, calls.enrol2faSetup, async (request) => {
    const { admin } = await enrolling(parse(enrol2faSetupRequestSchema, request.body));
    return ok(await startTwoFactorSetup(app.db, admin, app.clock()), '2FA setup initialized');
  });

  // The code proves the authenticator holds the secret the caller was just given; it is no
  // guess at a secret, so a wrong one is not counted toward the account lock.
  route(app, calls.enrol2fa, async (request) => {
    const body = parse(enrol2faRequestSchema, request.body);
    const { admin, challenge } = await enrolling(body);
    if (!admin.totpPendingSecret || admin.totpPendingSecret !== body.secret) throw badRequest(SETUP_EXPIRED);
    const step = matchTotpStep(body.secret, body.token, app.clock().getTime() / 1000, admin.totpLastStep);
    if (step === null) {
      await auditFailure(
        app.db,
        { outcome: 'failed', lockedNow: [] },
        { adminId: admin.id, action: 'auth.2fa.failure', reason: 'wrong_code', detail: { atSignIn: true } },
      );
      throw unauthorized(INVALID_CODE);
    }
    const result = await completeChallenge(app.db, challenge, app.clock(), async (tx) => {
      const enabled = await enableTwoFactor(
        tx,
        admin.id,
        body.secret,
        step,
        app.clock(),
        { enrolment: true },
        app.config.session,
      );
      if (!enabled) return { ok: false, reason: 'setup_expired' as const };
      const session = await signedIn(app, tx, request, enabled, 'totp');
      return session ? { ok: true, value: session } : { ok: false, reason: 'locked' as const };
    });
    if (!result.ok) {
      if (result.reason === 'setup_expired') throw badRequest(SETUP_EXPIRED);
      // A spent token, or a lock set since the password was checked: sign in again.
      if (result.reason === 'locked')
        await auditFailure(
          app.db,
          { outcome: 'lockedMeanwhile', lockedNow: [] },
          { adminId: admin.id, action: 'auth.login.failure', reason: 'locked' },
        );
      throw unauthorized(SIGN_IN_EXPIRED);
    }
    return ok(result.value, '2FA enabled successfully');
  });
}
