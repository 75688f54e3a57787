import type { FastifyInstance } from 'fastify';
import { recordRefusal } from '../auth/role-repository';
import { AccessDenied } from '../lib/permissions';

/**
 * Every refusal for lack of a permission (lib/permissions.ts), from a call's hook or from a
 * handler checking a part of a change, goes into the audit trail here, at most once per admin,
 * permission and minute (auth/role-repository.ts decides it in the database). Awaited before
 * the answer leaves, so the row is there when the client reads the 403.
 */
export function registerPermissionAudit(app: FastifyInstance): void {
  app.addHook('onError', async (request, _reply, error) => {
    if (!(error instanceof AccessDenied) || !request.admin) return;
    const call = `${request.method} ${request.routeOptions.url ?? request.url.split('?')[0]}`;
    await recordRefusal(app.db, request.admin.id, error.permission, call, app.clock());
  });
}
