import { and, asc, desc, eq, ilike, or } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { inventoryGiftsQuerySchema, type InventoryGift, type StarsGift } from '@manager/contract';
import { inventories, starsGifts } from '../db/schema/index';
import { likePattern } from '../marketplace/queries';
import { ok, parse } from '../plugins/envelope';

/** At most this many gifts per search: the picker shows a short list to choose from. */
const INVENTORY_SEARCH_LIMIT = 50;

/**
 * The gift pickers' calls (giveaways and loot boxes). Inventory gifts are NFTs still held on
 * the platform (`available`), searched by name or collection (trigram indexes); the loot-box
 * variant narrows them to one account with `telegramId`.
 */
export default async function giftRoutes(app: FastifyInstance) {
  app.get('/giveaways/inventory-gifts', async (request) => {
    const q = parse(inventoryGiftsQuerySchema, request.query, 'query');
    const pattern = q.search ? likePattern(q.search) : null;
    const rows = await app.db
      .select({
        id: inventories.id,
        name: inventories.name,
        baseName: inventories.baseName,
        price: inventories.price,
        modelThumbUrl: inventories.modelThumbUrl,
        telegramId: inventories.telegramId,
      })
      .from(inventories)
      .where(
        and(
          eq(inventories.status, 'available'),
          q.telegramId === undefined ? undefined : eq(inventories.telegramId, q.telegramId),
          pattern ? or(ilike(inventories.name, pattern), ilike(inventories.baseName, pattern)) : undefined,
        ),
      )
      .orderBy(desc(inventories.createdAt), desc(inventories.id))
      .limit(INVENTORY_SEARCH_LIMIT);
    const gifts: InventoryGift[] = rows.map((r) => ({ ...r, price: Number(r.price), modelThumbUrl: r.modelThumbUrl || null }));
    return ok(gifts);
  });

  app.get('/giveaways/stars-gifts', async () => {
    const rows = await app.db.select().from(starsGifts).orderBy(asc(starsGifts.price), asc(starsGifts.id));
    const gifts: StarsGift[] = rows.map((r) => ({ ...r, thumbnailUrl: r.thumbnailUrl || null }));
    return ok(gifts);
  });
}
