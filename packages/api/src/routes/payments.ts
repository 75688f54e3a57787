import type { FastifyInstance } from 'fastify';
import { paymentsQuerySchema } from '@manager/contract';
import { ok, parse } from '../plugins/envelope';
import { readStarsPayments, readTonPayments } from './payments-queries';

/** GET /transactions/ton-payments and /transactions/stars-payments (view only). */
export default async function paymentRoutes(app: FastifyInstance) {
  app.get('/transactions/ton-payments', async (request) =>
    ok(await readTonPayments(app.db, parse(paymentsQuerySchema, request.query, 'query'))),
  );
  app.get('/transactions/stars-payments', async (request) =>
    ok(await readStarsPayments(app.db, parse(paymentsQuerySchema, request.query, 'query'))),
  );
}
