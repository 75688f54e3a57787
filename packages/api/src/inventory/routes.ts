import type { FastifyInstance } from 'fastify';
import { exportRoute } from '../exports/route';
import { calls, inventoryQuerySchema } from '@manager/contract';
import { route } from '../lib/route';
import { ok, parse } from '../lib/envelope';
import { inventoryPlan } from './export-plan';
import { listInventory } from './repository';

/** The gifts held on the platform (view only, server-paginated). */
export default async function inventoryRoutes(app: FastifyInstance) {
  route(app, calls.inventory, async (request) =>
    ok(await listInventory(app.db, parse(inventoryQuerySchema, request.query, 'query'))),
  );
  exportRoute(app, calls.exportInventory, inventoryPlan);
}
