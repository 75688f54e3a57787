import type { FastifyInstance } from 'fastify';
import { marketplaceOrdersQuerySchema, marketplaceQuerySchema } from '@manager/contract';
import { listMarketplaceItems, listMarketplaceOrders } from '../marketplace/queries';
import { ok, parse } from '../plugins/envelope';

/** GET /manager/marketplace and /manager/marketplace/orders: view only, server-paginated (20). */
export default async function marketplaceRoutes(app: FastifyInstance) {
  app.get('/marketplace', async (request) =>
    ok(await listMarketplaceItems(app.db, parse(marketplaceQuerySchema, request.query, 'query'))),
  );
  app.get('/marketplace/orders', async (request) =>
    ok(await listMarketplaceOrders(app.db, parse(marketplaceOrdersQuerySchema, request.query, 'query'))),
  );
}
