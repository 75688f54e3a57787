import fastifyRateLimit from '@fastify/rate-limit';
import { addressKey } from '../lib/address';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config';
import { routePathOf } from '../lib/request';
import { AppError } from '../lib/envelope';
import { DatabaseRateLimitStore } from './rate-limit-store';

/**
 * The budget that counts a request to a route: `auth` for `/auth/*`, `all` for every other
 * call, none for CORS preflights, the health probe and the uploaded images. The API
 * description (docs/openapi.ts) states the 429 of each call from this too.
 */
export function rateLimitScopeOf(method: string, path: string): 'auth' | 'all' | null {
  if (method === 'OPTIONS' || path === '/health' || path.startsWith('/uploads/')) return null;
  return path.startsWith('/auth/') ? 'auth' : 'all';
}

/** Requests per address and window a route gets under `limits`; 0 when none counts it. */
export function rateLimitOf(
  limits: Pick<Config['rateLimit'], 'max' | 'authMax'>,
  method: string,
  path: string,
): number {
  const scope = rateLimitScopeOf(method, path);
  return scope === 'auth' ? limits.authMax : scope === 'all' ? limits.max : 0;
}

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
    errorResponseBuilder: (_request, context) =>
      new AppError(429, `Too many requests. Try again in ${context.after}.`),
  });
  const limiter = (scope: string, limit: number) =>
    limit
      ? app.rateLimit({ max: limit, keyGenerator: (request) => `${scope}:${addressKey(request.ip)}` })
      : null;
  const all = limiter('all', max);
  const auth = limiter('auth', authMax);
  app.addHook('onRequest', async function countRequest(request, reply) {
    const scope = rateLimitScopeOf(request.method, routePathOf(request));
    if (!scope) return;
    await (scope === 'auth' ? auth : all)?.call(this, request, reply);
  });
}
