import type { FastifyInstance } from 'fastify';
import giftRoutes from './gifts';
import lootBoxRoutes from './loot-boxes';
import marketplaceRoutes from './marketplace';
import shopRoutes from './shop';

/** Every call the commerce remote makes (marketplace, shop, loot boxes, gift pickers), as one entry of `managerRoutes`. */
export default async function commerceRoutes(app: FastifyInstance) {
  await app.register(marketplaceRoutes);
  await app.register(shopRoutes);
  await app.register(lootBoxRoutes);
  await app.register(giftRoutes);
}
