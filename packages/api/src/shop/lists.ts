import { and, desc, eq, gte, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type {
  ShopItem,
  ShopItemsStats,
  ShopOrder,
  shopItemsQuerySchema,
  shopOrdersQuerySchema,
} from '@manager/contract';
import type { DbOrTx } from '../db/client';
import { shopItems, shopOrderDays, shopOrders, users } from '../db/schema/index';
import {
  countAll,
  countIf,
  daysOf,
  inListOrder,
  isPaged,
  orderOf,
  pageIds,
  pageOf,
  paginationOf,
} from '../lib/lists';
import { containsAny, likePattern } from '../lib/search';
import { keyFilters, shopOrdersRevenue, type ShopOrderFilters } from './order-revenue';
import { toShopItem } from './repository';

type ShopItemsQuery = z.output<typeof shopItemsQuerySchema>;
type ShopOrdersQuery = z.output<typeof shopOrdersQuerySchema>;

/** Titles (English or Russian) containing the text; type and status as the filters say. */
function shopItemsWhere(q: ShopItemsQuery): SQL | undefined {
  return and(
    q.search ? containsAny([shopItems.titleEn, shopItems.titleRu], q.search) : undefined,
    q.type ? eq(shopItems.type, q.type) : undefined,
    q.status ? eq(shopItems.status, q.status === 'active') : undefined,
  );
}

/** The cards over every item, whatever the filters: items, active, inactive, sales (sum of `sold`). */
async function shopItemsStats(db: DbOrTx): Promise<ShopItemsStats> {
  const [row] = await db
    .select({
      total: countAll,
      active: countIf(sql`${shopItems.status}`),
      sales: sql<string>`coalesce(sum(${shopItems.sold}), 0)::bigint`,
    })
    .from(shopItems);
  const total = Number(row?.total ?? 0);
  const active = Number(row?.active ?? 0);
  return { total, active, inactive: total - active, sales: Number(row?.sales ?? 0) };
}

/** `GET /shop-items`: newest first by default (`shop_items_created_at_id_idx`). */
export async function listShopItems(db: DbOrTx, q: ShopItemsQuery) {
  const where = shopItemsWhere(q);
  const order = orderOf(
    q.sort,
    { createdAt: shopItems.createdAt, price: shopItems.price, sold: shopItems.sold },
    shopItems.id,
    [desc(shopItems.createdAt), desc(shopItems.id)],
  );
  const select = db
    .select()
    .from(shopItems)
    .where(where)
    .orderBy(...order)
    .$dynamic();
  if (!isPaged(q)) return (await select).map(toShopItem);
  const [rows, [counted], stats] = await Promise.all([
    pageOf(select, q),
    db.select({ n: countAll }).from(shopItems).where(where),
    shopItemsStats(db),
  ]);
  const total = Number(counted?.n ?? 0);
  return {
    items: rows.map(toShopItem) satisfies ShopItem[],
    pagination: paginationOf(q, total, 'totalItems'),
    stats,
  };
}

/**
 * What the orders page's search matches: the order id, the buyer's username, first or last
 * name, the buyer's Telegram id (digits contained in it), or the item's titles; all "contains",
 * case-insensitive. The buyer and item parts are indexed subqueries (trigram indexes of users,
 * the small shop_items table), so counting and summing never join.
 */
function shopOrderSearch(text: string): SQL {
  const pattern = likePattern(text);
  return or(
    sql`${shopOrders.id}::text ilike ${pattern}`,
    /^\d+$/.test(text) ? sql`${shopOrders.telegramId}::text like ${pattern}` : undefined,
    sql`${shopOrders.telegramId} in (select ${users.telegramId} from ${users} where ${containsAny([users.username, users.firstName, users.lastName], text)})`,
    sql`${shopOrders.shopItemId} in (select ${shopItems.id} from ${shopItems} where ${containsAny([shopItems.titleEn, shopItems.titleRu], text)})`,
  )!;
}

/** The filters on shop_orders' own columns (a type filter leaves out orders whose item was deleted, as the page does). */
export function shopOrdersWhere(q: ShopOrderFilters): SQL | undefined {
  return and(
    keyFilters(shopOrders, q),
    q.from ? gte(shopOrders.createdAt, q.from) : undefined,
    q.search ? shopOrderSearch(q.search) : undefined,
  );
}

/**
 * `GET /shop-orders`: newest first by default (`shop_orders_created_at_id_idx`), buyer and item
 * joined. The revenue cards and the total come from shopOrdersRevenue. In the default order a
 * page's ids are read first (pageIds: from the nearer end of the index), then those rows joined;
 * a chosen sort reads its page by OFFSET.
 */
export async function listShopOrders(db: DbOrTx, q: ShopOrdersQuery) {
  const where = shopOrdersWhere(q);
  const newest = [desc(shopOrders.createdAt), desc(shopOrders.id)];
  const order = orderOf(
    q.sort,
    { createdAt: shopOrders.createdAt, price: shopOrders.price },
    shopOrders.id,
    newest,
  );
  const select = (rowsWhere: SQL | undefined, rowsOrder: SQL[]) =>
    db
      .select({
        order: shopOrders,
        user: { username: users.username, firstName: users.firstName, lastName: users.lastName },
        item: {
          titleEn: shopItems.titleEn,
          titleRu: shopItems.titleRu,
          thumbUrl: shopItems.thumbUrl,
          type: shopItems.type,
        },
      })
      .from(shopOrders)
      .leftJoin(users, eq(users.telegramId, shopOrders.telegramId))
      .leftJoin(shopItems, eq(shopItems.id, shopOrders.shopItemId))
      .where(rowsWhere)
      .orderBy(...rowsOrder)
      .$dynamic();
  const toOrder = ({ order: o, user, item }: Awaited<ReturnType<typeof select>>[number]): ShopOrder => ({
    id: o.id,
    user: {
      username: user?.username ?? null,
      firstName: user?.firstName ?? null,
      lastName: user?.lastName ?? null,
      telegramId: o.telegramId,
    },
    // A deleted item leaves its orders readable: shopItem is null, price and currency stay.
    shopItem: item === null ? null : { ...item, thumbUrl: item.thumbUrl || null },
    isBundle: o.isBundle,
    price: Number(o.price),
    currency: o.currency,
    createdAt: o.createdAt.toISOString(),
  });
  const readRevenue = () => shopOrdersRevenue(db, q, where);
  const sorted = q.sort !== undefined;
  if (!isPaged(q)) return (await select(where, order)).map(toOrder);
  if (sorted) {
    const [rows, revenue] = await Promise.all([pageOf(select(where, order), q), readRevenue()]);
    return { orders: rows.map(toOrder), pagination: paginationOf(q, revenue.total, 'totalOrders'), revenue };
  }
  const revenue = readRevenue();
  const page = await pageIds(
    q,
    async () => (await revenue).total,
    async (read) =>
      (
        await inListOrder(
          db.select({ id: shopOrders.id }).from(shopOrders).$dynamic(),
          shopOrders,
          where,
          read,
        )
      ).map((r) => r.id),
    where ? undefined : () => daysOf(db, shopOrderDays, shopOrderDays.day, shopOrderDays.orders),
  );
  const rows = page.ids.length ? await select(inArray(shopOrders.id, page.ids), newest) : [];
  return {
    orders: rows.map(toOrder),
    pagination: paginationOf(q, page.total, 'totalOrders'),
    revenue: await revenue,
  };
}
