import type { Page } from '@playwright/test';
import { paths } from '@manager/contract';
import { searchOption } from './support/antd';
import { ADMIN, fillLogin } from './support/env';
import { toastWith } from './support/page';
import { confirmItsYou } from './support/step-up';
import { expect, test } from './support/test';
import { listWithdrawals, pendingTon } from './support/transactions';
import { balanceFigures, restoreBalances, userRows, usersPage } from './support/users';

// Journeys (@journey): what an administrator does across remotes in one sitting, run by every
// team with its own specs (`pnpm e2e <area>`) and by the release gate (`pnpm verify`). Each
// makes its change on a row no other spec uses and puts shared figures back.

const nav = (page: Page) => page.getByRole('navigation');

test.describe('Users: journeys', { tag: ['@users', '@journey'] }, () => {
  // A new sign-in (no step-up yet), so the money save asks "Confirm it's you".
  test.use({ storageState: { cookies: [], origins: [] } });

  test('sign in, find a player, change a balance, and read the change in the audit log', async ({
    page,
    api,
  }) => {
    test.setTimeout(180_000);
    // Deep in the list: a player no other spec edits.
    const player = (await usersPage(api, 'page=86')).users[0];
    expect(player, 'seeded players on page 86').toBeDefined();
    const before = balanceFigures(player!);
    const raised = before.starsBalance + 100;
    const stars = (n: number) => `${n.toLocaleString('en-US')} Stars`;
    try {
      await page.goto(paths.login);
      await fillLogin(page, ADMIN.username, ADMIN.password);
      await expect(page).toHaveURL(/\/dashboard$/);

      await nav(page).getByRole('menuitem', { name: 'Users', exact: true }).click();
      await nav(page).getByRole('menuitem', { name: 'User List' }).click();
      await expect(page).toHaveURL(/\/users\/list/);
      await page.getByRole('searchbox', { name: 'Search users' }).fill(String(player!.telegramId));
      await expect(userRows(page)).toHaveCount(1);
      await userRows(page).first().click();
      await expect(page).toHaveURL(new RegExp(`/users/detail/${player!.telegramId}$`));

      const balances = page.getByRole('region', { name: 'Balances' });
      await balances.getByRole('button', { name: 'Edit' }).click();
      await balances.getByLabel('Stars Balance').fill('+100');
      await balances.getByLabel('Reason').fill('Journey: goodwill credit');
      await balances.getByRole('button', { name: 'Save' }).click();
      await confirmItsYou(page, { password: ADMIN.password });
      await expect(toastWith(page, 'Balances updated successfully')).toBeVisible();

      await nav(page).getByRole('menuitem', { name: 'Audit Log' }).click();
      await expect(page).toHaveURL(/\/audit$/);
      const filters = page.getByRole('region', { name: 'Filters' });
      await searchOption(filters.getByLabel('Entity', { exact: true }), 'User');
      await filters.getByLabel('Entity ID').fill(String(player!.telegramId));
      await filters.getByLabel('Entity ID').press('Enter');
      const row = page
        .getByRole('row')
        .filter({ hasText: `Stars balance: ${stars(before.starsBalance)} -> ${stars(raised)}` });
      await expect(row).toHaveCount(1);
      await expect(row).toContainText('Balances changed');
      await expect(row).toContainText(ADMIN.username);
    } finally {
      await restoreBalances(api, player!.telegramId, before);
    }
  });
});

test.describe('Transactions: journeys', { tag: ['@transactions', '@journey'] }, () => {
  test('a withdrawal from the pending queue to its decision, seen on its player and in the audit log', async ({
    page,
    steppedUpApi,
  }) => {
    test.setTimeout(180_000);
    // The newest pending small TON withdrawal: nothing else decides it while this area runs.
    const w = await pendingTon(steppedUpApi, 0);
    const username = w.user!.username!;

    await page.goto(paths.dashboard);
    await page.getByRole('link', { name: /Total Pending Withdrawals/ }).click();
    await expect(page).toHaveURL(/\/transactions\/withdrawals\?status=pending$/);
    await page.getByLabel('Search by username').fill(username);
    const row = page
      .getByRole('row')
      .filter({ has: page.getByRole('button', { name: `Reject withdrawal ${w.id}` }) });
    const playerPage = await row.getByRole('link', { name: username }).getAttribute('href');
    expect(playerPage).toMatch(/^\/users\/detail\/\d+$/);
    await row.getByRole('button', { name: `Approve without transfer withdrawal ${w.id}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Approve without transfer' });
    await dialog.getByRole('button', { name: 'Approve without transfer' }).click();
    // The page's own session has no step-up yet.
    await confirmItsYou(page, { password: ADMIN.password });
    await expect(toastWith(page, 'Withdrawal without transfer processed successfully')).toBeVisible();
    expect((await listWithdrawals(steppedUpApi)).find((x) => x.id === w.id)?.status).toBe(true);

    await page.goto(playerPage!);
    await page.getByRole('tab', { name: 'Withdrawals' }).click();
    const theirs = page.getByRole('tabpanel', { name: 'Withdrawals' });
    // The player's tab says how the withdrawal ended.
    await expect(
      theirs
        .getByRole('row')
        .filter({ hasText: `${w.price.toFixed(2)} TON` })
        .first(),
    ).toContainText('Completed');

    await page.goto(`${paths.audit}?entity=withdrawal&entityId=${w.id}`);
    await expect(page.getByRole('row').filter({ hasText: ADMIN.username }).first()).toBeVisible();
  });
});
