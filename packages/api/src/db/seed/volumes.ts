/** Row counts for a given number of users; at 5,000 users, the demo data set (docs/screens.md shows its lists). */
export interface SeedVolumes {
  users: number;
  games: number;
  inventories: number;
  marketplaceOrders: number;
  shopItems: number;
  shopOrders: number;
  starsGifts: number;
  tonWithdrawals: number;
  tonPayments: number;
  starsPayments: number;
  mailings: number;
  tournaments: number;
  giveaways: number;
}

export const DEFAULT_USERS = 5000;

/**
 * Counts that replace the per-player scaling. `withdrawals` is every withdrawal: the gift
 * withdrawals that follow the inventory (`giftWithdrawalsIn`) plus as many TON withdrawals as
 * make up the rest; `payments` is TON and Stars payments together, half each.
 */
export interface VolumeCounts {
  games?: number;
  shopOrders?: number;
  withdrawals?: number;
  payments?: number;
}

/** Inventory rows whose status (`inventoryStatus`: 2 in every 40) carries a gift withdrawal. */
export function giftWithdrawalsIn(inventories: number): number {
  const whole = Math.floor(inventories / 40) * 2;
  const rest = inventories % 40;
  return whole + (rest > 7 ? 2 : rest > 6 ? 1 : 0);
}

/** `--volume production`: the data set the lists-at-volume bench is measured on. */
export const PRODUCTION_VOLUME = {
  users: 1_000_000,
  games: 5_000_000,
  shopOrders: 1_000_000,
  withdrawals: 200_000,
  payments: 1_000_000,
  audit: 1_000_000,
} as const;

/**
 * Everything tied to players scales with the user count (games too, unless a count is given); catalogue-like tables (tasks, shop
 * items, loot boxes, gifts, mailings, tournaments, giveaways) keep their size.
 * At 5,000 users: 20,000 games, 2,000 inventory gifts (300 listed on the marketplace, 100 in
 * gift withdrawals), 400 marketplace orders, 500 shop orders, 50 TON withdrawals (150
 * withdrawals in all), 600 TON and 600 Stars payments.
 */
export function volumesFor(users: number, counts: VolumeCounts = {}): SeedVolumes {
  const scale = (perUser: number) => Math.max(1, Math.round(users * perUser));
  const inventories = scale(0.4);
  const giftWithdrawals = giftWithdrawalsIn(inventories);
  if (counts.withdrawals !== undefined && counts.withdrawals < giftWithdrawals) {
    throw new RangeError(
      `withdrawals must be at least ${giftWithdrawals} at ${users} users (the gift withdrawals of the inventory)`,
    );
  }
  // An odd payment count gives the extra one to TON.
  const payments =
    counts.payments === undefined
      ? null
      : { ton: Math.ceil(counts.payments / 2), stars: Math.floor(counts.payments / 2) };
  return {
    users,
    games: counts.games ?? scale(4),
    inventories,
    marketplaceOrders: scale(0.08),
    shopItems: 30,
    shopOrders: counts.shopOrders ?? scale(0.1),
    starsGifts: 60,
    tonWithdrawals: counts.withdrawals === undefined ? scale(0.01) : counts.withdrawals - giftWithdrawals,
    tonPayments: payments?.ton ?? scale(0.12),
    starsPayments: payments?.stars ?? scale(0.12),
    mailings: 20,
    tournaments: 15,
    giveaways: 25,
  };
}
