import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import adminRoutes from './auth/admins/routes';
import enrolmentRoutes from './auth/admins/enrolment-routes';
import releaseRoutes from './auth/admins/release-routes';
import auditRoutes from './audit/routes';
import auditVerifyRoutes from './audit/verify-routes';
import authRoutes from './auth/routes';
import docsRoutes from './docs/routes';
import eventRoutes from './events/routes';
import gameRoutes from './games/routes';
import giftRoutes from './gifts/routes';
import giveawayRoutes from './giveaways/routes';
import healthRoutes from './health/routes';
import inboxRoutes from './inbox/routes';
import inventoryRoutes from './inventory/routes';
import lootBoxRoutes from './loot-boxes/routes';
import mailingRoutes from './mailing/routes';
import marketplaceRoutes from './marketplace/routes';
import paymentRoutes from './payments/routes';
import piiRoutes from './pii/routes';
import presenceRoutes from './presence/routes';
import { sendRouteNotFound } from './plugins/errors';
import settingsRoutes from './settings/routes';
import shopRoutes from './shop/routes';
import statsRoutes from './stats/routes';
import taskRoutes from './tasks/routes';
import tournamentRoutes from './tournaments/routes';
import usersRoutes from './users/routes';
import withdrawalRoutes from './withdrawals/routes';

/**
 * Each domain's routes under /manager, all behind the bearer guard. A new domain is one more
 * entry here: `src/<domain>/routes.ts` registering its calls with `route(app, calls.x, ...)`
 * (and a list's CSV export with `exportRoute(app, calls.exportX, xPlan)`, exports/route.ts).
 */
const managerRoutes: FastifyPluginAsync[] = [
  statsRoutes,
  usersRoutes,
  gameRoutes,
  taskRoutes,
  marketplaceRoutes,
  shopRoutes,
  giftRoutes,
  lootBoxRoutes,
  withdrawalRoutes,
  paymentRoutes,
  piiRoutes,
  inventoryRoutes,
  mailingRoutes,
  tournamentRoutes,
  giveawayRoutes,
  settingsRoutes,
  auditRoutes,
  auditVerifyRoutes,
  adminRoutes,
  eventRoutes,
  presenceRoutes,
  inboxRoutes,
];

export default async function routes(app: FastifyInstance) {
  await app.register(healthRoutes);
  await app.register(docsRoutes);
  await app.register(authRoutes);
  // The release tool's question about canary names: its own token, no session (RELEASES_TOKEN).
  await app.register(releaseRoutes);
  // An enrolment link is opened without a session: its token is the credential.
  await app.register(enrolmentRoutes, { prefix: '/manager' });
  await app.register(
    async (manager) => {
      manager.addHook('onRequest', manager.requireAdmin);
      for (const domain of managerRoutes) await manager.register(domain);
      // Unknown /manager paths also need a session: no route probing without signing in.
      manager.setNotFoundHandler({ preHandler: manager.requireAdmin }, sendRouteNotFound);
    },
    { prefix: '/manager' },
  );
}
