import type { FastifyInstance } from 'fastify';
import {
  calls,
  createMailingBodySchema,
  mailingsQuerySchema,
  mailingStatusRequestSchema,
  mailingTestRequestSchema,
  updateMailingBodySchema,
} from '@manager/contract';
import { withStoredImages } from '../lib/images';
import { adminIdOf, idOf } from '../lib/request';
import { readMultipartForm } from '../lib/request-body';
import { route } from '../lib/route';
import { ok, parse } from '../lib/envelope';
import { MAILING_DELIVER_JOB, sendDelivery } from './delivery-job';
import { deleteMailing, updateMailing } from './drafts';
import { countRecipients } from './recipients';
import { createMailing, listMailings, mailingOf, startMailing } from './repository';
import { sendTestMessage } from './test-send';

/**
 * Mailings: list, create (multipart, optional `image`), edit and delete while waiting, the
 * count a Start would reach, a test message to one Telegram id, and start (its delivery job
 * then delivers it and marks it done).
 */
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

  route(app, calls.updateMailing, async (request) => {
    const id = idOf(request);
    const { fields, images } = await readMultipartForm(request);
    const body = parse(updateMailingBodySchema, fields);
    const { mailing, replaced } = await withStoredImages(app.images, { image: images.image }, (names) =>
      updateMailing(app.db, adminIdOf(request), id, body, names.image),
    );
    // Only a waiting mailing's image is replaced: nothing was sent with it.
    if (replaced) await app.images.remove([replaced]);
    return ok(mailing, 'Message updated successfully');
  });

  route(app, calls.deleteMailing, async (request) => {
    const image = await deleteMailing(app.db, adminIdOf(request), idOf(request));
    if (image) await app.images.remove([image]);
    return ok(null, 'Message deleted successfully');
  });

  route(app, calls.mailingRecipients, async (request) => {
    await mailingOf(app.db, idOf(request));
    return ok({ recipients: await countRecipients(app.db) });
  });

  route(app, calls.testMailing, async (request) => {
    const id = idOf(request);
    const { telegramId } = parse(mailingTestRequestSchema, request.body);
    const sent = await sendTestMessage(app.db, app.mailingDelivery, adminIdOf(request), id, telegramId);
    return ok(sent, `Test message sent to ${telegramId}`);
  });
}
