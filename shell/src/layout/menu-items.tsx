import { paths } from '@manager/contract';
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
  leaf('Audit Log', paths.audit),
];

/** Every page of the menu by its menu name, a group's pages under the group's: `Shop › Orders`. */
export function menuPages(): { label: string; path: string }[] {
  return menuItems.flatMap((item) => {
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
