/**
 * Method and path of every call of spec section 7, so clients and the server agree.
 * Paths are as the client writes them; the client prefixes `/manager` to those not under
 * `/auth` or `/manager`, and the server mounts them under `/manager` (see `apiPath`).
 */
type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
interface Call {
  readonly method: Method;
  /** Express/Fastify style: `:id` marks a path parameter. */
  readonly path: string;
  readonly multipart?: boolean;
  readonly auth?: false;
}
const call = <const C extends Call>(c: C) => c;

export const calls = {
  // authentication (no bearer needed for login, verify, refresh)
  login: call({ method: 'POST', path: '/auth/login', auth: false }),
  verify2fa: call({ method: 'POST', path: '/auth/2fa/verify', auth: false }),
  profile: call({ method: 'GET', path: '/auth/profile' }),
  refreshToken: call({ method: 'POST', path: '/auth/refresh-token', auth: false }),
  logout: call({ method: 'POST', path: '/auth/logout' }),
  twoFactorSetup: call({ method: 'GET', path: '/auth/2fa/setup' }),
  enable2fa: call({ method: 'POST', path: '/auth/2fa/enable' }),
  disable2fa: call({ method: 'POST', path: '/auth/2fa/disable' }),
  backupCodes: call({ method: 'POST', path: '/auth/2fa/backup-codes' }),
  // statistics, users, games
  metrics: call({ method: 'GET', path: '/metrics' }),
  dashboardStats: call({ method: 'GET', path: '/dashboard-stats' }),
  gameHistory: call({ method: 'GET', path: '/game/history' }),
  users: call({ method: 'GET', path: '/users' }),
  userDetail: call({ method: 'GET', path: '/users/:telegramId' }),
  updateBalances: call({ method: 'PUT', path: '/users/:telegramId/balances' }),
  leaderboard: call({ method: 'POST', path: '/leaderboard' }),
  // tasks
  tasks: call({ method: 'GET', path: '/tasks' }),
  createTask: call({ method: 'POST', path: '/tasks', multipart: true }),
  /** Multipart from the edit form; the status toggle sends JSON. */
  updateTask: call({ method: 'PUT', path: '/tasks/:id', multipart: true }),
  deleteTask: call({ method: 'DELETE', path: '/tasks/:id' }),
  // marketplace and shop
  marketplace: call({ method: 'GET', path: '/marketplace' }),
  marketplaceOrders: call({ method: 'GET', path: '/marketplace/orders' }),
  shopItems: call({ method: 'GET', path: '/shop-items' }),
  createShopItem: call({ method: 'POST', path: '/shop-items', multipart: true }),
  updateShopItem: call({ method: 'PUT', path: '/shop-items/:id', multipart: true }),
  deleteShopItem: call({ method: 'DELETE', path: '/shop-items/:id' }),
  shopOrders: call({ method: 'GET', path: '/shop-orders' }),
  // gifts and loot boxes
  inventoryGifts: call({ method: 'GET', path: '/giveaways/inventory-gifts' }),
  starsGifts: call({ method: 'GET', path: '/giveaways/stars-gifts' }),
  lootBoxes: call({ method: 'GET', path: '/loot-boxes' }),
  createLootBox: call({ method: 'POST', path: '/loot-boxes', multipart: true }),
  updateLootBox: call({ method: 'PUT', path: '/loot-boxes/:id', multipart: true }),
  toggleLootBox: call({ method: 'PATCH', path: '/loot-boxes/:id/toggle-status' }),
  deleteLootBox: call({ method: 'DELETE', path: '/loot-boxes/:id' }),
  // transactions
  withdrawals: call({ method: 'GET', path: '/withdrawals' }),
  withdrawWithTransfer: call({ method: 'POST', path: '/withdrawals/with-transfer' }),
  withdrawWithoutTransfer: call({ method: 'POST', path: '/withdrawals/without-transfer' }),
  rejectWithdrawal: call({ method: 'POST', path: '/withdrawals/reject' }),
  tonPayments: call({ method: 'GET', path: '/transactions/ton-payments' }),
  starsPayments: call({ method: 'GET', path: '/transactions/stars-payments' }),
  inventory: call({ method: 'GET', path: '/transactions/inventory' }),
  // mailing, tournaments, giveaways, settings
  mailings: call({ method: 'GET', path: '/mailing' }),
  createMailing: call({ method: 'POST', path: '/mailing', multipart: true }),
  startMailing: call({ method: 'PUT', path: '/mailing/:id/status' }),
  tournaments: call({ method: 'GET', path: '/tournaments' }),
  createTournament: call({ method: 'POST', path: '/tournaments', multipart: true }),
  updateTournament: call({ method: 'PUT', path: '/tournaments/:id', multipart: true }),
  deleteTournament: call({ method: 'DELETE', path: '/tournaments/:id' }),
  giveaways: call({ method: 'GET', path: '/giveaways' }),
  createGiveaway: call({ method: 'POST', path: '/giveaways', multipart: true }),
  updateGiveaway: call({ method: 'PUT', path: '/giveaways/:id', multipart: true }),
  deleteGiveaway: call({ method: 'DELETE', path: '/giveaways/:id' }),
  settings: call({ method: 'GET', path: '/settings' }),
  updateSettings: call({ method: 'POST', path: '/settings', multipart: true }),
} as const;
export type CallName = keyof typeof calls;

/** Fills `:param` placeholders: `buildPath(calls.userDetail.path, { telegramId: 42 })`. */
export function buildPath(path: string, params: Record<string, string | number> = {}): string {
  return path.replace(/:([A-Za-z]+)/g, (_, key: string) => {
    const value = params[key];
    if (value === undefined) throw new Error(`Missing path parameter ${key}`);
    return encodeURIComponent(String(value));
  });
}

/** The path on the server: `/auth/*` and `/manager/*` as is, the rest under `/manager`. */
export function apiPath(path: string): string {
  if (path.startsWith('/auth/') || path.startsWith('/manager/') || path === '/manager') return path;
  return `/manager${path}`;
}
