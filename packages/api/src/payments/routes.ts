import type { FastifyInstance } from 'fastify';
import { calls, paymentsQuerySchema } from '@manager/contract';
import { route } from '../lib/route';
import { ok, parse } from '../lib/envelope';
import { readStarsPayments, readTonPayments } from './repository';

/** Deposits in TON and in Stars (view only). */
export default async function paymentRoutes(app: FastifyInstance) {
  route(app, calls.tonPayments, async (request) => ok(await readTonPayments(app.db, parse(paymentsQuerySchema, request.query, 'query'))));
  route(app, calls.starsPayments, async (request) => ok(await readStarsPayments(app.db, parse(paymentsQuerySchema, request.query, 'query'))));
}
