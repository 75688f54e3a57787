import type { FastifyInstance } from 'fastify';
import { calls, inventoryGiftsQuerySchema } from '@manager/contract';
import { route } from '../lib/route';
import { ok, parse } from '../lib/envelope';
import { listStarsGifts, searchInventoryGifts } from './repository';

/** The gift pickers' calls (giveaways and loot boxes). */
export default async function giftRoutes(app: FastifyInstance) {
  route(app, calls.inventoryGifts, async (request) =>
    ok(await searchInventoryGifts(app.db, parse(inventoryGiftsQuerySchema, request.query, 'query'))),
  );
  route(app, calls.starsGifts, async () => ok(await listStarsGifts(app.db)));
}
