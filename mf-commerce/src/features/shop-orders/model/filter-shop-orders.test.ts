import type { ShopOrder } from '@manager/contract';
import { describe, expect, it } from 'vitest';
import { filterShopOrders, NO_FILTERS, revenue } from './filter-shop-orders';

const now = new Date('2026-05-20T12:00:00');
const order = (id: string, currency: ShopOrder['currency'], price: number, daysAgo: number, type: 'FRAME' | 'NOOB_PACK' = 'FRAME'): ShopOrder => ({
  id,
  user: { username: `user-${id}`, firstName: null, lastName: null, telegramId: 100 },
  shopItem: { titleEn: `Item ${id}`, titleRu: 'x', thumbUrl: null, type },
  isBundle: type === 'NOOB_PACK',
  price,
  currency,
  createdAt: new Date(now.getTime() - daysAgo * 86_400_000).toISOString(),
});
const orders = [order('a', 'TON', 1.25, 0), order('b', 'STAR', 100, 3, 'NOOB_PACK'), order('c', 'RED_CHIP', 2500, 10), order('d', 'TON', 2, 40)];

describe('shop order filters', () => {
  it('filters by time windows of today, 7 and 30 days', () => {
    expect(filterShopOrders(orders, { ...NO_FILTERS, time: 'today' }, now).map((o) => o.id)).toEqual(['a']);
    expect(filterShopOrders(orders, { ...NO_FILTERS, time: 'week' }, now).map((o) => o.id)).toEqual(['a', 'b']);
    expect(filterShopOrders(orders, { ...NO_FILTERS, time: 'month' }, now).map((o) => o.id)).toEqual(['a', 'b', 'c']);
  });

  it('filters by currency, type and search; revenue sums the filtered set', () => {
    const ton = filterShopOrders(orders, { ...NO_FILTERS, currency: 'TON' }, now);
    expect(revenue(ton)).toEqual({ total: 2, ton: 3.25, star: 0, redChip: 0 });
    expect(filterShopOrders(orders, { ...NO_FILTERS, type: 'NOOB_PACK' }, now).map((o) => o.id)).toEqual(['b']);
    expect(filterShopOrders(orders, { ...NO_FILTERS, search: 'USER-C' }, now).map((o) => o.id)).toEqual(['c']);
    expect(revenue(orders)).toEqual({ total: 4, ton: 3.25, star: 100, redChip: 2500 });
  });
});
