import { and, asc, desc, eq, ilike, or } from 'drizzle-orm';
import type { InventoryGift, InventoryGiftsQuery, StarsGift } from '@manager/contract';
import type { Db } from '../db/client';
import { inventories, starsGifts } from '../db/schema/index';
import { likePattern } from '../lib/search';

/** At most this many gifts per search: the picker shows a short list to choose from. */
const INVENTORY_SEARCH_LIMIT = 50;

/**
 * NFTs still held on the platform (`available`), newest first, searched by name or collection
 * (trigram indexes); `telegramId` narrows them to one account (the loot-box picker).
 */
export async function searchInventoryGifts(db: Db, q: InventoryGiftsQuery): Promise<InventoryGift[]> {
  const pattern = q.search ? likePattern(q.search) : null;
  const rows = await db
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
  return rows.map((r) => ({ ...r, price: Number(r.price), modelThumbUrl: r.modelThumbUrl || null }));
}

/** Every Stars gift, cheapest first. */
export async function listStarsGifts(db: Db): Promise<StarsGift[]> {
  const rows = await db.select().from(starsGifts).orderBy(asc(starsGifts.price), asc(starsGifts.id));
  return rows.map((r) => ({ ...r, thumbnailUrl: r.thumbnailUrl || null }));
}
