import type { ShopOrder } from '@manager/contract';
import { describe, expect, it } from 'vitest';
import { compareShopOrders, revenue, shopOrderMatcher, timeFrom } from './filter-shop-orders';

const now = new Date('2026-05-20T12:00:00');
const order = (
  id: string,
  currency: ShopOrder['currency'],
  price: number,
  daysAgo: number,
  type: 'FRAME' | 'NOOB_PACK' = 'FRAME',
): ShopOrder => ({
  id,
  user: { username: `user-${id}`, firstName: null, lastName: null, telegramId: 100 },
  shopItem: { titleEn: `Item ${id}`, titleRu: 'x', thumbUrl: null, type },
  isBundle: type === 'NOOB_PACK',
  price,
  currency,
  createdAt: new Date(now.getTime() - daysAgo * 86_400_000).toISOString(),
});
const orders = [
  order('a', 'TON', 1.25, 0),
  order('b', 'STAR', 100, 3, 'NOOB_PACK'),
  order('c', 'RED_CHIP', 2500, 10),
  order('d', 'TON', 2, 40),
];
const ALL = { search: '', currency: 'all', type: 'all' };
const ids = (f: Parameters<typeof shopOrderMatcher>[0]) =>
  orders.filter(shopOrderMatcher(f)).map((o) => o.id);

describe('shop order filters', () => {
  it('the time filter starts at local midnight, or 7 and 30 days before now; all time has no start', () => {
    expect(timeFrom('today', now)).toEqual(new Date('2026-05-20T00:00:00'));
    expect(timeFrom('week', now)).toEqual(new Date(now.getTime() - 7 * 86_400_000));
    expect(timeFrom('all', now)).toBeUndefined();
    expect(ids({ ...ALL, from: timeFrom('today', now) })).toEqual(['a']);
    expect(ids({ ...ALL, from: timeFrom('week', now) })).toEqual(['a', 'b']);
    expect(ids({ ...ALL, from: timeFrom('month', now) })).toEqual(['a', 'b', 'c']);
  });

  it('filters by currency, type and search; revenue sums the filtered set', () => {
    expect(revenue(orders.filter(shopOrderMatcher({ ...ALL, currency: 'TON' })))).toEqual({
      total: 2,
      ton: 3.25,
      star: 0,
      redChip: 0,
    });
    expect(ids({ ...ALL, type: 'NOOB_PACK' })).toEqual(['b']);
    expect(ids({ ...ALL, search: 'USER-C' })).toEqual(['c']);
    expect(revenue(orders)).toEqual({ total: 4, ton: 3.25, star: 100, redChip: 2500 });
  });

  it('sorts a whole list by price or date, either way', () => {
    expect([...orders].sort(compareShopOrders('price')).map((o) => o.id)).toEqual(['a', 'd', 'b', 'c']);
    expect([...orders].sort(compareShopOrders('-price')).map((o) => o.id)).toEqual(['c', 'b', 'd', 'a']);
    expect([...orders].sort(compareShopOrders('createdAt')).map((o) => o.id)).toEqual(['d', 'c', 'b', 'a']);
    expect(compareShopOrders('title')).toBeUndefined();
  });
});
