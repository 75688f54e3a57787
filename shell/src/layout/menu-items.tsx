import { paths, permissionForPath, type Permission } from '@manager/contract';
import type { MenuProps } from '@manager/ui';
import type { ExtraArea } from '../remotes/extra-areas';

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
export function allowedMenuItems(
  can: (permission: Permission) => boolean,
  extras: readonly ExtraArea[] = [],
): Item[] {
  const allowed = (path: unknown) => {
    const needed = permissionForPath(String(path));
    return needed === null || can(needed);
  };
  // The areas from outside the console, each a group of its pages, before Settings.
  const outside = extras
    .filter(({ area }) => can(area.permission))
    .map(({ name, area }) =>
      group(
        extraGroupKey(name),
        area.label,
        area.pages.map((p) => leaf(p.title, p.path)),
      ),
    );
  const settingsAt = menuItems.findIndex((item) => item?.key === paths.settings);
  const all = [...menuItems.slice(0, settingsAt), ...outside, ...menuItems.slice(settingsAt)];
  return all.flatMap((item) => {
    if (outside.includes(item)) return [item];
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

/** The menu group of an area from outside the console. */
const extraGroupKey = (name: string) => `area:${name}`;

/** The group to open for a path: its first segment (/users/detail/1 opens Users). */
export function groupForPath(pathname: string, extras: readonly ExtraArea[] = []): string | undefined {
  const first = pathname.split('/')[1] ?? '';
  if (groupKeys.includes(first)) return first;
  const extra = extras.find(({ prefixes }) => prefixes.includes(`/${first}`));
  return extra && extraGroupKey(extra.name);
}

/** The menu item to highlight: a detail page highlights its list. */
export function selectedKeyForPath(pathname: string): string {
  if (pathname.startsWith('/users/detail/')) return paths.usersList;
  return pathname;
}
