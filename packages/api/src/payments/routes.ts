import type { FastifyInstance } from 'fastify';
import { exportRoute } from '../exports/route';
import { calls, paymentsQuerySchema } from '@manager/contract';
import { route } from '../lib/route';
import { ok, parse } from '../lib/envelope';
import { starsPaymentsPlan, tonPaymentsPlan } from './export-plan';
import { readStarsPayments, readTonPayments } from './repository';

/** Deposits in TON and in Stars (view only). */
export default async function paymentRoutes(app: FastifyInstance) {
  route(app, calls.tonPayments, async (request) =>
    ok(await readTonPayments(app.db, parse(paymentsQuerySchema, request.query, 'query'))),
  );
  route(app, calls.starsPayments, async (request) =>
    ok(await readStarsPayments(app.db, parse(paymentsQuerySchema, request.query, 'query'))),
  );
  exportRoute(app, calls.exportTonPayments, tonPaymentsPlan);
  exportRoute(app, calls.exportStarsPayments, starsPaymentsPlan);
}
