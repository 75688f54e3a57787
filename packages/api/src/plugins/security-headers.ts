import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import { routePathOf } from '../lib/request';

/**
 * Helmet's headers on every answer. The API serves JSON and images, never a page, so its
 * content security policy allows nothing to load, run or frame it. Resources are
 * same-origin only, except the uploaded images (plugins/uploads.ts), which the console shows
 * from its own origin. The console reads the JSON through CORS, which this does not touch.
 */
export async function registerSecurityHeaders(app: FastifyInstance): Promise<void> {
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'none'"],
        frameAncestors: ["'none'"],
        baseUri: ["'none'"],
        formAction: ["'none'"],
      },
    },
    crossOriginResourcePolicy: { policy: 'same-origin' },
    xFrameOptions: { action: 'deny' },
  });
  // Tokens, temporary tokens, 2FA secrets and backup codes: no cache (browser or proxy) keeps
  // any answer of /auth/*, failures included.
  app.addHook('onSend', async (request, reply) => {
    if (routePathOf(request).startsWith('/auth/')) reply.header('Cache-Control', 'no-store');
  });
}
