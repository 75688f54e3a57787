import type { FastifyInstance } from 'fastify';
import { ok } from '../plugins/envelope';
import { readDashboardStatsShared, readMetrics } from './stats-queries';

/** GET /manager/metrics and /manager/dashboard-stats (mounted behind the admin guard). */
export default async function statsRoutes(app: FastifyInstance) {
  app.get('/metrics', async () => ok(await readMetrics(app.db, app.clock())));
  app.get('/dashboard-stats', async () => ok(await readDashboardStatsShared(app.db, app.clock())));
}
