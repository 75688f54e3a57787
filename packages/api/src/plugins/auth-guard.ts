import type { FastifyInstance, FastifyRequest } from 'fastify';
import { BACKGROUND_HEADER } from '@manager/contract';
import { checkSession } from '../auth/session-repository';
import { isStepUpFresh, stepUpMethods, stepUpRequired } from '../auth/step-up-repository';
import type { DbOrTx } from '../db/client';
import { unauthorized } from '../lib/envelope';
import { heldPermissions } from '../lib/permissions';

const BACKGROUND = BACKGROUND_HEADER.toLowerCase();

/**
 * `app.requireAdmin`, used as an onRequest hook: a valid HS256 access token whose session is
 * open (not ended by a logout, a sign-out from another session or a token replay, not past
 * its idle timeout or lifetime), checked in one database round trip that also records the
 * call as activity, unless the console marked it as background polling (BACKGROUND_HEADER).
 * The same round trip reads the session's last step-up, which `app.requireStepUp` judges, and
 * the admin's roles, whose permissions a call's permission hook checks (plugins/permissions.ts).
 */
export function registerAuthGuard(app: FastifyInstance): void {
  app.decorate('requireAdmin', async (request: FastifyRequest) => {
    const match = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '');
    if (!match?.[1]) throw unauthorized();
    const verified = await app.tokens.verifyAccess(match[1]);
    if (!verified?.familyId) throw unauthorized();
    const activity = request.headers[BACKGROUND] !== '1';
    const session = await checkSession(
      app.db,
      verified.familyId,
      verified.adminId,
      app.clock(),
      app.config.session,
      activity,
    );
    if (!session) throw unauthorized();
    request.admin = {
      id: verified.adminId,
      familyId: verified.familyId,
      stepUpAt: session.stepUpAt,
      accessExpiresAt: verified.expiresAt,
      permissions: heldPermissions(session.roles, session.custom),
    };
  });
  app.decorate('permissionsNow', async (admin: { id: number; familyId: string }) => {
    const session = await checkSession(
      app.db,
      admin.familyId,
      admin.id,
      app.clock(),
      app.config.session,
      false,
    );
    return session ? heldPermissions(session.roles, session.custom) : null;
  });
  // A call marked `stepUp: 'always'` gets it as a preHandler (lib/route.ts).
  app.decorate('requireStepUp', (request: FastifyRequest, db?: DbOrTx) =>
    requireFreshStepUp(app, request, db),
  );
}

/**
 * Refuses (STEP_UP_STATUS) unless the request's session confirmed a step-up within the
 * window. Only a refusal costs a query (the methods to offer), through `db`: inside a
 * transaction, pass it, so the refusal does not wait for a second connection.
 */
export async function requireFreshStepUp(
  app: FastifyInstance,
  request: FastifyRequest,
  db: DbOrTx = app.db,
): Promise<void> {
  const admin = request.admin;
  if (!admin) throw unauthorized();
  if (isStepUpFresh(admin.stepUpAt, app.clock(), app.config.stepUpWindowMs)) return;
  throw stepUpRequired(await stepUpMethods(db, admin.id));
}
