import { and, count, desc, eq, ilike, ne, or } from 'drizzle-orm';
import type { InventoryQuery, InventoryResponse } from '@manager/contract';
import type { Db } from '../db/client';
import { inventories, users } from '../db/schema/index';
import { offsetOf, pagesOf } from '../lib/pagination';
import { personColumns, personOf } from '../lib/person';
import { likePattern } from '../lib/search';

/**
 * Gifts held on the platform (withdrawn ones have left), newest first, with their owner;
 * search by item name or collection (trigram indexes).
 */
export async function listInventory(db: Db, q: InventoryQuery): Promise<InventoryResponse> {
  const like = q.search ? likePattern(q.search) : undefined;
  const where = and(ne(inventories.status, 'withdrawn'), like ? or(ilike(inventories.name, like), ilike(inventories.baseName, like)) : undefined);
  const [rows, [total]] = await Promise.all([
    db
      .select({ item: inventories, ...personColumns('user', users) })
      .from(inventories)
      .leftJoin(users, eq(users.telegramId, inventories.telegramId))
      .where(where)
      .orderBy(desc(inventories.createdAt), desc(inventories.id))
      .limit(q.limit)
      .offset(offsetOf(q)),
    db.select({ n: count() }).from(inventories).where(where),
  ]);
  const totalItems = Number(total?.n ?? 0);
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
