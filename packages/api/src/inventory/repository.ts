import { and, desc, eq, ilike, inArray, ne, or, sql, type SQL } from 'drizzle-orm';
import type { InventoryQuery, InventoryResponse } from '@manager/contract';
import { executeRows, type Db, type DbOrTx } from '../db/client';
import { giftsOnPlatform } from '../db/dashboard-totals';
import { inventories, inventoryNameCounts, users } from '../db/schema/index';
import {
  countWhere,
  inListOrder,
  keptSum,
  listDaysOf,
  pageIds,
  pagesOf,
  stemAnswers,
  type IdsRead,
} from '../lib/lists';
import { personColumns, personOf } from '../lib/person';
import { likePattern } from '../lib/search';

/** Gifts still held (not withdrawn) whose name or collection contains the search. */
export function inventoryWhere(search: string | undefined): SQL | undefined {
  const like = search ? likePattern(search) : undefined;
  return and(
    ne(inventories.status, 'withdrawn'),
    like ? or(ilike(inventories.name, like), ilike(inventories.baseName, like)) : undefined,
  );
}

/** The rows of inventory_name_counts whose name stem or collection contains the search. */
const keyMatches = (search: string) => {
  const like = likePattern(search);
  return or(ilike(inventoryNameCounts.nameStem, like), ilike(inventoryNameCounts.baseName, like));
};

/** The (stem, collection) keys of inventory_name_counts that match the search. */
const matchingKeys = (search: string) =>
  sql`select ${inventoryNameCounts.nameStem} as name_stem, ${inventoryNameCounts.baseName} as base_name from ${inventoryNameCounts}
    where ${keyMatches(search)} group by 1, 2`;

/**
 * How many gifts on the platform match the search (exactly inventoryWhere's count). A search
 * a stem answers sums the trigger-kept counts of the matching (stem, collection) keys: every
 * gift of one key matches alike, and each gift has one key, so the sum counts each matching
 * gift once, over about one row per collection. Any other search ("-12", a number) counts the
 * matching gifts themselves through the trigram indexes.
 */
export async function inventorySearchCount(db: DbOrTx, search: string): Promise<number> {
  if (!stemAnswers(search)) return countWhere(db, inventories, inventoryWhere(search));
  return keptSum(db, inventoryNameCounts, inventoryNameCounts.gifts, keyMatches(search));
}

/** Up to this many rows (offset + limit) a searched page merges the matching keys' index reads. */
const KEY_MERGE_MAX = 2000;

/**
 * The ids of a searched page (pageIds' read). A search a stem answers, near either end: each
 * matching (stem, collection) key's first `offset + limit` gifts in list order, read from
 * inventories_stem_on_platform_idx, merged and cut; the union of the keys' gifts is exactly
 * the matching gifts. Otherwise the matching gifts through the trigram indexes, sorted.
 */
export async function inventorySearchPage(db: DbOrTx, search: string, read: IdsRead): Promise<number[]> {
  if (!stemAnswers(search) || read.edge || read.offset + read.limit > KEY_MERGE_MAX) {
    return (
      await inListOrder(
        db.select({ id: inventories.id }).from(inventories).$dynamic(),
        inventories,
        inventoryWhere(search),
        read,
      )
    ).map((r) => r.id);
  }
  const dir = read.newestFirst ? sql`desc` : sql`asc`;
  // offset 0 keeps each key's read a walk of its own index range, stopped at the page.
  const rows = await executeRows<{ id: number }>(
    db,
    sql`select p.id from (${matchingKeys(search)}) k
    cross join lateral (select i.id, i.created_at from ${inventories} i
      where i.base_name = k.base_name and gift_name_stem(i.name) = k.name_stem and i.status <> 'withdrawn'
      order by i.created_at ${dir}, i.id ${dir} limit ${read.offset + read.limit} offset 0) p
    order by p.created_at ${dir}, p.id ${dir} limit ${read.limit} offset ${read.offset}`,
  );
  return rows.map((r) => r.id);
}

/**
 * Gifts held on the platform (withdrawn ones have left), newest first, with their owner;
 * search by item name or collection (inventorySearchPage). A page's ids come from the partial
 * index of gifts on the platform in list order (pageIds), then those rows with their owners.
 */
export async function listInventory(db: Db, q: InventoryQuery): Promise<InventoryResponse> {
  const where = inventoryWhere(q.search);
  const page = await pageIds(
    q,
    // Trigger-kept: per name stem and collection with a search (inventorySearchCount), the dashboard's count without.
    () => (q.search ? inventorySearchCount(db, q.search) : giftsOnPlatform(db)),
    async (read) =>
      q.search
        ? inventorySearchPage(db, q.search, read)
        : (
            await inListOrder(
              db.select({ id: inventories.id }).from(inventories).$dynamic(),
              inventories,
              where,
              read,
            )
          ).map((r) => r.id),
    q.search ? undefined : () => listDaysOf(db, 'inventories'),
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
