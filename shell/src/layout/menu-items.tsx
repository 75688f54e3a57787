import { paths, permissionForPath, type Permission } from '@manager/contract';
import type { MenuProps } from '@manager/ui';

type Item = Required<MenuProps>['items'][number];

const leaf = (label: string, key: string): Item => ({ key, label });
const group = (key: string, label: string, children: Item[]): Item => ({ key, label, children });

/** The sidebar, exactly as docs/screens.md lists it; item keys are the paths. */
export const menuItems: Item[] = [
  leaf('Home', paths.dashboard),
  group('users', 'Users', [leaf('User List', paths.usersList), leaf('Stats', paths.usersStats)]),
  group('tasks', 'Tasks', [leaf('Task List', paths.tasksList)]),
  group('marketplace', 'Marketplace', [
    leaf('List', paths.marketplaceList),
    leaf('Orders', paths.marketplaceOrders),
  ]),
  group('shop', 'Shop', [
    leaf('List', paths.shopList),
    leaf('Orders', paths.shopOrders),
    leaf('Loot Boxes', paths.shopLootBoxes),
  ]),
  group('game', 'Game', [leaf('List', paths.gameList)]),
  group('transactions', 'Transactions', [
    leaf('Deposits', paths.deposits),
    leaf('Withdrawals', paths.withdrawals),
    leaf('Inventory', paths.inventory),
  ]),
  leaf('Mailing', paths.mailing),
  leaf('Tournaments', paths.tournaments),
  group('giveaways', 'Giveaways', [leaf('Giveaway List', paths.giveawaysList)]),
  leaf('Settings', paths.settings),
  leaf('Administrators', paths.admins),
  leaf('Audit Log', paths.audit),
];

/**
 * The menu an admin sees: the pages whose route they may open (`permissionForPath`, the table the
 * route guard reads too), and a group only when one of its pages is left.
 */
export function allowedMenuItems(can: (permission: Permission) => boolean): Item[] {
  const allowed = (path: unknown) => {
    const needed = permissionForPath(String(path));
    return needed === null || can(needed);
  };
  return menuItems.flatMap((item) => {
    if (!item) return [];
    if ('children' in item && item.children) {
      const children = item.children.filter((child) => child && allowed(child.key));
      return children.length ? [{ ...item, children }] : [];
    }
    return allowed(item.key) ? [item] : [];
  });
}

/** Every page of the menu by its menu name, a group's pages under the group's: `Shop › Orders`. */
export function menuPages(items: Item[] = menuItems): { label: string; path: string }[] {
  return items.flatMap((item) => {
    if (!item || !('label' in item)) return [];
    if ('children' in item && item.children) {
      return item.children.flatMap((child) =>
        child && 'label' in child
          ? [{ label: `${String(item.label)} › ${String(child.label)}`, path: String(child.key) }]
          : [],
      );
    }
    return [{ label: String(item.label), path: String(item.key) }];
  });
}

const groupKeys = ['users', 'tasks', 'marketplace', 'shop', 'game', 'transactions', 'giveaways'];

/** The group to open for a path: its first segment (/users/detail/1 opens Users). */
export function groupForPath(pathname: string): string | undefined {
  const first = pathname.split('/')[1] ?? '';
  return groupKeys.includes(first) ? first : undefined;
}

/** The menu item to highlight: a detail page highlights its list. */
export function selectedKeyForPath(pathname: string): string {
  if (pathname.startsWith('/users/detail/')) return paths.usersList;
  return pathname;
}
