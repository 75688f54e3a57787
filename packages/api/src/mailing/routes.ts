import type { FastifyInstance } from 'fastify';
import {
  calls,
  createMailingBodySchema,
  mailingsQuerySchema,
  mailingStatusRequestSchema,
} from '@manager/contract';
import { withStoredImages } from '../lib/images';
import { adminIdOf, idOf } from '../lib/request';
import { readMultipartForm } from '../lib/request-body';
import { route } from '../lib/route';
import { ok, parse } from '../lib/envelope';
import { MAILING_DELIVER_JOB, sendDelivery } from './delivery-job';
import { createMailing, listMailings, startMailing } from './repository';

/** Mailings: list, create (multipart, optional `image`), start (its delivery job then delivers it and marks it done). */
export default async function mailingRoutes(app: FastifyInstance) {
  route(app, calls.mailings, async (request) =>
    ok(await listMailings(app.db, parse(mailingsQuerySchema, request.query, 'query'))),
  );

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
    const started = await startMailing(app.db, adminIdOf(request), id, (tx) =>
      sendDelivery(app.jobs, id, tx),
    );
    app.jobs.wake(MAILING_DELIVER_JOB);
    return ok(started, 'Mailing started successfully');
  });
}
