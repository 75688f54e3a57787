import type { FastifyInstance } from 'fastify';
import { calls, createMailingBodySchema, mailingsQuerySchema, mailingStatusRequestSchema } from '@manager/contract';
import { withStoredImages } from '../lib/images';
import { adminIdOf, idOf } from '../lib/request';
import { readMultipartForm } from '../lib/request-body';
import { route } from '../lib/route';
import { ok, parse } from '../plugins/envelope';
import { deliverMailing } from './delivery-job';
import { createMailing, listMailings, runningMailingIds, startMailing } from './repository';

/** Mailings: list, create (multipart, optional `image`), start (a job then delivers it and marks it done). */
export default async function mailingRoutes(app: FastifyInstance) {
  const jobs = new Set<Promise<void>>();
  let closing = false;
  // Let running deliveries stop between batches before the database closes.
  app.addHook('onClose', async () => {
    closing = true;
    await Promise.allSettled([...jobs]);
  });

  function runJob(id: number) {
    const job = deliverMailing(app.db, app.mailingDelivery, id, () => closing)
      .catch((error: unknown) => app.log.error({ err: error, mailingId: id }, 'mailing delivery failed'))
      .finally(() => jobs.delete(job));
    jobs.add(job);
  }
  // A mailing left running by a stopped server (or seeded so) is delivered again from the start:
  // the reference server is a single instance, so no other process owns it.
  app.addHook('onReady', async () => {
    for (const id of await runningMailingIds(app.db)) runJob(id);
  });

  route(app, calls.mailings, async (request) => ok(await listMailings(app.db, parse(mailingsQuerySchema, request.query, 'query'))));

  route(app, calls.createMailing, async (request) => {
    const { fields, images } = await readMultipartForm(request);
    const body = parse(createMailingBodySchema, fields);
    const created = await withStoredImages(app.images, { image: images.image }, (names) =>
      createMailing(app.db, adminIdOf(request), body, names.image ?? '', app.clock()),
    );
    return ok(created, 'Message created successfully');
  });

  route(app, calls.startMailing, async (request) => {
    const id = idOf(request);
    parse(mailingStatusRequestSchema, request.body);
    const started = await startMailing(app.db, adminIdOf(request), id);
    runJob(id);
    return ok(started, 'Mailing started successfully');
  });
}
