import type { FastifyInstance } from 'fastify';
import { calls, createGiveawayBodySchema, updateGiveawayBodySchema } from '@manager/contract';
import { withStoredImages } from '../lib/images';
import { adminIdOf, idOf } from '../lib/request';
import { readFormOrJson } from '../lib/request-body';
import { route } from '../lib/route';
import { ok, parse } from '../plugins/envelope';
import { createGiveaway, deleteGiveaway, listGiveaways, updateGiveaway } from './repository';

/**
 * Giveaways: multipart with an optional `previewImage` (the toggle may send JSON). The gift
 * pickers' calls under /giveaways/ live in the gifts domain.
 */
export default async function giveawayRoutes(app: FastifyInstance) {
  route(app, calls.giveaways, async () => ok(await listGiveaways(app.db)));

  route(app, calls.createGiveaway, async (request) => {
    const { fields, images } = await readFormOrJson(request);
    const body = parse(createGiveawayBodySchema, fields);
    const created = await withStoredImages(app.images, { image: images.previewImage }, (names) =>
      createGiveaway(app.db, adminIdOf(request), body, names.image ?? ''),
    );
    return ok(created, 'Giveaway added successfully');
  });

  route(app, calls.updateGiveaway, async (request) => {
    const id = idOf(request);
    const { fields, images } = await readFormOrJson(request);
    const body = parse(updateGiveawayBodySchema, fields);
    const updated = await withStoredImages(app.images, { image: images.previewImage }, (names) =>
      updateGiveaway(app.db, adminIdOf(request), id, body, names.image),
    );
    return ok(updated, 'Giveaway updated successfully');
  });

  route(app, calls.deleteGiveaway, async (request) => {
    await deleteGiveaway(app.db, adminIdOf(request), idOf(request));
    return ok(null, 'Giveaway deleted successfully');
  });
}
