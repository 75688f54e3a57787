import type { FastifyInstance } from 'fastify';
import { auditQuerySchema, calls } from '@manager/contract';
import { route } from '../lib/route';
import { ok, parse } from '../plugins/envelope';
import { listAudit, listAuditAdmins } from './repository';

/** The audit trail: the log and the admins to filter it by. */
export default async function auditRoutes(app: FastifyInstance) {
  route(app, calls.audit, async (request) => ok(await listAudit(app.db, parse(auditQuerySchema, request.query, 'query'))));

  route(app, calls.auditAdmins, async () => ok({ admins: await listAuditAdmins(app.db) }));
}
