import type { FastifyInstance } from 'fastify';
import { sessionRoutes } from './session-routes';
import { signInRoutes } from './sign-in-routes';
import { twoFactorRoutes } from './two-factor-routes';

/** Everything under /auth: sign-in, session, and the admin's own two-factor settings. */
export default async function authRoutes(app: FastifyInstance) {
  await app.register(signInRoutes);
  await app.register(sessionRoutes);
  // /2fa/verify is public (in signInRoutes); the rest of /2fa/* needs a bearer token.
  await app.register(twoFactorRoutes, { prefix: '/2fa' });
}
