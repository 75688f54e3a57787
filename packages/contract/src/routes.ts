import type { AuditEntityType } from './schemas/audit.ts';

/**
 * The one typed table of console routes (`docs/screens.md`) and which remote owns each.
 * The shell mounts a remote's area for every path that starts with one of its prefixes;
 * each remote exposes the same paths from its `./routes` module.
 */
export const REMOTE_NAMES = ['users', 'commerce', 'transactions', 'engagement', 'settings'] as const;
export type RemoteName = (typeof REMOTE_NAMES)[number];

export const REMOTE_LABELS: Record<RemoteName, string> = {
  users: 'Users and games',
  commerce: 'Marketplace and shop',
  transactions: 'Transactions',
  engagement: 'Tasks, mailing, tournaments and giveaways',
  settings: 'Settings',
};

export const paths = {
  login: '/login',
  dashboard: '/dashboard',
  gameList: '/game/list',
  gameSettings: '/game/settings',
  usersList: '/users/list',
  usersStats: '/users/stats',
  userDetail: (telegramId: string | number) => `/users/detail/${telegramId}`,
  tasksList: '/tasks/list',
  tasksStatic: '/tasks/static',
  marketplaceList: '/marketplace/list',
  marketplaceOrders: '/marketplace/orders',
  marketplaceSettings: '/marketplace/settings',
  shopList: '/shop/list',
  shopOrders: '/shop/orders',
  shopSettings: '/shop/settings',
  shopLootBoxes: '/shop/loot-boxes',
  withdrawals: '/transactions/withdrawals',
  deposits: '/transactions/deposits',
  inventory: '/transactions/inventory',
  packages: '/transactions/packages',
  mailing: '/mailing',
  tournaments: '/tournaments',
  giveawaysList: '/giveaways/list',
  settings: '/settings',
  /** The admin's own sessions, second factor and passkeys: every admin may open it. */
  security: '/settings/security',
  audit: '/audit',
  admins: '/admins',
  /** The public page of an invited admin's one-time link (no session needed). */
  enrol: (token: string | number) => `/enrol/${token}`,
} as const;

/** Path prefixes owned by each remote; the shell routes `${prefix}/*` to the remote's area. */
export const REMOTE_PREFIXES: Record<RemoteName, readonly string[]> = {
  users: ['/users', '/game'],
  commerce: ['/marketplace', '/shop'],
  transactions: ['/transactions'],
  engagement: ['/tasks', '/mailing', '/tournaments', '/giveaways'],
  settings: ['/settings', '/audit', '/admins'],
};

/** Which remote owns a pathname, or null for shell-owned paths (login, dashboard). */
export function remoteForPath(pathname: string): RemoteName | null {
  for (const name of REMOTE_NAMES) {
    if (REMOTE_PREFIXES[name].some((p) => pathname === p || pathname.startsWith(`${p}/`))) return name;
  }
  return null;
}

/**
 * Where each kind of audited thing is managed; absent where the console has no screen for it
 * (admins, and sessions: the Settings card lists only the viewer's own).
 */
const AUDIT_ENTITY_SCREENS: Partial<Record<AuditEntityType, string>> = {
  withdrawal: paths.withdrawals,
  task: paths.tasksList,
  shop_item: paths.shopList,
  loot_box: paths.shopLootBoxes,
  giveaway: paths.giveawaysList,
  mailing: paths.mailing,
  tournament: paths.tournaments,
  settings: paths.settings,
  audit: paths.audit,
};

/**
 * The screen an audit row's entity opens: a player's own page (`/users/detail/{telegramId}`),
 * else the list that holds the thing; null when the console has no screen for it.
 */
export function auditEntityPath(entityType: string, entityId: string | null): string | null {
  if (entityType === 'user') return entityId && /^\d+$/.test(entityId) ? paths.userDetail(entityId) : null;
  return AUDIT_ENTITY_SCREENS[entityType as AuditEntityType] ?? null;
}
