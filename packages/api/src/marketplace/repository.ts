import { desc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { MarketplaceOrdersQuery, MarketplaceOrdersResponse, MarketplaceQuery, MarketplaceResponse } from '@manager/contract';
import type { Db, DbOrTx } from '../db/client';
import { marketplaceItems, marketplaceOrders, users } from '../db/schema/index';
import { countWhere, inListOrder, pageIds, pagesOf } from '../lib/pagination';
import { personColumns, personOf } from '../lib/person';
import { likePattern } from '../lib/search';

/** "#123" or "123" also finds the gift number. */
const giftNumberOf = (text: string) => (/^#?\d{1,9}$/.test(text) ? Number(text.replace('#', '')) : null);

/** Listings, newest first; search on the gift name (trigram index) or its number. */
export async function listMarketplaceItems(db: Db, q: MarketplaceQuery): Promise<MarketplaceResponse> {
  let where: SQL | undefined;
  if (q.search) {
    const n = giftNumberOf(q.search);
    where = or(ilike(marketplaceItems.name, likePattern(q.search)), n === null ? undefined : eq(marketplaceItems.giftNumber, n));
  }
  const page = await pageIds(
    q,
    () => countWhere(db, marketplaceItems, where),
    async (newestFirst, limit, offset) =>
      (await inListOrder(db.select({ id: marketplaceItems.id }).from(marketplaceItems).where(where).$dynamic(), marketplaceItems, newestFirst, limit, offset)).map((r) => r.id),
  );
  const total = page.total;
  const rows = !page.ids.length
    ? []
    : await db
        .select({
          id: marketplaceItems.id,
          name: marketplaceItems.name,
          giftNumber: marketplaceItems.giftNumber,
          price: marketplaceItems.price,
          oldPrice: marketplaceItems.oldPrice,
          modelName: marketplaceItems.modelName,
          createdAt: marketplaceItems.createdAt,
          telegramId: marketplaceItems.telegramId,
          ...personColumns('owner', users),
        })
        .from(marketplaceItems)
        .leftJoin(users, eq(users.telegramId, marketplaceItems.telegramId))
        .where(inArray(marketplaceItems.id, page.ids))
        .orderBy(desc(marketplaceItems.createdAt), desc(marketplaceItems.id));
  return {
    items: rows.map((r) => ({
      id: r.id,
      name: r.name,
      giftNumber: r.giftNumber,
      price: Number(r.price),
      oldPrice: Number(r.oldPrice),
      modelName: r.modelName,
      createdAt: r.createdAt.toISOString(),
      telegramId: r.telegramId,
      owner: personOf(r, 'owner'),
    })),
    pagination: { ...pagesOf(q, total), totalItems: total },
  };
}

/**
 * The ids of the sales whose gift name or number, or buyer's or seller's username, matches the
 * search: a UNION of index-served lookups (item-name trigram index, the gift number's index,
 * the matching users found once through the username trigram index then their sales through
 * the buyer and seller indexes) instead of one OR, which the planner can only answer by reading
 * every sale; its cost follows the matches, not the table.
 */
function marketplaceOrderSearchIds(search: string): SQL {
  const pattern = likePattern(search);
  const n = giftNumberOf(search);
  return sql`
    with matching_users as materialized (select ${users.telegramId} from ${users} where ${ilike(users.username, pattern)})
    select id from marketplace_orders where item_name ilike ${pattern}
    ${n === null ? sql`` : sql`union select id from marketplace_orders where gift_number = ${n}`}
    union select id from marketplace_orders where buyer_id in (select telegram_id from matching_users)
    union select id from marketplace_orders where seller_id in (select telegram_id from matching_users)`;
}

/** Sales whose gift name or number, or buyer's or seller's username, matches the search (marketplaceOrderSearchIds). */
export function marketplaceOrdersWhere(search: string | undefined): SQL | undefined {
  return search ? sql`${marketplaceOrders.id} in (${marketplaceOrderSearchIds(search)})` : undefined;
}

/** How many sales match the search: the union's distinct ids counted as they are (they are sale ids already). */
export async function marketplaceOrderSearchCount(db: DbOrTx, search: string): Promise<number> {
  const res = await db.execute(sql`select count(*) as n from (${marketplaceOrderSearchIds(search)}) m`);
  return Number((res as unknown as { rows: { n: number | string }[] }).rows[0]?.n ?? 0);
}

/** Sales, newest first; search on the gift name, its number, or the buyer's or seller's username. */
export async function listMarketplaceOrders(db: Db, q: MarketplaceOrdersQuery): Promise<MarketplaceOrdersResponse> {
  const buyer = alias(users, 'buyer');
  const seller = alias(users, 'seller');
  const where = marketplaceOrdersWhere(q.search);
  const page = await pageIds(
    q,
    () => (q.search ? marketplaceOrderSearchCount(db, q.search) : countWhere(db, marketplaceOrders, undefined)),
    async (newestFirst, limit, offset) =>
      (await inListOrder(db.select({ id: marketplaceOrders.id }).from(marketplaceOrders).where(where).$dynamic(), marketplaceOrders, newestFirst, limit, offset)).map((r) => r.id),
  );
  const total = page.total;
  const rows = !page.ids.length
    ? []
    : await db
        .select({
          id: marketplaceOrders.id,
          itemName: marketplaceOrders.itemName,
          giftNumber: marketplaceOrders.giftNumber,
          modelName: marketplaceOrders.modelName,
          ...personColumns('buyer', buyer),
          ...personColumns('seller', seller),
          price: marketplaceOrders.price,
          fee: marketplaceOrders.fee,
          totalPrice: marketplaceOrders.totalPrice,
          createdAt: marketplaceOrders.createdAt,
        })
        .from(marketplaceOrders)
        .leftJoin(buyer, eq(buyer.telegramId, marketplaceOrders.buyerId))
        .leftJoin(seller, eq(seller.telegramId, marketplaceOrders.sellerId))
        .where(inArray(marketplaceOrders.id, page.ids))
        .orderBy(desc(marketplaceOrders.createdAt), desc(marketplaceOrders.id));
  return {
    orders: rows.map((r) => ({
      id: r.id,
      item: { name: r.itemName, giftNumber: r.giftNumber, modelName: r.modelName },
      buyer: personOf(r, 'buyer'),
      seller: personOf(r, 'seller'),
      price: Number(r.price),
      fee: Number(r.fee),
      totalPrice: Number(r.totalPrice),
      createdAt: r.createdAt.toISOString(),
    })),
    pagination: { ...pagesOf(q, total), totalOrders: total },
  };
}
