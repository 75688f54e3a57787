import type { FastifyInstance, FastifyRequest } from 'fastify';
import { isFamilyActive } from '../auth/session-repository';
import { unauthorized } from './envelope';

/**
 * `app.requireAdmin`, used as an onRequest hook: a valid HS256 access token whose session
 * (refresh-token family) is still live. After logout or a detected token replay the family is
 * revoked, so its access tokens stop working at once instead of at expiry.
 */
export function registerAuthGuard(app: FastifyInstance): void {
  app.decorate('requireAdmin', async (request: FastifyRequest) => {
    const match = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '');
    if (!match?.[1]) throw unauthorized();
    const verified = await app.tokens.verifyAccess(match[1]);
    if (!verified?.familyId || !(await isFamilyActive(app.db, verified.familyId))) throw unauthorized();
    request.admin = { id: verified.adminId, familyId: verified.familyId };
  });
}
