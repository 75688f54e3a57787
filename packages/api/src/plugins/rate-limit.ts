import fastifyRateLimit from '@fastify/rate-limit';
import { addressKey } from '../lib/address';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { routePathOf } from '../lib/request';
import { AppError } from './envelope';
import { DatabaseRateLimitStore } from './rate-limit-store';

/** Requests that are not counted: CORS preflights, the health probe and the uploaded images. */
const uncounted = (request: FastifyRequest, path: string) =>
  request.method === 'OPTIONS' || path === '/health' || path.startsWith('/uploads/');

/**
 * Requests per address and window, counted in the database (`rate_limit_counters`), so the
 * limit holds however many API instances share it: `/auth/*` (sign-in, refresh, 2FA) in one
 * budget of `authMax`, every other call in one of `max` (config.rateLimit; 0 = no limit).
 * The address is `request.ip` (see TRUST_PROXY), an IPv6 one taken by its /64. Over the
 * limit: 429 with Retry-After. Counted before the API key check, after CORS, so a browser
 * can read the refusal.
 */
export async function registerRateLimit(app: FastifyInstance): Promise<void> {
  const { max, authMax, windowMs } = app.config.rateLimit;
  if (!max && !authMax) return;
  const { db, clock } = app;
  await app.register(fastifyRateLimit, {
    global: false,
    timeWindow: windowMs,
    store: class extends DatabaseRateLimitStore {
      constructor() {
        super(db, clock);
      }
    },
    errorResponseBuilder: (_request, context) => new AppError(429, `Too many requests. Try again in ${context.after}.`),
  });
  const limiter = (scope: string, limit: number) =>
    limit ? app.rateLimit({ max: limit, keyGenerator: (request) => `${scope}:${addressKey(request.ip)}` }) : null;
  const all = limiter('all', max);
  const auth = limiter('auth', authMax);
  app.addHook('onRequest', async function countRequest(request, reply) {
    const path = routePathOf(request);
    if (uncounted(request, path)) return;
    const limit = path.startsWith('/auth/') ? auth : all;
    await limit?.call(this, request, reply);
  });
}
