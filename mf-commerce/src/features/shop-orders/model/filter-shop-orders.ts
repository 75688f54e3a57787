import {
  CURRENCIES,
  MONTH_DAYS,
  SHOP_ORDER_TYPES,
  WEEK_DAYS,
  type ShopOrder,
  type ShopOrdersRevenue,
} from '@manager/contract';

export const TIME_FILTERS = ['all', 'today', 'week', 'month'] as const;
export type TimeFilter = (typeof TIME_FILTERS)[number];

/** The list's filters as the URL keeps them (`currency`, `type`, `time`); the first value is the default. */
export const SHOP_ORDER_FILTERS = {
  currency: ['all', ...CURRENCIES],
  type: ['all', ...SHOP_ORDER_TYPES],
  time: TIME_FILTERS,
} as const;

export interface ShopOrderFilters {
  search: string;
  currency: string;
  type: string;
  /** Orders created at or after this instant (see `timeFrom`); none for all time. */
  from?: Date;
}

const DAY_MS = 24 * 60 * 60 * 1000;
/** Start of the time window: today = since local midnight; week/month = the last 7/30 days. */
export function timeFrom(time: string, now = new Date()): Date | undefined {
  if (time === 'today') return new Date(now.getFullYear(), now.getMonth(), now.getDate());
  if (time === 'week') return new Date(now.getTime() - WEEK_DAYS * DAY_MS);
  if (time === 'month') return new Date(now.getTime() - MONTH_DAYS * DAY_MS);
  return undefined;
}

/**
 * Whether an order passes the filters, for an API that answers the whole list (a paging
 * server applies the same rules). Search matches the order id, the user's names or
 * telegram id, and the item's titles.
 */
export function shopOrderMatcher(f: ShopOrderFilters): (o: ShopOrder) => boolean {
  const q = f.search.trim().toLowerCase();
  const from = f.from?.getTime();
  return (o) => {
    if (f.currency !== 'all' && o.currency !== f.currency) return false;
    if (f.type !== 'all' && o.shopItem?.type !== f.type) return false;
    if (from !== undefined && new Date(o.createdAt).getTime() < from) return false;
    if (!q) return true;
    const haystack = [
      o.id,
      o.user.username,
      o.user.firstName,
      o.user.lastName,
      String(o.user.telegramId),
      o.shopItem?.titleEn,
      o.shopItem?.titleRu,
    ];
    return haystack.some((v) => v?.toLowerCase().includes(q));
  };
}

/** The order of a sort on a whole list (`createdAt`, `price`, `-` for descending); the API's newest-first otherwise. */
export function compareShopOrders(sort: string): ((a: ShopOrder, b: ShopOrder) => number) | undefined {
  const sign = sort.startsWith('-') ? -1 : 1;
  const key = sort.replace(/^-/, '');
  if (key === 'price') return (a, b) => sign * (a.price - b.price);
  if (key === 'createdAt') return (a, b) => sign * (Date.parse(a.createdAt) - Date.parse(b.createdAt));
  return undefined;
}

/** Revenue per currency over the filtered orders (a paging server sends it with the page). */
export function revenue(orders: readonly ShopOrder[]): ShopOrdersRevenue {
  const sum = (c: string) => orders.filter((o) => o.currency === c).reduce((s, o) => s + o.price, 0);
  return { total: orders.length, ton: sum('TON'), star: sum('STAR'), redChip: sum('RED_CHIP') };
}
