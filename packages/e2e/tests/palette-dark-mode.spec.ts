import type { Request } from '@playwright/test';
import { test, expect } from './support/test';
import { adminApi } from './support/api';
import { scan, summary } from './support/axe';
import { expectNoHorizontalScroll } from './support/page';
import { usersPage } from './support/users';

// The top bar's command palette (Ctrl+K / Cmd+K, or Search) and Dark mode (docs/screens.md#layout).

test('Ctrl+K finds a player by Telegram ID and opens their page; Esc closes and gives the focus back', async ({
  page,
  request,
}) => {
  // A player from the middle of the first page, so the newest player is not found by accident.
  const users = (await usersPage(await adminApi(request), 'page=1')).users;
  const player = users[7];
  expect(player, 'seeded players').toBeTruthy();
  const id = String(player!.telegramId);

  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  const search = page.getByRole('button', { name: 'Search' });
  await search.focus();
  await page.keyboard.press('Control+k');
  const input = page.getByRole('combobox', { name: 'Go to page or find a user' });
  await expect(input).toBeFocused();
  await expect(input).toHaveAttribute('placeholder', 'Go to page or find a user...');
  await page.keyboard.press('Escape');
  await expect(input).toBeHidden();
  await expect(search).toBeFocused();

  // Typing settles before the server is asked: one small search, not one per key.
  const searches: Request[] = [];
  page.on('request', (r) => {
    if (new URL(r.url()).pathname.endsWith('/manager/users')) searches.push(r);
  });
  await page.keyboard.press('Control+k');
  await input.pressSequentially(id);
  const option = page.getByRole('option', { name: new RegExp(`${id}.*Player$`) });
  await expect(option).toBeVisible();
  await expect(page.getByRole('dialog').getByRole('status')).toHaveText('0 pages, 1 player');
  expect(searches.map((r) => Object.fromEntries(new URL(r.url()).searchParams))).toEqual([
    { page: '1', limit: '5', search: id },
  ]);
  await expect(option).toHaveAttribute('aria-selected', 'true');
  await expect(input).toHaveAttribute('aria-activedescendant', (await option.getAttribute('id'))!);
  expect(summary(await scan(page, 'command palette', '.ant-modal'))).toEqual([]);
  await page.keyboard.press('Enter');

  await expect(page).toHaveURL(new RegExp(`/users/detail/${id}$`));
  await expect(page.getByText(`ID: ${id}`).first()).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);
});

test('the palette opens pages by their menu names, from the Search button on a phone', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 740 });
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  await expectNoHorizontalScroll(page);
  await page.getByRole('button', { name: 'Search' }).click();
  await page.getByRole('combobox', { name: 'Go to page or find a user' }).fill('withdr');
  await page.getByRole('option', { name: /Transactions › Withdrawals/ }).click();
  await expect(page).toHaveURL(/\/transactions\/withdrawals$/);
});

test('Dark mode persists after a reload, drawn dark from the first paint', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'light' });
  // The theme `<html>` has when the body starts: set by then, nothing is drawn in the other one.
  await page.addInitScript(() => {
    new MutationObserver((_, observer) => {
      if (!document.body) return;
      (window as unknown as { themeAtBody?: string }).themeAtBody = document.documentElement.dataset.theme;
      observer.disconnect();
    }).observe(document, { childList: true, subtree: true });
  });
  await page.goto('/users/list');
  await expect(page.getByText(/^Showing 1 to/)).toBeVisible();
  const dark = page.getByRole('switch', { name: 'Dark mode' });
  await expect(dark).not.toBeChecked();
  const header = page.getByRole('banner');
  await expect(header).toHaveCSS('background-color', 'rgb(255, 255, 255)');

  await dark.click();
  await expect(dark).toBeChecked();
  await expect(header).toHaveCSS('background-color', 'rgb(20, 20, 20)');

  await page.reload();
  expect(await page.evaluate(() => (window as unknown as { themeAtBody?: string }).themeAtBody)).toBe('dark');
  await expect(page.getByText(/^Showing 1 to/)).toBeVisible();
  await expect(page.getByRole('switch', { name: 'Dark mode' })).toBeChecked();
  await expect(header).toHaveCSS('background-color', 'rgb(20, 20, 20)');
  // antd's components in the dark theme from the build's one sheet: the table's cells too.
  await expect(page.locator('.ant-table').first()).toHaveCSS('background-color', /rgba?\(20, 20, 20/);
  // The stored choice wins over the system's preference, which no longer matters.
  await page.emulateMedia({ colorScheme: 'light' });
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
});
