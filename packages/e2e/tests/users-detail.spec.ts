import { test, expect, type Page } from '@playwright/test';
import { apiToken, apiUsers } from './support/users';

// A player deep in the list (old sign-up) that no other spec edits.
async function pickUser(request: Parameters<typeof apiToken>[0]) {
  const token = await apiToken(request);
  const users = (await apiUsers(request, token, 'page=77')).users;
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
});
