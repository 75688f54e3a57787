import { sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { PaymentsQuery } from '@manager/contract';
import { inventories, marketplaceOrders, starsPayments, tonPayments, users } from '../db/schema/index';
import { inventoryWhere } from '../inventory/repository';
import { marketplaceOrdersWhere } from '../marketplace/repository';
import { paymentFilters, type PaymentTable } from '../payments/repository';
import type { ExportPlan } from './csv-stream';
import { col, iso } from './player-lists';

export const newestFirst = (table: { createdAt: unknown; id: unknown }) => [
  { expr: sql`${table.createdAt}`, desc: true, type: 'timestamptz' as const },
  { expr: sql`${table.id}`, desc: true, type: 'integer' as const },
];

/** TON or Stars deposits, newest first, with the deposits screen's filters. */
export function paymentsPlan(table: PaymentTable, q: Omit<PaymentsQuery, 'page' | 'limit'>): ExportPlan {
  const ton = table === tonPayments;
  return {
    list: ton ? 'ton-payments' : 'stars-payments',
    columns: [
      col('id', table.id),
      col('telegramId', table.telegramId),
      col('username', users.username, true),
      col('firstName', users.firstName, true),
      col('lastName', users.lastName, true),
      ...(ton ? [col('transactionId', tonPayments.transactionId, true)] : []),
      col('type', table.type, true),
      ...(ton ? [col('product', tonPayments.product, true), col('productAmount', tonPayments.productAmount), col('wallet', tonPayments.wallet, true)] : []),
      col('amount', table.amount),
      col('fee', table.fee),
      col('status', sql`case when ${table.status} then 'completed' else 'pending' end`),
      col('link', table.link, true),
      col('createdAt', iso(table.createdAt)),
    ],
    from: sql`${table} left join ${users} on ${users.telegramId} = ${table.telegramId}`,
    where: paymentFilters(table, q),
    order: newestFirst(table),
  };
}
export const tonPaymentsPlan = (q: Omit<PaymentsQuery, 'page' | 'limit'>) => paymentsPlan(tonPayments, q);
export const starsPaymentsPlan = (q: Omit<PaymentsQuery, 'page' | 'limit'>) => paymentsPlan(starsPayments, q);

/** Gifts held on the platform, newest first, with their owner; the inventory list's search. */
export function inventoryPlan(q: { search?: string }): ExportPlan {
  return {
    list: 'inventory',
    columns: [
      col('id', inventories.id),
      col('telegramId', inventories.telegramId),
      col('username', users.username, true),
      col('name', inventories.name, true),
      col('giftNumber', inventories.giftNumber),
      col('price', inventories.price),
      col('createdAt', iso(inventories.createdAt)),
    ],
    from: sql`${inventories} left join ${users} on ${users.telegramId} = ${inventories.telegramId}`,
    where: inventoryWhere(q.search),
    order: newestFirst(inventories),
  };
}

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
