import type { FastifyInstance } from 'fastify';
import { enrolmentRoutes } from './enrolment-routes';
import { passkeySettingsRoutes } from './passkeys/settings-routes';
import { passkeySignInRoutes } from './passkeys/sign-in-routes';
import { passkeyStepUpRoutes } from './passkeys/step-up-routes';
import { sessionRoutes } from './session-routes';
import { signInRoutes } from './sign-in-routes';
import { stepUpRoutes } from './step-up-routes';
import { twoFactorRoutes } from './two-factor-routes';

/** Everything under /auth: sign-in (with enrolment), the session, the admin's own two-factor settings and passkeys, and step-up. */
export default async function authRoutes(app: FastifyInstance) {
  await app.register(signInRoutes);
  await app.register(enrolmentRoutes);
  await app.register(sessionRoutes);
  await app.register(twoFactorRoutes);
  await app.register(stepUpRoutes);
  await app.register(passkeySignInRoutes);
  await app.register(passkeySettingsRoutes);
  await app.register(passkeyStepUpRoutes);
}
