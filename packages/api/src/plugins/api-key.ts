import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../lib/envelope';

const INVALID_API_KEY = 'Invalid API key';

/**
 * Every call must carry the API key header, except GET /health (for launchers and probes),
 * GET /docs (the public API description), /uploads/* (images load through <img>, which
 * cannot send headers) and /releases/* (the release tool's, guarded by RELEASES_TOKEN).
 * A missing or wrong key is 403, not 401: the client answers any 401 with a token refresh,
 * which cannot fix a bad key; 403 surfaces as "Access denied" instead.
 */
export function registerApiKeyCheck(app: FastifyInstance): void {
  const header = app.config.apiKeyHeader;
  const expected = Buffer.from(app.config.apiKey);
  app.addHook('onRequest', async (request) => {
    if (request.method === 'OPTIONS') return; // CORS preflights never carry custom headers
    const path = request.url.split('?')[0] ?? '';
    if (path === '/health' || path === '/docs' || path.startsWith('/uploads/')) return;
    // The release tool's route carries its own secret (RELEASES_TOKEN), not the browsers' key.
    if (path.startsWith('/releases/')) return;
    const given = request.headers[header];
    const value = Buffer.from(typeof given === 'string' ? given : '');
    if (value.length !== expected.length || !timingSafeEqual(value, expected)) {
      throw new AppError(403, INVALID_API_KEY);
    }
  });
}
