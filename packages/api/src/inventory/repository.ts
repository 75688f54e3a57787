import { and, eq, ilike, ne, or } from 'drizzle-orm';
import type { InventoryQuery, InventoryResponse } from '@manager/contract';
import type { Db } from '../db/client';
import { inventories, users } from '../db/schema/index';
import { countWhere, newestPage, pagesOf } from '../lib/pagination';
import { personColumns, personOf } from '../lib/person';
import { likePattern } from '../lib/search';

/**
 * Gifts held on the platform (withdrawn ones have left), newest first, with their owner;
 * search by item name or collection (trigram indexes).
 */
export async function listInventory(db: Db, q: InventoryQuery): Promise<InventoryResponse> {
  const like = q.search ? likePattern(q.search) : undefined;
  const where = and(ne(inventories.status, 'withdrawn'), like ? or(ilike(inventories.name, like), ilike(inventories.baseName, like)) : undefined);
  const [rows, totalItems] = await Promise.all([
    newestPage(
      db.select({ item: inventories, ...personColumns('user', users) }).from(inventories).leftJoin(users, eq(users.telegramId, inventories.telegramId)).where(where).$dynamic(),
      inventories,
      q,
    ),
    countWhere(db, inventories, where),
  ]);
  return {
    items: rows.map((r) => ({
      id: r.item.id,
      user: personOf(r, 'user'),
      name: r.item.name,
      giftNumber: r.item.giftNumber,
      price: Number(r.item.price),
      createdAt: r.item.createdAt.toISOString(),
    })),
    pagination: { ...pagesOf(q, totalItems), totalItems },
  };
}
