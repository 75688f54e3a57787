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
 * Everything tied to players scales with the user count (games too, unless a count is given); catalogue-like tables (tasks, shop
 * items, loot boxes, gifts, mailings, tournaments, giveaways) keep their size.
 * At 5,000 users: 20,000 games, 2,000 inventory gifts (300 listed on the marketplace, 100 in
 * gift withdrawals), 400 marketplace orders, 500 shop orders, 50 TON withdrawals (150
 * withdrawals in all), 600 TON and 600 Stars payments.
 */
export function volumesFor(users: number, games?: number): SeedVolumes {
  const scale = (perUser: number) => Math.max(1, Math.round(users * perUser));
  return {
    users,
    games: games ?? scale(4),
    inventories: scale(0.4),
    marketplaceOrders: scale(0.08),
    shopItems: 30,
    shopOrders: scale(0.1),
    starsGifts: 60,
    tonWithdrawals: scale(0.01),
    tonPayments: scale(0.12),
    starsPayments: scale(0.12),
    mailings: 20,
    tournaments: 15,
    giveaways: 25,
  };
}
