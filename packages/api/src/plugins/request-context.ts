import { fastifyRequestContext } from '@fastify/request-context';
import type { FastifyInstance } from 'fastify';
import { requestActor } from '../lib/actor';

/**
 * Opens each request's context (AsyncLocalStorage, kept across the handler's awaits) with its
 * actor, so every audit row the request writes names its admin, IP and user agent without
 * the repositories passing them. Registered first: every later hook runs inside it.
 */
export async function registerRequestContext(app: FastifyInstance): Promise<void> {
  await app.register(fastifyRequestContext, {
    defaultStoreValues: (request) => ({ actor: requestActor(request) }),
  });
}
