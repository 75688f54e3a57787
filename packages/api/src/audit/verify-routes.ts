import type { FastifyInstance } from 'fastify';
import { calls } from '@manager/contract';
import { route } from '../lib/route';
import { ok } from '../lib/envelope';
import { verifyAuditChain } from './chain';

/** "Verify chain": walks the audit log's hash chain. It reads only, so it writes no audit row. */
export default async function auditVerifyRoutes(app: FastifyInstance) {
  route(app, calls.auditVerify, async () => ok(await verifyAuditChain(app.db)));
}
