import type { FastifyInstance } from 'fastify';
import { exportRoute } from '../exports/route';
import { calls, marketplaceOrdersQuerySchema, marketplaceQuerySchema } from '@manager/contract';
import { route } from '../lib/route';
import { ok, parse } from '../lib/envelope';
import { marketplaceOrdersPlan } from './export-plan';
import { listMarketplaceItems, listMarketplaceOrders } from './repository';

/** Listings and sales: view only, server-paginated. */
export default async function marketplaceRoutes(app: FastifyInstance) {
  route(app, calls.marketplace, async (request) =>
    ok(await listMarketplaceItems(app.db, parse(marketplaceQuerySchema, request.query, 'query'))),
  );
  route(app, calls.marketplaceOrders, async (request) =>
    ok(await listMarketplaceOrders(app.db, parse(marketplaceOrdersQuerySchema, request.query, 'query'))),
  );
  exportRoute(app, calls.exportMarketplaceOrders, marketplaceOrdersPlan);
}
