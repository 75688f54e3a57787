import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { createGiveawayBodySchema, idParamSchema, updateGiveawayBodySchema } from '@manager/contract';
import { writeAudit } from '../db/audit';
import { giveaways } from '../db/schema/index';
import { notFound, ok, parse } from '../plugins/envelope';
import { listGiveaways, resolveGifts, toGiveaway } from '../giveaways/giveaway-queries';
import { adminIdOf, readFormOrJson } from '../tasks/request-body';

/**
 * GET/POST /giveaways, PUT/DELETE /giveaways/:id. Multipart with an optional `previewImage`
 * (the toggle may send JSON). The gift pickers' GET /giveaways/inventory-gifts and
 * /giveaways/stars-gifts live with the gifts routes.
 */
export default async function giveawayRoutes(app: FastifyInstance) {
  app.get('/giveaways', async () => ok(await listGiveaways(app.db)));

  app.post('/giveaways', async (request) => {
    const { fields, images } = await readFormOrJson(request);
    const body = parse(createGiveawayBodySchema, fields);
    const gifts = await resolveGifts(app.db, body.gifts);
    const previewImageUrl = images.previewImage ? await app.storeImage(images.previewImage) : '';
    const created = await app.discardImageOnFailure(
      previewImageUrl,
      app.db.transaction(async (tx) => {
        const [row] = await tx
          .insert(giveaways)
          .values({
            previewImageUrl,
            expiredDate: new Date(body.expiredDate),
            gifts,
            isFree: body.isFree,
            ticketPriceTon: String(body.ticketPriceTon),
            ticketPriceStars: String(body.ticketPriceStars),
            status: true,
          })
          .returning();
        await writeAudit(tx, { adminId: adminIdOf(request), action: 'giveaway.create', entity: 'giveaway', entityId: row!.id, after: row });
        return row!;
      }),
    );
    return ok(toGiveaway(created), 'Giveaway added successfully');
  });

  app.put('/giveaways/:id', async (request) => {
    const { id } = parse(idParamSchema, request.params, 'params');
    const { fields, images } = await readFormOrJson(request);
    const body = parse(updateGiveawayBodySchema, fields);
    const gifts = await resolveGifts(app.db, body.gifts);
    const previewImageUrl = images.previewImage ? await app.storeImage(images.previewImage) : undefined;
    const updated = await app.discardImageOnFailure(
      previewImageUrl,
      app.db.transaction(async (tx) => {
        const [before] = await tx.select().from(giveaways).where(eq(giveaways.id, id)).for('update');
        if (!before) throw notFound('Giveaway not found');
        const [row] = await tx
          .update(giveaways)
          .set({
            expiredDate: new Date(body.expiredDate),
            gifts,
            isFree: body.isFree,
            ticketPriceTon: String(body.ticketPriceTon),
            ticketPriceStars: String(body.ticketPriceStars),
            status: body.status ?? before.status,
            ...(previewImageUrl ? { previewImageUrl } : {}),
          })
          .where(eq(giveaways.id, id))
          .returning();
        await writeAudit(tx, { adminId: adminIdOf(request), action: 'giveaway.update', entity: 'giveaway', entityId: id, before, after: row });
        return row!;
      }),
    );
    return ok(toGiveaway(updated), 'Giveaway updated successfully');
  });

  app.delete('/giveaways/:id', async (request) => {
    const { id } = parse(idParamSchema, request.params, 'params');
    await app.db.transaction(async (tx) => {
      const [before] = await tx.delete(giveaways).where(eq(giveaways.id, id)).returning();
      if (!before) throw notFound('Giveaway not found');
      await writeAudit(tx, { adminId: adminIdOf(request), action: 'giveaway.delete', entity: 'giveaway', entityId: id, before });
    });
    return ok(null, 'Giveaway deleted successfully');
  });
}
