import { desc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type {
  MarketplaceOrdersQuery,
  MarketplaceOrdersResponse,
  MarketplaceQuery,
  MarketplaceResponse,
} from '@manager/contract';
import { executeRows, type Db, type DbOrTx } from '../db/client';
import { marketplaceItems, marketplaceOrderNameCounts, marketplaceOrders, users } from '../db/schema/index';
import {
  countWhere,
  inListOrder,
  listDaysOf,
  listDaysTotal,
  pageIds,
  pagesOf,
  stemAnswers,
} from '../lib/lists';
import { personColumns, personOf } from '../lib/person';
import { likePattern } from '../lib/search';

/** "#123" or "123" also finds the gift number. */
const giftNumberOf = (text: string) => (/^#?\d{1,9}$/.test(text) ? Number(text.replace('#', '')) : null);

/** Listings, newest first; search on the gift name (trigram index) or its number. */
export async function listMarketplaceItems(db: Db, q: MarketplaceQuery): Promise<MarketplaceResponse> {
  let where: SQL | undefined;
  if (q.search) {
    const n = giftNumberOf(q.search);
    where = or(
      ilike(marketplaceItems.name, likePattern(q.search)),
      n === null ? undefined : eq(marketplaceItems.giftNumber, n),
    );
  }
  const page = await pageIds(
    q,
    // Unfiltered, the total and a deep page's day come from the trigger-kept rows per day (list_days).
    () => (where ? countWhere(db, marketplaceItems, where) : listDaysTotal(db, 'marketplace_items')),
    async (read) =>
      (
        await inListOrder(
          db.select({ id: marketplaceItems.id }).from(marketplaceItems).$dynamic(),
          marketplaceItems,
          where,
          read,
        )
      ).map((r) => r.id),
    where ? undefined : () => listDaysOf(db, 'marketplace_items'),
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

/** From this many users whose username matches, the sales search walks the sales instead of reading each user's (marketplaceOrderBranches). */
export const MANY_USERS = 10_000;

/**
 * The search's lookups, each index-served: sales whose item name contains the text (trigram
 * index), whose gift number it is ("#123" or "123"), or whose buyer or seller has a username
 * containing it. Each gives `id, created_at`, with `tail` (an order and a limit) after it and
 * after each user's sales; their UNION is the search, instead of one OR, which the planner can
 * only answer by reading every sale. `otherNames` leaves out the name lookup and every sale
 * whose name matches (the rest of the search beside the names, for the count).
 *
 * Buyers and sellers: while fewer than MANY_USERS usernames match (counted up to that bound,
 * once), the users are found once through the username trigram index, then each one's sales
 * through the (buyer_id, created_at, id) and (seller_id, created_at, id) indexes, so the cost
 * follows the matching users, never a walk of every sale. From that bound on (a letter matches
 * most users), two reads per user would cost more than the sales themselves: the sales are
 * walked in list order instead, each probing its buyer and seller by primary key (a page stops
 * at its rows; the count reads each sale once, ~3x faster than the per-user reads at 700,000
 * users). Either way the same sales. `manyUsers` (manyUsersMatch) picks one form; left out,
 * both are in the query, each behind a one-time filter on the bound. One form alone keeps the
 * plan's estimated cost under PostgreSQL's JIT threshold: the walk's estimate (a probe priced
 * per sale) would have the whole query compiled, ~300 ms, even when no username matches.
 */
function marketplaceOrderBranches(
  search: string,
  {
    tail = sql``,
    otherNames = false,
    manyUsers,
  }: { tail?: SQL; otherNames?: boolean; manyUsers?: boolean } = {},
): SQL {
  const pattern = likePattern(search);
  const n = giftNumberOf(search);
  const except = otherNames ? sql`and not item_name ilike ${pattern}` : sql``;
  const branch = (where: SQL) =>
    sql`(select id, created_at from marketplace_orders where ${where} ${except} ${tail})`;
  // offset 0 keeps each user's read a lookup of that user's sales: flattened into a join, the
  // planner may hash every sale when it guesses many per user.
  const gate = (few: boolean) =>
    manyUsers === undefined ? sql`and ${few ? sql`` : sql`not`} (select few from few_users)` : sql``;
  const byUser = (column: SQL) => sql`(select o.id, o.created_at from matching_users u
      cross join lateral (select id, created_at from marketplace_orders where ${column} = u.telegram_id ${except} ${tail} offset 0) o
      where true ${gate(true)} ${tail})`;
  const named = (column: SQL) =>
    sql`exists (select 1 from ${users} where ${users.telegramId} = ${column} and ${ilike(users.username, pattern)})`;
  const byUsers = sql`(select id, created_at from marketplace_orders
      where (${named(sql`marketplace_orders.buyer_id`)} or ${named(sql`marketplace_orders.seller_id`)}) ${gate(false)} ${except} ${tail})`;
  const branches = [
    otherNames ? undefined : branch(sql`item_name ilike ${pattern}`),
    n === null ? undefined : branch(sql`gift_number = ${n}`),
    manyUsers === true ? undefined : byUser(sql`buyer_id`),
    manyUsers === true ? undefined : byUser(sql`seller_id`),
    manyUsers === false ? undefined : byUsers,
  ].filter((b) => b !== undefined);
  return sql`
    with few_users as materialized (${fewUsers(pattern)}),
      matching_users as materialized (select ${users.telegramId} from ${users} where ${ilike(users.username, pattern)})
    ${sql.join(branches, sql` union `)}`;
}

/** Whether fewer than MANY_USERS usernames match `pattern`: they are counted up to that bound. */
const fewUsers = (pattern: string) =>
  sql`select count(*) < ${MANY_USERS} as few from (select 1 from ${users} where ${ilike(users.username, pattern)} limit ${MANY_USERS}) b`;

/** Whether the search's buyers and sellers are read by walking the sales (MANY_USERS or more usernames match). */
export async function manyUsersMatch(db: DbOrTx, search: string): Promise<boolean> {
  const [row] = await executeRows<{ few: boolean }>(db, fewUsers(likePattern(search)));
  return !row?.few;
}

/** The ids of the sales that match the search (marketplaceOrderBranches), for `id in (...)`. */
function marketplaceOrderSearchIds(search: string): SQL {
  return sql`select id from (${marketplaceOrderBranches(search)}) m`;
}

/** Sales whose gift name or number, or buyer's or seller's username, matches the search (marketplaceOrderSearchIds). */
export function marketplaceOrdersWhere(search: string | undefined): SQL | undefined {
  return search ? sql`${marketplaceOrders.id} in (${marketplaceOrderSearchIds(search)})` : undefined;
}

/**
 * How many sales match the search, exactly: those whose name matches, summed over the
 * trigger-kept counts of the matching name stems (marketplace_order_name_counts, about one row
 * per collection) when a stem answers the search (stemAnswers), else counted on the sales;
 * plus the sales matched by number, buyer or seller whose name does not match (so none is
 * counted twice).
 */
export async function marketplaceOrderSearchCount(
  db: DbOrTx,
  search: string,
  manyUsers?: boolean,
): Promise<number> {
  const pattern = likePattern(search);
  const named = stemAnswers(search)
    ? sql`(select coalesce(sum(${marketplaceOrderNameCounts.orders}), 0) from ${marketplaceOrderNameCounts} where ${ilike(marketplaceOrderNameCounts.itemNameStem, pattern)})`
    : sql`(select count(*) from ${marketplaceOrders} where ${ilike(marketplaceOrders.itemName, pattern)})`;
  const branches = marketplaceOrderBranches(search, {
    otherNames: true,
    manyUsers: manyUsers ?? (await manyUsersMatch(db, search)),
  });
  const [row] = await executeRows<{ n: number | string }>(
    db,
    sql`select ${named} + (select count(*) from (${branches}) m) as n`,
  );
  return Number(row?.n ?? 0);
}

/**
 * A page of the search's ids in list order (pageIds' `ids`): the page is among the first
 * `offset + limit` of each lookup in that order, so each lookup stops there (a walk of the
 * (created_at, id) index while its matches are dense, its own index and a top-N sort while
 * they are sparse), and only their union is ordered and cut; never every match joined back.
 */
export async function marketplaceOrderSearchPage(
  db: DbOrTx,
  search: string,
  newestFirst: boolean,
  limit: number,
  offset: number,
  manyUsers?: boolean,
): Promise<number[]> {
  const dir = newestFirst ? sql`desc` : sql`asc`;
  const order = sql`order by created_at ${dir}, id ${dir}`;
  const branches = marketplaceOrderBranches(search, {
    tail: sql`${order} limit ${offset + limit}`,
    manyUsers: manyUsers ?? (await manyUsersMatch(db, search)),
  });
  const rows = await executeRows<{ id: number }>(
    db,
    sql`select id from (${branches}) m ${order} limit ${limit} offset ${offset}`,
  );
  return rows.map((r) => r.id);
}

/** Sales, newest first; search on the gift name, its number, or the buyer's or seller's username. */
export async function listMarketplaceOrders(
  db: Db,
  q: MarketplaceOrdersQuery,
): Promise<MarketplaceOrdersResponse> {
  const buyer = alias(users, 'buyer');
  const seller = alias(users, 'seller');
  const manyUsers = q.search ? await manyUsersMatch(db, q.search) : false;
  const page = await pageIds(
    q,
    // Unfiltered, the total and a deep page's day come from the trigger-kept rows per day (list_days).
    () =>
      q.search
        ? marketplaceOrderSearchCount(db, q.search, manyUsers)
        : listDaysTotal(db, 'marketplace_orders'),
    async (read) =>
      q.search
        ? marketplaceOrderSearchPage(db, q.search, read.newestFirst, read.limit, read.offset, manyUsers)
        : (
            await inListOrder(
              db.select({ id: marketplaceOrders.id }).from(marketplaceOrders).$dynamic(),
              marketplaceOrders,
              undefined,
              read,
            )
          ).map((r) => r.id),
    q.search ? undefined : () => listDaysOf(db, 'marketplace_orders'),
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
