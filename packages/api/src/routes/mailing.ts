import { and, desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { createMailingBodySchema, idParamSchema, mailingStatusRequestSchema, type Mailing } from '@manager/contract';
import { writeAudit } from '../db/audit';
import { mailings } from '../db/schema/index';
import { conflict, notFound, ok, parse } from '../plugins/envelope';
import { readMultipartForm } from '../plugins/uploads';
import { LocalDelivery, type MailingDelivery } from '../mailing/delivery';
import { deliverMailing } from '../mailing/mailing-job';
import { adminIdOf } from '../tasks/request-body';

type MailingRow = typeof mailings.$inferSelect;
const toMailing = (r: MailingRow): Mailing => ({
  id: r.id,
  message: r.message,
  buttonText: r.buttonText,
  buttonLink: r.buttonLink,
  mediaLink: r.mediaLink || null,
  recipients: r.recipients,
  status: r.status,
  createdAt: r.createdAt.toISOString(),
});

export interface MailingRoutesOptions {
  delivery?: MailingDelivery;
}

/** GET/POST /mailing, PUT /mailing/:id/status (waiting -> running once; a job then delivers it and marks it done). */
export default async function mailingRoutes(app: FastifyInstance, opts: MailingRoutesOptions = {}) {
  const delivery = opts.delivery ?? new LocalDelivery();
  const jobs = new Set<Promise<void>>();
  let closing = false;
  // Let running deliveries stop between batches before the database closes.
  app.addHook('onClose', async () => {
    closing = true;
    await Promise.allSettled([...jobs]);
  });

  function runJob(id: number) {
    const job = deliverMailing(app.db, delivery, id, () => closing)
      .catch((error: unknown) => app.log.error({ err: error, mailingId: id }, 'mailing delivery failed'))
      .finally(() => jobs.delete(job));
    jobs.add(job);
  }
  // A mailing left running by a stopped server (or seeded so) is delivered again from the start:
  // the reference server is a single instance, so no other process owns it.
  app.addHook('onReady', async () => {
    const running = await app.db.select({ id: mailings.id }).from(mailings).where(eq(mailings.status, 'running'));
    for (const { id } of running) runJob(id);
  });

  app.get('/mailing', async () => {
    const rows = await app.db.select().from(mailings).orderBy(desc(mailings.createdAt), desc(mailings.id));
    return ok({ mailings: rows.map(toMailing) });
  });

  app.post('/mailing', async (request) => {
    const { fields, images } = await readMultipartForm(request);
    const body = parse(createMailingBodySchema, fields);
    const mediaLink = images.image ? await app.storeImage(images.image) : '';
    const created = await app.discardImageOnFailure(
      mediaLink,
      app.db.transaction(async (tx) => {
        const [row] = await tx.insert(mailings).values({ ...body, mediaLink, status: 'waiting', createdAt: app.clock() }).returning();
        await writeAudit(tx, { adminId: adminIdOf(request), action: 'mailing.create', entity: 'mailing', entityId: row!.id, after: row });
        return row!;
      }),
    );
    return ok(toMailing(created), 'Message created successfully');
  });

  app.put('/mailing/:id/status', async (request) => {
    const { id } = parse(idParamSchema, request.params, 'params');
    parse(mailingStatusRequestSchema, request.body);
    const started = await app.db.transaction(async (tx) => {
      // The status condition makes a second Start (or a race of two) change nothing.
      const [row] = await tx.update(mailings).set({ status: 'running' }).where(and(eq(mailings.id, id), eq(mailings.status, 'waiting'))).returning();
      if (!row) {
        const [existing] = await tx.select({ status: mailings.status }).from(mailings).where(eq(mailings.id, id));
        if (!existing) throw notFound('Mailing not found');
        throw conflict(`Mailing is ${existing.status}; only a waiting mailing can be started`);
      }
      await writeAudit(tx, { adminId: adminIdOf(request), action: 'mailing.start', entity: 'mailing', entityId: id, before: { status: 'waiting' }, after: { status: 'running' } });
      return row;
    });
    runJob(id);
    return ok(toMailing(started), 'Mailing started successfully');
  });
}
