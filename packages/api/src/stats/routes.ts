import type { FastifyInstance } from 'fastify';
import { calls } from '@manager/contract';
import { route } from '../lib/route';
import { ok } from '../lib/envelope';
import { readDashboardStatsShared, readMetrics } from './repository';

/** The top bar's live counters and the dashboard. */
export default async function statsRoutes(app: FastifyInstance) {
  route(app, calls.metrics, async () => ok(await readMetrics(app.db, app.clock())));
  route(app, calls.dashboardStats, async () => ok(await readDashboardStatsShared(app.db, app.clock())));
}
