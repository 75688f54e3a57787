import { holds } from '@manager/platform';
import { BUILT_IN_ROLES, type BuiltInRole } from '@manager/contract';
import { describe, expect, it } from 'vitest';
import { allowedMenuItems, menuPages } from './menu-items';
import { paletteActions } from './palette-actions';

const pagesOf = (role: BuiltInRole) => {
  const held = new Set<string>(BUILT_IN_ROLES[role].permissions);
  return menuPages(allowedMenuItems((p) => holds(held, p))).map((p) => p.label);
};

describe('the menu a role sees', () => {
  it('Support: players, games, the leaderboard, withdrawals and deposits; no settings', () => {
    expect(pagesOf('support')).toEqual([
      'Home',
      'Users › User List',
      'Users › Stats',
      'Game › List',
      'Transactions › Deposits',
      'Transactions › Withdrawals',
    ]);
  });

  it('Content: no Users, no Transactions, no Audit Log', () => {
    expect(pagesOf('content')).toEqual([
      'Home',
      'Tasks › Task List',
      'Marketplace › List',
      'Marketplace › Orders',
      'Shop › List',
      'Shop › Orders',
      'Shop › Loot Boxes',
      'Mailing',
      'Tournaments',
      'Giveaways › Giveaway List',
      'Settings',
    ]);
  });

  it('Owner: every page', () => {
    expect(pagesOf('owner')).toEqual(menuPages().map((p) => p.label));
  });

  it('the palette offers a form only to an admin who may make what it makes', () => {
    const ids = (role: BuiltInRole) => {
      const held = new Set<string>(BUILT_IN_ROLES[role].permissions);
      return paletteActions((p) => holds(held, p)).map((a) => a.id);
    };
    expect(ids('content')).toEqual(['new-task', 'new-message', 'dark-mode']);
    expect(ids('finance')).toEqual(['dark-mode']);
  });
});
