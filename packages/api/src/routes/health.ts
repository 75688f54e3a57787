import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { AppError, ok } from '../plugins/envelope';

/** GET /health (no API key): 200 once the database answers, for launchers and probes. */
export default async function healthRoutes(app: FastifyInstance) {
  app.get('/health', async () => {
    try {
      await app.db.execute(sql`select 1`);
    } catch {
      throw new AppError(503, 'Database unavailable');
    }
    return ok({ status: 'ok' });
  });
}
