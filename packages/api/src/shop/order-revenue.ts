import { and, eq, gte, lt, sql, type SQL } from 'drizzle-orm';
import { unionAll } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { ShopOrdersRevenue, shopOrdersQuerySchema } from '@manager/contract';
import type { DbOrTx } from '../db/client';
import { shopItems, shopOrderDays, shopOrders } from '../db/schema/index';
import { dayKey, midnightFrom } from '../lib/utc-days';

export type ShopOrderFilters = Omit<z.output<typeof shopOrdersQuerySchema>, 'page' | 'limit'>;

/**
 * The currency and type filters, on either table that has `currency` and `shop_item_id`
 * (the orders or their daily rollup). The type is read from shop_items when the query runs,
 * so an item whose type was edited counts under its type now, and the orders of a deleted item
 * (null `shop_item_id`) match no type.
 */
export function keyFilters(
  t: typeof shopOrders | typeof shopOrderDays,
  q: ShopOrderFilters,
): SQL | undefined {
  return and(
    q.currency ? eq(t.currency, q.currency) : undefined,
    q.type
      ? sql`${t.shopItemId} in (select ${shopItems.id} from ${shopItems} where ${shopItems.type} = ${q.type})`
      : undefined,
  );
}

/** Count and per-currency sums of a selection of (currency, orders, price) rows, added in numeric (exact). */
function revenueOf<T extends { currency: unknown; orders: unknown; price: unknown }>(t: T) {
  const sumOf = (currency: string) =>
    sql<string>`coalesce(sum(${t.price}) filter (where ${t.currency} = ${currency}), 0)::text`;
  return {
    total: sql<string>`coalesce(sum(${t.orders}), 0)::text`,
    ton: sumOf('TON'),
    star: sumOf('STAR'),
    redChip: sumOf('RED_CHIP'),
  };
}

const toRevenue = (
  row: { total: string; ton: string; star: string; redChip: string } | undefined,
): ShopOrdersRevenue => ({
  total: Number(row?.total ?? 0),
  ton: Number(row?.ton ?? 0),
  star: Number(row?.star ?? 0),
  redChip: Number(row?.redChip ?? 0),
});

/**
 * The revenue cards (and the list's total) over the filtered orders, exactly what summing the
 * matching orders gives. Without a search they come from shop_order_days: the rollup's rows of
 * the whole UTC days from `from` on, plus the orders of the partial first day, [from, next
 * midnight), summed per currency first (with a currency filter from
 * `shop_orders_currency_created_at_id_idx` alone, else through the created_at index). A search (buyer, titles, id) is nothing the
 * rollup keeps: then the matching orders themselves are counted and summed (exact, slower).
 */
export async function shopOrdersRevenue(
  db: DbOrTx,
  q: ShopOrderFilters,
  where: SQL | undefined,
): Promise<ShopOrdersRevenue> {
  if (q.search) {
    const [row] = await db
      .select(revenueOf({ currency: shopOrders.currency, orders: sql`1`, price: shopOrders.price }))
      .from(shopOrders)
      .where(where);
    return toRevenue(row);
  }
  // The rollup's days start at the first midnight at or after `from` (none past year 9999).
  const wholeFrom = q.from && midnightFrom(q.from);
  const days = db
    .select({
      currency: shopOrderDays.currency,
      orders: sql<string>`${shopOrderDays.orders}::numeric`.as('orders'),
      price: shopOrderDays.price,
    })
    .from(shopOrderDays)
    .where(
      and(
        keyFilters(shopOrderDays, q),
        q.from ? (wholeFrom ? gte(shopOrderDays.day, dayKey(wholeFrom)) : sql`false`) : undefined,
      ),
    );
  const parts =
    q.from && (!wholeFrom || wholeFrom > q.from)
      ? unionAll(
          days,
          db
            .select({
              currency: shopOrders.currency,
              orders: sql<string>`count(*)::numeric`.as('orders'),
              price: sql<string>`sum(${shopOrders.price})::numeric`.as('price'),
            })
            .from(shopOrders)
            .where(
              and(
                keyFilters(shopOrders, q),
                gte(shopOrders.createdAt, q.from),
                wholeFrom ? lt(shopOrders.createdAt, wholeFrom) : undefined,
              ),
            )
            .groupBy(shopOrders.currency),
        ).as('parts')
      : days.as('parts');
  const [row] = await db.select(revenueOf(parts)).from(parts);
  return toRevenue(row);
}
