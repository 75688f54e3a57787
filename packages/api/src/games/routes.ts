import type { FastifyInstance } from 'fastify';
import { exportRoute } from '../exports/route';
import { calls, gameHistoryQuerySchema } from '@manager/contract';
import { route } from '../lib/route';
import { ok, parse } from '../lib/envelope';
import { gameHistoryPlan } from './export-plan';
import { listGames } from './repository';

/** Game history (view only, server-paginated). */
export default async function gameRoutes(app: FastifyInstance) {
  route(app, calls.gameHistory, async (request) =>
    ok(await listGames(app.db, parse(gameHistoryQuerySchema, request.query, 'query'))),
  );
  exportRoute(app, calls.exportGameHistory, gameHistoryPlan);
}
