import { desc, eq } from 'drizzle-orm';
import type { ShopOrder } from '@manager/contract';
import type { Db } from '../db/client';
import { shopItems, shopOrders, users } from '../db/schema/index';

/** Every shop order, newest first (the console filters them itself); one joined query. */
export async function listShopOrders(db: Db): Promise<ShopOrder[]> {
  const rows = await db
    .select({
      id: shopOrders.id,
      telegramId: shopOrders.telegramId,
      username: users.username,
      firstName: users.firstName,
      lastName: users.lastName,
      itemId: shopItems.id,
      titleEn: shopItems.titleEn,
      titleRu: shopItems.titleRu,
      thumbUrl: shopItems.thumbUrl,
      type: shopItems.type,
      isBundle: shopOrders.isBundle,
      price: shopOrders.price,
      currency: shopOrders.currency,
      createdAt: shopOrders.createdAt,
    })
    .from(shopOrders)
    .leftJoin(users, eq(users.telegramId, shopOrders.telegramId))
    .leftJoin(shopItems, eq(shopItems.id, shopOrders.shopItemId))
    .orderBy(desc(shopOrders.createdAt), desc(shopOrders.id));
  return rows.map((r) => ({
    id: r.id,
    user: { username: r.username, firstName: r.firstName, lastName: r.lastName, telegramId: r.telegramId },
    // A deleted item leaves its orders readable: shopItem is null, price and currency stay.
    shopItem:
      r.itemId === null
        ? null
        : { titleEn: r.titleEn!, titleRu: r.titleRu!, thumbUrl: r.thumbUrl || null, type: r.type! },
    isBundle: r.isBundle,
    price: Number(r.price),
    currency: r.currency,
    createdAt: r.createdAt.toISOString(),
  }));
}
