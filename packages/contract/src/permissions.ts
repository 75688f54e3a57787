/**
 * The permission catalogue and the built-in roles (`docs/security.md`, Roles and permissions):
 * what an administrator may do is the union of the permissions of the roles they hold. Every
 * entry of `calls` names the permission it needs (`permission`), or `SELF` for what any
 * signed-in admin may do about themself, or is `auth: false`; the API checks it before any
 * work and answers 403 with `data.permission` naming the missing one.
 */
export const PERMISSIONS = {
  'dashboard.read': 'See the dashboard and the top bar figures',
  'users.read': 'See players, their details and balances',
  'users.balances.edit': "Change a player's balances",
  'leaderboards.read': 'See the leaderboard',
  'games.read': 'See the game history',
  'withdrawals.read': 'See withdrawals',
  'withdrawals.decide': 'Approve or reject withdrawals (each approver of a large one)',
  'deposits.read': 'See TON and Stars payments',
  'inventory.read': "See players' inventory",
  'marketplace.read': 'See marketplace items and orders',
  'shop.read': 'See shop items and orders',
  'shop.manage': 'Create, change and delete shop items',
  'lootboxes.read': 'See loot boxes',
  'lootboxes.manage': 'Create, change, switch and delete loot boxes',
  'gifts.read': 'See the gifts a giveaway can hand out',
  'tasks.read': 'See tasks',
  'tasks.manage': 'Create, change and delete tasks',
  'mailing.read': 'See mailings and their recipients',
  'mailing.create': 'Write, change, test and delete mailings',
  'mailing.start': 'Start sending a mailing to players',
  'tournaments.read': 'See tournaments',
  'tournaments.manage': 'Create, change and delete tournaments',
  'giveaways.read': 'See giveaways',
  'giveaways.manage': 'Create, change and delete giveaways',
  'settings.read': 'See the global settings',
  'settings.general': 'Switch technical mode',
  'settings.rates': 'Change the exchange rates',
  'settings.banners': 'Change the banners',
  'audit.read': 'See, verify and download the audit log',
  'exports.run': 'Download lists as CSV',
  'admins.manage': 'Manage administrators and roles',
  'pii.reveal': 'See wallets and transaction ids unmasked',
} as const satisfies Record<string, string>;

export type Permission = keyof typeof PERMISSIONS;
export const PERMISSION_NAMES = Object.keys(PERMISSIONS) as [Permission, ...Permission[]];

export const isPermission = (name: string): name is Permission => Object.hasOwn(PERMISSIONS, name);

/** A call any signed-in admin may make about themself: profile, own sessions, second factors, step-up, logout. */
export const SELF = 'self';
/**
 * What a call of `calls` needs: a permission; several (the call checks which its change
 * needs; the hook lets in an admin holding any of them); or SELF.
 */
export type CallPermission = Permission | readonly [Permission, ...Permission[]] | typeof SELF;

/** The text of a refusal (HTTP 403, `data.permission` names the missing permission). */
export const ACCESS_DENIED_MESSAGE = 'Access denied - insufficient permissions';
export interface AccessDeniedData {
  permission: Permission;
}

const reads = PERMISSION_NAMES.filter((p) => p.endsWith('.read'));

/** The roles every deployment has; their permission sets live here, not in the database. */
export const BUILT_IN_ROLES = {
  owner: { name: 'Owner', permissions: PERMISSION_NAMES },
  finance: {
    name: 'Finance',
    permissions: [
      'dashboard.read',
      'users.read',
      'users.balances.edit',
      'withdrawals.read',
      'withdrawals.decide',
      'deposits.read',
      'inventory.read',
      'exports.run',
      'settings.read',
      'settings.rates',
    ],
  },
  support: {
    name: 'Support',
    permissions: [
      'dashboard.read',
      'users.read',
      'games.read',
      'leaderboards.read',
      'withdrawals.read',
      'deposits.read',
    ],
  },
  content: {
    name: 'Content',
    permissions: [
      'dashboard.read',
      'tasks.read',
      'tasks.manage',
      'shop.read',
      'shop.manage',
      'lootboxes.read',
      'lootboxes.manage',
      'marketplace.read',
      'mailing.read',
      'mailing.create',
      'mailing.start',
      'tournaments.read',
      'tournaments.manage',
      'giveaways.read',
      'giveaways.manage',
      'gifts.read',
      'settings.read',
      'settings.banners',
    ],
  },
  auditor: { name: 'Auditor', permissions: reads },
} as const satisfies Record<string, { name: string; permissions: readonly Permission[] }>;

export type BuiltInRole = keyof typeof BUILT_IN_ROLES;
export const BUILT_IN_ROLE_IDS = Object.keys(BUILT_IN_ROLES) as [BuiltInRole, ...BuiltInRole[]];
export const isBuiltInRole = (id: string): id is BuiltInRole => Object.hasOwn(BUILT_IN_ROLES, id);

/**
 * The permissions of an admin holding `roles` (ids; an unknown id adds nothing) and custom
 * roles granting `custom`: the union.
 */
export function permissionsOf(roles: readonly string[], custom: readonly string[] = []): Set<Permission> {
  const held = new Set<Permission>();
  for (const role of roles)
    if (isBuiltInRole(role)) for (const p of BUILT_IN_ROLES[role].permissions) held.add(p);
  for (const p of custom) if (isPermission(p)) held.add(p);
  return held;
}
