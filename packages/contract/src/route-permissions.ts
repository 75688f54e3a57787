import type { Permission } from './permissions.ts';
import { paths } from './routes.ts';

/**
 * What each console route needs to be opened (docs/screens.md, docs/security.md): the read
 * permission of the calls its page makes. The sidebar, the command palette and the shell's
 * route guard all read this one table. A route matches its path and every path below it, so a
 * player's page (`/users/detail/:id`) is covered by the Users area's entry; the most specific
 * entry wins. A path with no entry (the admin's own security) is open to every signed-in admin.
 */
export const ROUTE_PERMISSIONS: readonly (readonly [path: string, permission: Permission | null])[] = [
  [paths.dashboard, 'dashboard.read'],
  [paths.usersList, 'users.read'],
  [paths.usersStats, 'leaderboards.read'],
  ['/users/detail', 'users.read'],
  [paths.gameList, 'games.read'],
  [paths.gameSettings, 'games.read'],
  [paths.tasksList, 'tasks.read'],
  [paths.tasksStatic, 'tasks.read'],
  ['/marketplace', 'marketplace.read'],
  ['/shop', 'shop.read'],
  [paths.shopLootBoxes, 'lootboxes.read'],
  [paths.withdrawals, 'withdrawals.read'],
  [paths.deposits, 'deposits.read'],
  [paths.inventory, 'inventory.read'],
  [paths.packages, 'deposits.read'],
  [paths.mailing, 'mailing.read'],
  [paths.tournaments, 'tournaments.read'],
  ['/giveaways', 'giveaways.read'],
  [paths.settings, 'settings.read'],
  [paths.security, null],
  [paths.audit, 'audit.read'],
  [paths.admins, 'admins.manage'],
];

const covers = (route: string, pathname: string) => pathname === route || pathname.startsWith(`${route}/`);

/**
 * The permission a pathname needs: the most specific route covering it; null for a path every
 * signed-in admin may open (their own security) or that no route covers (Page not found).
 */
export function permissionForPath(pathname: string): Permission | null {
  let best: (typeof ROUTE_PERMISSIONS)[number] | undefined;
  for (const entry of ROUTE_PERMISSIONS) {
    if (covers(entry[0], pathname) && (!best || entry[0].length > best[0].length)) best = entry;
  }
  return best?.[1] ?? null;
}
