import { and, eq, gte, ilike, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import type { SortParam } from '@manager/contract';
import { inventories, shopItems, shopOrders, users, withdrawals } from '../db/schema/index';
import { likePattern } from '../lib/search';
import type { ExportPlan } from './csv-stream';
import type { OrderTerm } from './keyset';
import { col, iso } from './player-lists';

/** `sort` (`key` / `-key`, blank: `-createdAt`) over the given expressions, ties by id descending. */
function sortTerms<K extends string>(sort: SortParam<K> | undefined, keys: Record<K, OrderTerm['expr']>, types: Record<K, OrderTerm['type']>, id: OrderTerm): OrderTerm[] {
  const wanted = (sort ?? '-createdAt') as string;
  const key = wanted.replace(/^-/, '') as K;
  return [{ expr: keys[key], desc: wanted.startsWith('-'), type: types[key] }, id];
}

export interface WithdrawalsExport {
  search?: string;
  status?: 'pending' | 'approved';
  sort?: SortParam<'createdAt' | 'price'>;
}

/**
 * The withdrawals list: every withdrawal but rejected ones, `status` approved or pending (not
 * approved), search on the username (contains, any case), as the withdrawals page filters.
 */
export function withdrawalsWhere(q: { search?: string; status?: 'pending' | 'approved' }): SQL | undefined {
  return and(
    or(isNull(withdrawals.decision), ne(withdrawals.decision, 'rejected')),
    q.status === undefined ? undefined : eq(withdrawals.status, q.status === 'approved'),
    q.search ? ilike(users.username, likePattern(q.search)) : undefined,
  );
}

export function withdrawalsPlan(q: WithdrawalsExport): ExportPlan {
  return {
    list: 'withdrawals',
    columns: [
      col('id', withdrawals.id),
      col('telegramId', withdrawals.telegramId),
      col('username', users.username, true),
      col('currency', withdrawals.currency, true),
      col('price', withdrawals.price),
      col('gift', inventories.name, true),
      col('wallet', withdrawals.wallet, true),
      col('status', sql`case when ${withdrawals.status} then 'approved' else 'pending' end`),
      col('createdAt', iso(withdrawals.createdAt)),
    ],
    from: sql`${withdrawals} left join ${users} on ${users.telegramId} = ${withdrawals.telegramId} left join ${inventories} on ${inventories.id} = ${withdrawals.inventoryId}`,
    where: withdrawalsWhere(q),
    order: sortTerms(
      q.sort,
      { createdAt: sql`${withdrawals.createdAt}`, price: sql`${withdrawals.price}` },
      { createdAt: 'timestamptz', price: 'numeric' },
      { expr: sql`${withdrawals.id}`, desc: true, type: 'integer' },
    ),
  };
}

export interface ShopOrdersExport {
  search?: string;
  currency?: string;
  type?: string;
  from?: Date;
  sort?: SortParam<'createdAt' | 'price'>;
}

/**
 * The shop orders list's filters, as the shop orders page applies them: currency, the item's
 * type (an order of a deleted item has none), created at or after `from`, and a search that
 * matches the order id, the buyer's username, names or Telegram id, or the item's titles
 * (contains, any case).
 */
export function shopOrdersWhere(q: Omit<ShopOrdersExport, 'sort'>): SQL | undefined {
  const like = q.search ? likePattern(q.search) : undefined;
  return and(
    q.currency === undefined ? undefined : eq(shopOrders.currency, q.currency as typeof shopOrders.currency._.data),
    q.type === undefined ? undefined : eq(shopItems.type, q.type as typeof shopItems.type._.data),
    q.from === undefined ? undefined : gte(shopOrders.createdAt, q.from),
    like === undefined
      ? undefined
      : or(
          sql`${shopOrders.id}::text ilike ${like}`,
          ilike(users.username, like),
          ilike(users.firstName, like),
          ilike(users.lastName, like),
          sql`${shopOrders.telegramId}::text like ${like}`,
          ilike(shopItems.titleEn, like),
          ilike(shopItems.titleRu, like),
        ),
  );
}

export function shopOrdersPlan(q: ShopOrdersExport): ExportPlan {
  return {
    list: 'shop-orders',
    columns: [
      col('id', shopOrders.id),
      col('telegramId', shopOrders.telegramId),
      col('username', users.username, true),
      col('firstName', users.firstName, true),
      col('lastName', users.lastName, true),
      col('itemTitleEn', shopItems.titleEn, true),
      col('itemTitleRu', shopItems.titleRu, true),
      col('itemType', shopItems.type),
      col('isBundle', shopOrders.isBundle),
      col('price', shopOrders.price),
      col('currency', shopOrders.currency),
      col('createdAt', iso(shopOrders.createdAt)),
    ],
    from: sql`${shopOrders} left join ${users} on ${users.telegramId} = ${shopOrders.telegramId} left join ${shopItems} on ${shopItems.id} = ${shopOrders.shopItemId}`,
    where: shopOrdersWhere(q),
    order: sortTerms(
      q.sort,
      { createdAt: sql`${shopOrders.createdAt}`, price: sql`${shopOrders.price}` },
      { createdAt: 'timestamptz', price: 'numeric' },
      { expr: sql`${shopOrders.id}`, desc: true, type: 'uuid' },
    ),
  };
}
