import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import authRoutes from '../auth/routes';
import { sendRouteNotFound } from '../plugins/errors';
import healthRoutes from './health';
import statsRoutes from './stats';
import settingsRoutes from './settings';
import withdrawalRoutes from './withdrawals';
import paymentRoutes from './payments';
import transactionsInventoryRoutes from './transactions-inventory';
import usersRoutes from './users';
import commerceRoutes from './shop-commerce';
import taskRoutes from './tasks';
import giveawayRoutes from './giveaways';
import tournamentRoutes from './tournaments';
import mailingRoutes from './mailing';

/**
 * Route modules mounted under /manager, all behind the bearer guard. A new module is one
 * more entry here: `async (app: FastifyInstance) => void` with paths relative to /manager.
 */
const managerRoutes: FastifyPluginAsync[] = [
  statsRoutes,
  withdrawalRoutes,
  paymentRoutes,
  transactionsInventoryRoutes,
  settingsRoutes,
  usersRoutes,
  taskRoutes,
  giveawayRoutes,
  tournamentRoutes,
  mailingRoutes,
  commerceRoutes,
];

export default async function routes(app: FastifyInstance) {
  await app.register(healthRoutes);
  await app.register(authRoutes, { prefix: '/auth' });
  await app.register(
    async (manager) => {
      manager.addHook('onRequest', manager.requireAdmin);
      for (const module of managerRoutes) await manager.register(module);
      // Unknown /manager paths also need a session: no route probing without signing in.
      manager.setNotFoundHandler({ preHandler: manager.requireAdmin }, sendRouteNotFound);
    },
    { prefix: '/manager' },
  );
}
