import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { shopOrdersExportQuerySchema } from '@manager/contract';
import { shopItems, shopOrders, users } from '../db/schema/index';
import { col, iso, sortTerms } from '../exports/columns';
import type { ExportPlan } from '../exports/csv-stream';
import { shopOrdersWhere } from './lists';

type ShopOrdersExport = z.output<typeof shopOrdersExportQuerySchema>;

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
