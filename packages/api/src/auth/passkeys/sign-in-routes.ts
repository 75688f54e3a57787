import type { FastifyInstance } from 'fastify';
import {
  calls,
  enrolPasskeyRequestSchema,
  signInPasskeyOptionsRequestSchema,
  verifyPasskeyRequestSchema,
} from '@manager/contract';
import { writeAudit } from '../../db/audit';
import { route } from '../../lib/route';
import { badRequest, conflict, ok, parse, unauthorized } from '../../lib/envelope';
import { endOthers, findAdminById } from '../admin-repository';
import { completeChallenge, isChallengeOpen, type Challenge } from '../challenge-repository';
import { enrollingAdmin, SIGN_IN_EXPIRED } from '../enrolment-routes';
import { checkSignInAttempt, INVALID_CODE, signedIn } from '../sign-in-routes';
import { auditFailure } from '../throttle-repository';
import {
  authenticationOptions,
  registrationOptions,
  verifyAssertion,
  verifyRegistration,
} from './ceremonies';
import { insertPasskey, listPasskeys, recordPasskeyUse, type CeremonyOwner } from './passkey-repository';
import { PASSKEY_NOT_VERIFIED, PASSKEY_TAKEN } from './settings-routes';

export const NO_PASSKEY = 'No passkey is registered for this account';

/**
 * A passkey at sign-in: as the second factor after the password (beside /auth/2fa/verify), or
 * as the second factor two-factor-required sign-in asks an admin without one to set up (beside
 * /auth/2fa/enrol). The ceremony's challenge belongs to the temp token's sign-in challenge, and
 * only the step that opens the session uses that sign-in challenge up.
 */
export async function passkeySignInRoutes(app: FastifyInstance) {
  /** The admin and sign-in challenge of a valid second-factor temp token; 401 otherwise. */
  async function verifying(body: { adminId: number; tempToken: string }) {
    const temp = await app.tokens.verifyTemp(body.tempToken, 'verify');
    if (!temp?.challengeId || temp.adminId !== body.adminId) throw unauthorized(INVALID_CODE);
    const admin = await findAdminById(app.db, temp.adminId);
    if (!admin) throw unauthorized(INVALID_CODE);
    const challenge: Challenge = { id: temp.challengeId, adminId: admin.id, purpose: 'verify' };
    const owner: CeremonyOwner = { adminId: admin.id, purpose: 'sign_in', ownerId: challenge.id };
    return { admin, challenge, owner };
  }

  route(app, calls.signInPasskeyOptions, async (request) => {
    const { admin, challenge, owner } = await verifying(
      parse(signInPasskeyOptionsRequestSchema, request.body),
    );
    if (!(await isChallengeOpen(app.db, challenge, app.clock()))) throw unauthorized(SIGN_IN_EXPIRED);
    const passkeys = await listPasskeys(app.db, admin.id);
    if (passkeys.length === 0) throw badRequest(NO_PASSKEY);
    return ok(
      await authenticationOptions(app.db, app.config.webauthn, passkeys, owner, app.clock()),
      'Passkey sign-in started',
    );
  });

  // As /auth/2fa/verify: the assertion is checked under the sign-in throttles, and the session
  // opened with the sign-in challenge claimed, so the temp token opens one session at most.
  route(app, calls.verifyPasskey, async (request) => {
    const body = parse(verifyPasskeyRequestSchema, request.body);
    const { admin, challenge, owner } = await verifying(body);
    let problem: string | undefined;
    const checked = await checkSignInAttempt(app, request, admin.id, async () => {
      const now = app.clock();
      const proof = await verifyAssertion(app.db, app.config.webauthn, owner, body.response, now);
      if (!proof.ok) {
        problem = proof.problem;
        return null;
      }
      const result = await completeChallenge(app.db, challenge, now, async (tx) => {
        if (!(await recordPasskeyUse(tx, proof.passkey.id, proof.newCounter, now)))
          return { ok: false, reason: 'counter' as const };
        const session = await signedIn(app, tx, request, admin, 'passkey');
        return session ? { ok: true, value: session } : { ok: false, reason: 'locked' as const };
      });
      if (!result.ok) problem = result.reason;
      return result.ok ? result.value : null;
    });
    if (checked.outcome !== 'passed') {
      await auditFailure(app.db, checked, {
        adminId: admin.id,
        action: 'auth.2fa.failure',
        reason: 'passkey',
        detail: problem ? { problem } : {},
      });
      throw unauthorized(INVALID_CODE);
    }
    return ok(checked.value, '2FA verification successful');
  });

  const enrolling = (body: { adminId: number; tempToken: string }) =>
    enrollingAdmin(app, body).then(({ admin, challenge }) => ({
      admin,
      challenge,
      owner: { adminId: admin.id, purpose: 'enrol', ownerId: challenge.id } satisfies CeremonyOwner,
    }));

  route(app, calls.enrolPasskeyOptions, async (request) => {
    const { admin, owner } = await enrolling(parse(signInPasskeyOptionsRequestSchema, request.body));
    return ok(
      await registrationOptions(app.db, app.config.webauthn, admin, owner, app.clock()),
      'Passkey registration started',
    );
  });

  // Registering the passkey is the proof, as the first code of an authenticator is at
  // /auth/2fa/enrol: no guess at a secret, so a refusal does not count toward the locks.
  route(app, calls.enrolPasskey, async (request) => {
    const body = parse(enrolPasskeyRequestSchema, request.body);
    const { admin, challenge, owner } = await enrolling(body);
    const now = app.clock();
    const verified = await verifyRegistration(app.db, app.config.webauthn, owner, body.response, now);
    if (!verified.ok) {
      request.log.info({ problem: verified.problem }, 'passkey enrolment refused');
      await auditFailure(
        app.db,
        { outcome: 'failed', lockedNow: [] },
        { adminId: admin.id, action: 'auth.2fa.failure', reason: 'passkey', detail: { atSignIn: true } },
      );
      throw unauthorized(PASSKEY_NOT_VERIFIED);
    }
    const result = await completeChallenge(app.db, challenge, now, async (tx) => {
      const row = await insertPasskey(tx, { ...verified.passkey, name: body.name }, now);
      if (!row) return { ok: false, reason: 'taken' as const };
      const sessionsEnded = await endOthers(tx, admin.id, null, now, app.config.session);
      await writeAudit(tx, {
        adminId: admin.id,
        action: 'auth.passkey.add',
        entity: 'passkey',
        entityId: row.id,
        after: { name: row.name, sessionsEnded, atSignIn: true },
      });
      const session = await signedIn(app, tx, request, admin, 'passkey');
      return session ? { ok: true, value: session } : { ok: false, reason: 'locked' as const };
    });
    if (!result.ok) {
      if (result.reason === 'taken') throw conflict(PASSKEY_TAKEN);
      if (result.reason === 'locked')
        await auditFailure(
          app.db,
          { outcome: 'lockedMeanwhile', lockedNow: [] },
          { adminId: admin.id, action: 'auth.login.failure', reason: 'locked' },
        );
      throw unauthorized(SIGN_IN_EXPIRED);
    }
    return ok(result.value, 'Passkey added');
  });
}
