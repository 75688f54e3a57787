import type { FastifyInstance } from 'fastify';
import { auditFilterSchema, auditQuerySchema, calls } from '@manager/contract';
import { currentActor } from '../lib/actor';
import { adminIdOf } from '../lib/request';
import { route } from '../lib/route';
import { ok, parse } from '../lib/envelope';
import { auditCsv, exportFileName } from './csv';
import { listAudit, listAuditAdmins, recordExport } from './repository';

/** A user agent is kept as far as it tells a browser apart; headers may be far longer. */
const USER_AGENT_MAX = 512;

/** The audit trail: the log, the admins to filter it by, and its CSV export (itself audited). */
export default async function auditRoutes(app: FastifyInstance) {
  route(app, calls.audit, async (request) =>
    ok(await listAudit(app.db, parse(auditQuerySchema, request.query, 'query'))),
  );

  route(app, calls.auditAdmins, async () => ok({ admins: await listAuditAdmins(app.db) }));

  route(app, calls.auditExport, async (request, reply) => {
    const filter = parse(auditFilterSchema, request.query, 'query');
    // Fastify answers HEAD with this handler and drains the body: no file, so no rows read, no record.
    if (request.method === 'HEAD') return reply.type('text/csv; charset=utf-8').send();
    const start = await recordExport(app.db, {
      adminId: adminIdOf(request),
      ip: request.ip || null,
      userAgent: request.headers['user-agent']?.slice(0, USER_AGENT_MAX) ?? null,
      consoleVersion: currentActor().consoleVersion,
      filter,
    });
    return reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="${exportFileName(app.clock())}"`)
      .header('cache-control', 'no-store')
      .send(
        auditCsv(app.db, filter, start, (error) =>
          request.log.warn({ err: error }, 'audit export ended early'),
        ),
      );
  });
}
