import { and, eq, ilike, ne, or, type SQL } from 'drizzle-orm';
import type { InventoryQuery, InventoryResponse } from '@manager/contract';
import type { Db } from '../db/client';
import { inventories, users } from '../db/schema/index';
import { countWhere, newestPage, pagesOf } from '../lib/pagination';
import { personColumns, personOf } from '../lib/person';
import { likePattern } from '../lib/search';

/** Gifts still held (not withdrawn) whose name or collection contains the search. */
export function inventoryWhere(search: string | undefined): SQL | undefined {
  const like = search ? likePattern(search) : undefined;
  return and(ne(inventories.status, 'withdrawn'), like ? or(ilike(inventories.name, like), ilike(inventories.baseName, like)) : undefined);
}

/**
 * Gifts held on the platform (withdrawn ones have left), newest first, with their owner;
 * search by item name or collection (trigram indexes).
 */
export async function listInventory(db: Db, q: InventoryQuery): Promise<InventoryResponse> {
  const where = inventoryWhere(q.search);
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
