import type { FastifyInstance, RouteHandlerMethod } from 'fastify';
import { apiPath, type CallSpec } from '@manager/contract';

/**
 * Registers the handler of one call of `calls` (method and path from the contract, so the
 * server answers exactly the paths the client builds). Calls mounted under `/manager` are
 * registered inside the `/manager` scope, which guards all of them; the others (`/auth/*`)
 * get the bearer guard here unless the call says `auth: false`. A call marked
 * `stepUp: 'always'` also needs a fresh step-up, checked after the bearer guard and before
 * its handler; `conditional` ones check it in the handler, for the changes that need it.
 */
export function route(app: FastifyInstance, call: CallSpec, handler: RouteHandlerMethod): void {
  const underManager = apiPath(call.path) !== call.path;
  const guarded = !underManager && call.auth !== false;
  app.route({
    method: call.method,
    url: call.path,
    ...(guarded ? { onRequest: app.requireAdmin } : {}),
    ...(call.stepUp === 'always' ? { preHandler: app.requireStepUp } : {}),
    handler,
  });
}
