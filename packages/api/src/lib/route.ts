import type { FastifyInstance, FastifyRequest, RouteHandlerMethod } from 'fastify';
import { apiPath, type CallSpec } from '@manager/contract';
import { callPermissions, permissionHook } from './permissions';
import { parse } from './envelope';

/**
 * Registers the handler of one call of `calls` (method and path from the contract, so the
 * server answers exactly the paths the client builds). Calls mounted under `/manager` are
 * registered inside the `/manager` scope, which guards all of them; the others (`/auth/*`)
 * get the bearer guard here unless the call says `auth: false`. The permission the call names
 * (`permission`, plugins/permissions.ts) is checked next, before the body is read: a refusal
 * is 403 and does nothing else. A call marked
 * `stepUp: 'always'` also needs a fresh step-up, checked after the bearer guard and before
 * its handler; `conditional` ones check it in the handler, for the changes that need it.
 * The path parameters are checked against the call's `params` next (400 naming the
 * parameter), so the bounds the API description states for them are the ones enforced.
 */
export function route(app: FastifyInstance, call: CallSpec, handler: RouteHandlerMethod): void {
  const underManager = apiPath(call.path) !== call.path;
  const guarded = !underManager && call.auth !== false;
  const params = call.params;
  const permissions = callPermissions(call);
  const onRequest = [
    ...(guarded ? [app.requireAdmin] : []),
    ...(permissions ? [permissionHook(permissions)] : []),
  ];
  const preHandler = [
    ...(call.stepUp === 'always' ? [(request: FastifyRequest) => app.requireStepUp(request)] : []),
    ...(params ? [async (request: FastifyRequest) => void parse(params, request.params, 'params')] : []),
  ];
  app.route({
    method: call.method,
    url: call.path,
    ...(onRequest.length ? { onRequest } : {}),
    ...(preHandler.length ? { preHandler } : {}),
    handler,
  });
}
