import type { FastifyInstance } from 'fastify';
import marketplaceRoutes from './marketplace';
import shopRoutes from './shop';

/** Every call the commerce remote makes (marketplace, shop), as one entry of `managerRoutes`. */
export default async function commerceRoutes(app: FastifyInstance) {
  await app.register(marketplaceRoutes);
  await app.register(shopRoutes);
}
