import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { shopOrdersExportQuerySchema, SortParam, withdrawalsExportQuerySchema } from '@manager/contract';
import { inventories, shopItems, shopOrders, users, withdrawals } from '../db/schema/index';
import { shopOrdersWhere } from '../shop/lists';
import { withdrawalsWhere } from '../withdrawals/repository';
import type { ExportPlan } from './csv-stream';
import type { OrderTerm } from './keyset';
import { col, iso } from './player-lists';

/**
 * `sort` (`key` / `-key`, blank: `-createdAt`) over the given expressions, ties by id in the
 * same direction (as the list's `orderOf`), so a batch boundary is one row comparison.
 */
function sortTerms<K extends string>(sort: SortParam<K> | undefined, keys: Record<K, OrderTerm['expr']>, types: Record<K, OrderTerm['type']>, id: OrderTerm): OrderTerm[] {
  const wanted = (sort ?? '-createdAt') as string;
  const key = wanted.replace(/^-/, '') as K;
  const desc = wanted.startsWith('-');
  return [{ expr: keys[key], desc, type: types[key] }, { ...id, desc }];
}

type WithdrawalsExport = z.output<typeof withdrawalsExportQuerySchema>;
type ShopOrdersExport = z.output<typeof shopOrdersExportQuerySchema>;

const withdrawalId: OrderTerm = { expr: sql`${withdrawals.id}`, desc: true, type: 'integer' };

/** The withdrawals list (`withdrawalsWhere`: not rejected, status, username contains) in its order. */
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
    // The list's default: undecided first, newest first within each group.
    order: q.sort
      ? sortTerms(q.sort, { createdAt: sql`${withdrawals.createdAt}`, price: sql`${withdrawals.price}` }, { createdAt: 'timestamptz', price: 'numeric' }, withdrawalId)
      : [{ expr: sql`${withdrawals.decision} is null`, desc: true, type: 'boolean' }, { expr: sql`${withdrawals.createdAt}`, desc: true, type: 'timestamptz' }, withdrawalId],
  };
}

/** The shop orders list (`shopOrdersWhere`: currency, item type, from, search) in its order, newest first by default. */
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
