import { and, desc, eq, gte, or, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { ShopItem, ShopItemsStats, ShopOrder, ShopOrdersRevenue, shopItemsQuerySchema, shopOrdersQuerySchema } from '@manager/contract';
import type { DbOrTx } from '../db/client';
import { shopItems, shopOrders, users } from '../db/schema/index';
import { countAll, countIf, isPaged, orderOf, pageOf, paginationOf } from '../lib/list-query';
import { containsAny, likePattern } from '../lib/search';
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
    .select({ total: countAll, active: countIf(sql`${shopItems.status}`), sales: sql<string>`coalesce(sum(${shopItems.sold}), 0)::bigint` })
    .from(shopItems);
  const total = Number(row?.total ?? 0);
  const active = Number(row?.active ?? 0);
  return { total, active, inactive: total - active, sales: Number(row?.sales ?? 0) };
}

/** `GET /shop-items`: newest first by default (`shop_items_created_at_id_idx`). */
export async function listShopItems(db: DbOrTx, q: ShopItemsQuery) {
  const where = shopItemsWhere(q);
  const order = orderOf(q.sort, { createdAt: shopItems.createdAt, price: shopItems.price, sold: shopItems.sold }, shopItems.id, [
    desc(shopItems.createdAt),
    desc(shopItems.id),
  ]);
  const select = db.select().from(shopItems).where(where).orderBy(...order).$dynamic();
  if (!isPaged(q)) return (await select).map(toShopItem);
  const [rows, [counted], stats] = await Promise.all([
    pageOf(select, q),
    db.select({ n: countAll }).from(shopItems).where(where),
    shopItemsStats(db),
  ]);
  const total = Number(counted?.n ?? 0);
  return { items: rows.map(toShopItem) satisfies ShopItem[], pagination: paginationOf(q, total, 'totalItems'), stats };
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
export function shopOrdersWhere(q: Omit<ShopOrdersQuery, 'page' | 'limit'>): SQL | undefined {
  return and(
    q.currency ? eq(shopOrders.currency, q.currency) : undefined,
    q.type ? sql`${shopOrders.shopItemId} in (select ${shopItems.id} from ${shopItems} where ${shopItems.type} = ${q.type})` : undefined,
    q.from ? gte(shopOrders.createdAt, q.from) : undefined,
    q.search ? shopOrderSearch(q.search) : undefined,
  );
}

/**
 * The revenue cards over the filtered orders: their number and each currency's sum, added in
 * PostgreSQL's numeric (exact), then read as the nearest JS number.
 */
async function shopOrdersRevenue(db: DbOrTx, where: SQL | undefined): Promise<ShopOrdersRevenue> {
  const sumOf = (currency: string) => sql<string>`coalesce(sum(${shopOrders.price}) filter (where ${shopOrders.currency} = ${currency}), 0)::text`;
  const [row] = await db
    .select({ total: countAll, ton: sumOf('TON'), star: sumOf('STAR'), redChip: sumOf('RED_CHIP') })
    .from(shopOrders)
    .where(where);
  return { total: Number(row?.total ?? 0), ton: Number(row?.ton ?? 0), star: Number(row?.star ?? 0), redChip: Number(row?.redChip ?? 0) };
}

/** `GET /shop-orders`: newest first by default (`shop_orders_created_at_id_idx`), buyer and item joined in the same query. */
export async function listShopOrders(db: DbOrTx, q: ShopOrdersQuery) {
  const where = shopOrdersWhere(q);
  const order = orderOf(q.sort, { createdAt: shopOrders.createdAt, price: shopOrders.price }, shopOrders.id, [
    desc(shopOrders.createdAt),
    desc(shopOrders.id),
  ]);
  const select = db
    .select({
      order: shopOrders,
      user: { username: users.username, firstName: users.firstName, lastName: users.lastName },
      item: { titleEn: shopItems.titleEn, titleRu: shopItems.titleRu, thumbUrl: shopItems.thumbUrl, type: shopItems.type },
    })
    .from(shopOrders)
    .leftJoin(users, eq(users.telegramId, shopOrders.telegramId))
    .leftJoin(shopItems, eq(shopItems.id, shopOrders.shopItemId))
    .where(where)
    .orderBy(...order)
    .$dynamic();
  const toOrder = ({ order: o, user, item }: Awaited<typeof select>[number]): ShopOrder => ({
    id: o.id,
    user: { username: user?.username ?? null, firstName: user?.firstName ?? null, lastName: user?.lastName ?? null, telegramId: o.telegramId },
    // A deleted item leaves its orders readable: shopItem is null, price and currency stay.
    shopItem: item === null ? null : { ...item, thumbUrl: item.thumbUrl || null },
    isBundle: o.isBundle,
    price: Number(o.price),
    currency: o.currency,
    createdAt: o.createdAt.toISOString(),
  });
  if (!isPaged(q)) return (await select).map(toOrder);
  const [rows, revenue] = await Promise.all([pageOf(select, q), shopOrdersRevenue(db, where)]);
  return { orders: rows.map(toOrder), pagination: paginationOf(q, revenue.total, 'totalOrders'), revenue };
}
