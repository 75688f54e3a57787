import type { FastifyInstance } from 'fastify';
import { AppError, ok } from '../lib/envelope';
import { databaseAnswers } from './repository';

/** GET /health (no API key): 200 once the database answers, for launchers and probes. Not a call of the console. */
export default async function healthRoutes(app: FastifyInstance) {
  app.get('/health', async () => {
    if (!(await databaseAnswers(app.db))) throw new AppError(503, 'Database unavailable');
    return ok({ status: 'ok' });
  });
}
