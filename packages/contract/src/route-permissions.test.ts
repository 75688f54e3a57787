import { describe, expect, it } from 'vitest';
import { paths } from './routes.ts';
import { permissionForPath } from './route-permissions.ts';

describe('permissionForPath', () => {
  it.each([
    [paths.dashboard, 'dashboard.read'],
    [paths.usersList, 'users.read'],
    [paths.userDetail(123456789), 'users.read'],
    [paths.usersStats, 'leaderboards.read'],
    [paths.shopList, 'shop.read'],
    [paths.shopLootBoxes, 'lootboxes.read'],
    [paths.marketplaceOrders, 'marketplace.read'],
    [paths.withdrawals, 'withdrawals.read'],
    [paths.giveawaysList, 'giveaways.read'],
    [paths.settings, 'settings.read'],
    [paths.audit, 'audit.read'],
    [paths.admins, 'admins.manage'],
  ])('%s needs %s', (path, permission) => {
    expect(permissionForPath(path)).toBe(permission);
  });

  it("every route names what it needs, but sign-in and the admin's own security", () => {
    const open: string[] = [paths.login, paths.security];
    const routes = Object.values(paths).flatMap((p) =>
      typeof p === 'string' && !open.includes(p) ? [p] : [],
    );
    expect(routes.filter((route) => permissionForPath(route) === null)).toEqual([]);
  });

  it("the admin's own security, below Settings, needs nothing but a session", () => {
    expect(permissionForPath(paths.security)).toBeNull();
  });

  it('a path nobody routes needs nothing (it is Page not found), and a look-alike prefix is not covered', () => {
    expect(permissionForPath('/nowhere')).toBeNull();
    expect(permissionForPath('/settingsx')).toBeNull();
  });
});
