import type { FastifyInstance } from 'fastify';
import {
  calls,
  ENROLMENT_GONE_MESSAGE,
  enrolmentTokenParamSchema,
  enrolRequestSchema,
} from '@manager/contract';
import { passwordProblem } from '../admin-policy';
import { hashPassword } from '../passwords';
import { generateTotpSecret, matchTotpStep, otpauthUrl } from '../totp';
import { AppError, badRequest, ok, parse } from '../../lib/envelope';
import { route } from '../../lib/route';
import { completeEnrolment, holdInviteSecret, openInvite } from './invite-repository';

const gone = () => new AppError(410, ENROLMENT_GONE_MESSAGE);

/**
 * The enrolment link of an invited admin (no session: the token is the credential; docs/api.md,
 * Administrators). Opening it shows a TOTP secret, kept with the invite so a reload shows the
 * same one; sending the password and a code of that secret makes the admin active and spends
 * the link. Roles come only with the approval of the grant request the invite made.
 */
export default async function enrolmentRoutes(app: FastifyInstance) {
  route(app, calls.enrolment, async (request) => {
    const { token } = parse(enrolmentTokenParamSchema, request.params, 'params');
    const invite = await openInvite(app.db, token, app.clock());
    if (!invite) throw gone();
    const secret =
      invite.totpSecret ?? (await holdInviteSecret(app.db, invite.adminId, generateTotpSecret()));
    return ok({
      username: invite.username,
      expiresAt: invite.expiresAt.toISOString(),
      secret,
      otpauthUrl: otpauthUrl(invite.username, secret),
    });
  });

  // A wrong code or password writes nothing and leaves the link as it was, for another try.
  route(app, calls.enrol, async (request) => {
    const { token } = parse(enrolmentTokenParamSchema, request.params, 'params');
    const body = parse(enrolRequestSchema, request.body);
    const invite = await openInvite(app.db, token, app.clock());
    if (!invite?.totpSecret) throw gone();
    const problem = passwordProblem(body.password, invite.username);
    if (problem) throw badRequest(`password: ${problem}`);
    const step = matchTotpStep(invite.totpSecret, body.code, app.clock().getTime() / 1000, null);
    if (step === null) throw badRequest('code: Invalid verification code');
    const done = await completeEnrolment(app.db, {
      adminId: invite.adminId,
      passwordHash: await hashPassword(body.password),
      secret: invite.totpSecret,
      step,
      now: app.clock(),
    });
    if (!done) throw gone();
    return ok({ username: invite.username }, 'Enrolment complete');
  });
}
