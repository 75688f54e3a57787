import { sql } from 'drizzle-orm';
import type { PaymentsQuery } from '@manager/contract';
import { starsPayments, tonPayments, users } from '../db/schema/index';
import { col, iso, newestFirst, personalCol } from '../exports/columns';
import type { ExportPlan } from '../exports/csv-stream';
import { paymentFilters, type PaymentTable } from './repository';

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
      ...(ton ? [personalCol('transactionId', tonPayments.transactionId)] : []),
      col('type', table.type, true),
      ...(ton
        ? [
            col('product', tonPayments.product, true),
            col('productAmount', tonPayments.productAmount),
            personalCol('wallet', tonPayments.wallet),
          ]
        : []),
      col('amount', table.amount),
      col('fee', table.fee),
      col('status', sql`case when ${table.status} then 'completed' else 'pending' end`),
      personalCol('link', table.link),
      col('createdAt', iso(table.createdAt)),
    ],
    from: sql`${table} left join ${users} on ${users.telegramId} = ${table.telegramId}`,
    where: paymentFilters(table, q),
    order: newestFirst(table),
  };
}
export const tonPaymentsPlan = (q: Omit<PaymentsQuery, 'page' | 'limit'>) => paymentsPlan(tonPayments, q);
export const starsPaymentsPlan = (q: Omit<PaymentsQuery, 'page' | 'limit'>) => paymentsPlan(starsPayments, q);
