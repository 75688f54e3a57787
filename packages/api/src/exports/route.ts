import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { CSV_EXPORT_LISTS, csvExportFileName, type CallSpec, type CsvExportPath } from '@manager/contract';
import { currentActor } from '../lib/actor';
import { route } from '../lib/route';
import { parse } from '../lib/envelope';
import { exportCsv, filtersOf, type ExportPlan } from './csv-stream';

interface ExportCall<S extends z.ZodType> extends CallSpec {
  path: CsvExportPath;
  query: S;
}

/**
 * Registers one list's CSV export (`docs/api.md#csv-exports`); each domain calls it from its
 * routes.ts with its plan (`<domain>/export-plan.ts`). The query is the list's (search,
 * filters, sort) without page and limit, checked like the list's (a bad value is a 400 naming
 * it, before any byte of CSV); the answer is every matching row in the list's order, streamed.
 */
export function exportRoute<S extends z.ZodType>(
  app: FastifyInstance,
  call: ExportCall<S>,
  plan: (q: z.output<S>) => ExportPlan,
): void {
  route(app, call, async (request: FastifyRequest, reply: FastifyReply) => {
    const query = parse(call.query, request.query, 'query') as z.output<S>;
    const headers = () =>
      reply
        .type('text/csv; charset=utf-8')
        .header(
          'content-disposition',
          `attachment; filename="${csvExportFileName(CSV_EXPORT_LISTS[call.path], app.clock())}"`,
        )
        .header('cache-control', 'no-store');
    // Fastify answers HEAD with this handler and drains the body: no file, so no rows read, no record.
    if (request.method === 'HEAD') return headers().send();
    const run = {
      db: app.db,
      plan: plan(query),
      filters: filtersOf(query as Record<string, unknown>),
      actor: currentActor(),
      // Whole wallets and transaction ids only for an admin who may reveal them (docs/security.md).
      unmasked: request.admin?.permissions.has('pii.reveal') ?? false,
    };
    const csv = await exportCsv(run, (error) => request.log.warn({ err: error }, 'list export ended early'));
    return headers().send(csv);
  });
}
