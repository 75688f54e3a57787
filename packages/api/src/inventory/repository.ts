import { and, desc, eq, ilike, inArray, ne, or, sql, type SQL } from 'drizzle-orm';
import type { InventoryQuery, InventoryResponse } from '@manager/contract';
import type { Db, DbOrTx } from '../db/client';
import { inventories, inventoryNameCounts, listDays, users } from '../db/schema/index';
import { daysOf, inListOrder, pageIds, pagesOf } from '../lib/pagination';
import { giftsOnPlatform } from '../stats/repository';
import { personColumns, personOf } from '../lib/person';
import { likePattern } from '../lib/search';

/** Gifts still held (not withdrawn) whose name or collection contains the search. */
export function inventoryWhere(search: string | undefined): SQL | undefined {
  const like = search ? likePattern(search) : undefined;
  return and(ne(inventories.status, 'withdrawn'), like ? or(ilike(inventories.name, like), ilike(inventories.baseName, like)) : undefined);
}

/**
 * How many gifts on the platform match the search (exactly inventoryWhere's count): the sum of
 * the trigger-kept counts of the names and collections that contain it. A gift matches by its
 * name or its collection, and every gift of one (name, collection) pair matches alike, so
 * summing the matching pairs counts each gift once, over some thousand rows instead of every
 * matching gift.
 */
export async function inventorySearchCount(db: DbOrTx, search: string): Promise<number> {
  const like = likePattern(search);
  const [row] = await db
    .select({ n: sql<string>`coalesce(sum(${inventoryNameCounts.gifts}), 0)` })
    .from(inventoryNameCounts)
    .where(or(ilike(inventoryNameCounts.name, like), ilike(inventoryNameCounts.baseName, like)));
  return Number(row?.n ?? 0);
}

/**
 * Gifts held on the platform (withdrawn ones have left), newest first, with their owner;
 * search by item name or collection (trigram indexes). A page's ids come from the partial
 * index of gifts on the platform in list order (pageIds), then those rows with their owners.
 */
export async function listInventory(db: Db, q: InventoryQuery): Promise<InventoryResponse> {
  const where = inventoryWhere(q.search);
  const page = await pageIds(
    q,
    // Trigger-kept either way: per name and collection with a search, the dashboard's count without.
    () => (q.search ? inventorySearchCount(db, q.search) : giftsOnPlatform(db)),
    async (read) => (await inListOrder(db.select({ id: inventories.id }).from(inventories).$dynamic(), inventories, where, read)).map((r) => r.id),
    q.search ? undefined : () => daysOf(db, listDays, listDays.day, listDays.n, eq(listDays.list, 'inventories')),
  );
  const totalItems = page.total;
  const rows = page.ids.length
    ? await db
        .select({ item: inventories, ...personColumns('user', users) })
        .from(inventories)
        .leftJoin(users, eq(users.telegramId, inventories.telegramId))
        .where(inArray(inventories.id, page.ids))
        .orderBy(desc(inventories.createdAt), desc(inventories.id))
    : [];
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
