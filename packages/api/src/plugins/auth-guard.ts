import type { FastifyInstance, FastifyRequest } from 'fastify';
import { BACKGROUND_HEADER } from '@manager/contract';
import { checkSession } from '../auth/session-repository';
import { unauthorized } from './envelope';

const BACKGROUND = BACKGROUND_HEADER.toLowerCase();

/**
 * `app.requireAdmin`, used as an onRequest hook: a valid HS256 access token whose session is
 * open (not ended by a logout, a sign-out from another session or a token replay, not past
 * its idle timeout or lifetime), checked in one database round trip that also records the
 * call as activity, unless the console marked it as background polling (BACKGROUND_HEADER).
 */
export function registerAuthGuard(app: FastifyInstance): void {
  app.decorate('requireAdmin', async (request: FastifyRequest) => {
    const match = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '');
    if (!match?.[1]) throw unauthorized();
    const verified = await app.tokens.verifyAccess(match[1]);
    if (!verified?.familyId) throw unauthorized();
    const activity = request.headers[BACKGROUND] !== '1';
    if (!(await checkSession(app.db, verified.familyId, verified.adminId, app.clock(), app.config.session, activity))) throw unauthorized();
    request.admin = { id: verified.adminId, familyId: verified.familyId };
  });
}
