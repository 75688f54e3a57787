import { test, expect, type APIRequestContext, type Page } from '@playwright/test';
import { dashboardStatsResponseSchema, updateBalancesResponseSchema } from '@manager/contract';
import { adminApi } from './support/api';
import { usersPage } from './support/users';

// A player deep in the list (old sign-up) that no other spec edits.
async function pickUser(request: APIRequestContext) {
  const users = (await usersPage(await adminApi(request), 'page=77')).users;
  return users[13]!;
}

const balances = (page: Page) => page.getByRole('region', { name: 'Balances' });

test.describe('User detail', () => {
  test('shows the profile, sections and tabs', async ({ page, request }) => {
    const user = await pickUser(request);
    await page.goto(`/users/detail/${user.telegramId}`);
    for (const section of ['Basic Information', 'Balances', 'Activity']) {
      await expect(page.getByText(section, { exact: true }).first()).toBeVisible();
    }
    await expect(page.getByText(`ID: ${user.telegramId}`).first()).toBeVisible();
    for (const tab of ['Account Info', 'Withdrawals', 'Referred By', 'Games', 'Inventory']) {
      await page.getByRole('tab', { name: tab }).click();
      await expect(page.getByRole('tab', { name: tab })).toHaveAttribute('aria-selected', 'true');
    }
  });

  test('edit, save and reload keeps the new balances; cancel discards', async ({ page, request }) => {
    const user = await pickUser(request);
    // A fresh value each run, so the assertion fails if the save did not happen.
    const cents = 1000 + Math.floor(Math.random() * 8999);
    const ton = (cents / 100).toFixed(2);
    const stars = String(cents + 7);
    await page.goto(`/users/detail/${user.telegramId}`);
    await balances(page).getByRole('button', { name: 'Edit' }).click();
    await balances(page).getByLabel('TON Balance').fill(ton);
    await balances(page).getByLabel('Stars Balance').fill(stars);
    // A number input holds no text: what is not a number arrives empty and is saved as 0.
    await balances(page).getByLabel('Play Balance').fill('');
    await balances(page).getByRole('button', { name: 'Save' }).click();

    await expect(balances(page).getByRole('button', { name: 'Edit' })).toBeVisible();
    await expect(balances(page)).toContainText(`TON Balance${ton}`);
    await expect(balances(page)).toContainText(`Stars Balance${Number(stars).toLocaleString('en-US')}`);
    await expect(balances(page)).toContainText('Play Balance0');

    await page.reload();
    await expect(balances(page)).toContainText(`TON Balance${ton}`);
    await expect(balances(page)).toContainText(`Stars Balance${Number(stars).toLocaleString('en-US')}`);

    await balances(page).getByRole('button', { name: 'Edit' }).click();
    await balances(page).getByLabel('TON Balance').fill('999.99');
    await balances(page).getByRole('button', { name: 'Cancel' }).click();
    await expect(balances(page)).toContainText(`TON Balance${ton}`);
    await page.reload();
    await expect(balances(page)).toContainText(`TON Balance${ton}`);
  });

  test('a saved balance shows in the dashboard totals of the shell', async ({ page, request }) => {
    const api = await adminApi(request);
    const user = (await usersPage(api, 'page=78')).users[21]!;
    const before = await api.get('/manager/dashboard-stats', dashboardStatsResponseSchema);
    // A big step, so the abbreviated card (one decimal of k/m) must change.
    const raised = Math.round((user.tonBalance + 250_000) * 100) / 100;
    const expected = before.totalTon + (raised - user.tonBalance);
    const short = (n: number) => (n >= 1e6 ? `${(n / 1e6).toFixed(1)}m` : `${(n / 1e3).toFixed(1)}k`);

    await page.goto('/dashboard');
    await expect(page.getByRole('group', { name: 'Total Ton' })).toContainText(short(before.totalTon));
    await page.goto(`/users/detail/${user.telegramId}`);
    await balances(page).getByRole('button', { name: 'Edit' }).click();
    await balances(page).getByLabel('TON Balance').fill(raised.toFixed(2));
    await balances(page).getByRole('button', { name: 'Save' }).click();
    await expect(balances(page).getByRole('button', { name: 'Edit' })).toBeVisible();
    // Back to the dashboard inside the same page (no reload): the shell shows the new total.
    await page.getByRole('navigation').getByRole('menuitem', { name: 'Home' }).click();
    await expect(page.getByRole('group', { name: 'Total Ton' })).toContainText(short(expected));

    // Put the player's balance back so the seeded totals stay as they were.
    const balancesOf = ({ tonBalance, starsBalance, redChipBalance, playBalance, refNormal, refPremium }: typeof user) =>
      ({ tonBalance, starsBalance, redChipBalance, playBalance, refNormal, refPremium });
    const restored = await api.put(`/manager/users/${user.telegramId}/balances`, balancesOf(user), updateBalancesResponseSchema);
    expect(balancesOf(restored)).toEqual(balancesOf(user));
  });

  test('an unknown player shows User not found and Back to Users', async ({ page }) => {
    await page.goto('/users/detail/12345');
    await expect(page.getByText('User not found')).toBeVisible();
    await page.getByRole('button', { name: 'Back to Users' }).click();
    await expect(page).toHaveURL(/\/users\/list$/);
  });

  test('at a phone width the balances can be edited', async ({ page, request }) => {
    const user = await pickUser(request);
    await page.setViewportSize({ width: 375, height: 740 });
    await page.goto(`/users/detail/${user.telegramId}`);
    await balances(page).getByRole('button', { name: 'Edit' }).click();
    await expect(balances(page).getByLabel('TON Balance')).toBeVisible();
    await expect(balances(page).getByLabel('TON Balance')).toHaveAttribute('step', '0.01');
    await balances(page).getByRole('button', { name: 'Cancel' }).click();
    await expect(balances(page).getByRole('button', { name: 'Edit' })).toBeVisible();
  });

  test('at a phone width every tab is on screen and the tabs work by click and arrow keys', async ({ page, request }) => {
    const user = await pickUser(request);
    await page.setViewportSize({ width: 375, height: 740 });
    await page.goto(`/users/detail/${user.telegramId}`);
    const tablist = page.getByRole('tablist');
    // No overflow menu: the five tabs wrap, all visible.
    await expect(tablist.getByRole('tab')).toHaveCount(5);
    await tablist.scrollIntoViewIfNeeded();
    for (const tab of ['Account Info', 'Withdrawals', 'Referred By', 'Games', 'Inventory']) {
      await expect(tablist.getByRole('tab', { name: tab })).toBeInViewport();
    }
    await tablist.getByRole('tab', { name: 'Games' }).click();
    await expect(tablist.getByRole('tab', { name: 'Games' })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('tabpanel', { name: 'Games' })).toBeVisible();
    await page.keyboard.press('ArrowRight');
    await expect(tablist.getByRole('tab', { name: 'Inventory' })).toBeFocused();
    await expect(tablist.getByRole('tab', { name: 'Inventory' })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('tabpanel', { name: 'Inventory' })).toBeVisible();
    await page.keyboard.press('Home');
    await expect(tablist.getByRole('tab', { name: 'Account Info' })).toHaveAttribute('aria-selected', 'true');
  });
});
