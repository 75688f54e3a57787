import { MONTH_DAYS, WEEK_DAYS, type ShopOrder } from '@manager/contract';

export type TimeFilter = 'all' | 'today' | 'week' | 'month';
export interface ShopOrderFilters {
  search: string;
  currency: string;
  type: string;
  time: TimeFilter;
}
export const NO_FILTERS: ShopOrderFilters = { search: '', currency: 'all', type: 'all', time: 'all' };

const DAY_MS = 24 * 60 * 60 * 1000;
/** Start of the time window: today = since local midnight; week/month = the last 7/30 days. */
function since(time: TimeFilter, now: Date): number {
  if (time === 'today') return new Date(now.getFullYear(), now.getMonth(), now.getDate()).getTime();
  if (time === 'week') return now.getTime() - WEEK_DAYS * DAY_MS;
  if (time === 'month') return now.getTime() - MONTH_DAYS * DAY_MS;
  return -Infinity;
}

/** Search matches the order id, the user's names or telegram id, and the item's titles. */
export function filterShopOrders(orders: ShopOrder[], f: ShopOrderFilters, now = new Date()): ShopOrder[] {
  const q = f.search.trim().toLowerCase();
  const from = since(f.time, now);
  return orders.filter((o) => {
    if (f.currency !== 'all' && o.currency !== f.currency) return false;
    if (f.type !== 'all' && o.shopItem?.type !== f.type) return false;
    if (from > -Infinity && new Date(o.createdAt).getTime() < from) return false;
    if (!q) return true;
    const haystack = [o.id, o.user.username, o.user.firstName, o.user.lastName, String(o.user.telegramId), o.shopItem?.titleEn, o.shopItem?.titleRu];
    return haystack.some((v) => v?.toLowerCase().includes(q));
  });
}

/** Revenue per currency over the filtered orders. */
export function revenue(orders: ShopOrder[]) {
  const sum = (c: string) => orders.filter((o) => o.currency === c).reduce((s, o) => s + o.price, 0);
  return { total: orders.length, ton: sum('TON'), star: sum('STAR'), redChip: sum('RED_CHIP') };
}
