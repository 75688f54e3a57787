import { sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { marketplaceOrders, users } from '../db/schema/index';
import { col, iso, newestFirst } from '../exports/columns';
import type { ExportPlan } from '../exports/csv-stream';
import { marketplaceOrdersWhere } from './repository';

const buyer = alias(users, 'buyer');
const seller = alias(users, 'seller');

/** Marketplace sales, newest first, with the list's search. */
export function marketplaceOrdersPlan(q: { search?: string }): ExportPlan {
  return {
    list: 'marketplace-orders',
    columns: [
      col('id', marketplaceOrders.id),
      col('itemName', marketplaceOrders.itemName, true),
      col('giftNumber', marketplaceOrders.giftNumber),
      col('modelName', marketplaceOrders.modelName, true),
      col('buyerTelegramId', marketplaceOrders.buyerId),
      col('buyerUsername', buyer.username, true),
      col('sellerTelegramId', marketplaceOrders.sellerId),
      col('sellerUsername', seller.username, true),
      col('price', marketplaceOrders.price),
      col('fee', marketplaceOrders.fee),
      col('totalPrice', marketplaceOrders.totalPrice),
      col('createdAt', iso(marketplaceOrders.createdAt)),
    ],
    from: sql`${marketplaceOrders} left join ${users} ${sql.identifier('buyer')} on ${buyer.telegramId} = ${marketplaceOrders.buyerId} left join ${users} ${sql.identifier('seller')} on ${seller.telegramId} = ${marketplaceOrders.sellerId}`,
    where: marketplaceOrdersWhere(q.search),
    order: newestFirst(marketplaceOrders),
  };
}
