import type { Request } from '@playwright/test';
import { test, expect } from './support/test';
import { adminApi } from './support/api';
import { scan, summary, type Violation } from './support/axe';
import { expectNoHorizontalScroll } from './support/page';
import { usersPage } from './support/users';

test.describe('Shell: palette-dark-mode', { tag: '@shell' }, () => {
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
    // The full ID was asked, with the palette's small page; a pause between two keys longer
    // than the debounce (a loaded machine) may settle a prefix first, but never every key.
    const asked = searches.map((r) => Object.fromEntries(new URL(r.url()).searchParams));
    expect(asked.at(-1)).toEqual({ page: '1', limit: '5', search: id });
    expect(asked.length).toBeLessThan(id.length);
    for (const { search } of asked)
      expect(id.startsWith(search!), `${search} is a prefix of ${id}`).toBe(true);
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
    expect(await page.evaluate(() => (window as unknown as { themeAtBody?: string }).themeAtBody)).toBe(
      'dark',
    );
    await expect(page.getByText(/^Showing 1 to/)).toBeVisible();
    await expect(page.getByRole('switch', { name: 'Dark mode' })).toBeChecked();
    await expect(header).toHaveCSS('background-color', 'rgb(20, 20, 20)');
    // antd's components in the dark theme from the build's one sheet: the table's cells too.
    await expect(page.locator('.ant-table').first()).toHaveCSS('background-color', /rgba?\(20, 20, 20/);
    // The stored choice wins over the system's preference, which no longer matters.
    await page.emulateMedia({ colorScheme: 'light' });
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  });

  /** The palette's code: a chunk of its own, loaded when the palette is first asked for. */
  const PALETTE_CHUNK = /\/command-palette[^/]*\.js$/;

  test('on a cold page, keys typed at once after Ctrl+K are kept while the palette loads, and an early Enter opens the player found', async ({
    page,
    request,
  }) => {
    const users = (await usersPage(await adminApi(request), 'page=1')).users;
    const id = String(users[9]!.telegramId);
    // The palette's code is slow to come: everything below is typed before it is there.
    const asked: string[] = [];
    await page.route(PALETTE_CHUNK, async (route) => {
      asked.push(route.request().url());
      await new Promise((r) => setTimeout(r, 1500));
      await route.continue();
    });
    await page.goto('/dashboard');
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
    // The first page does not load it (docs/decisions/0018-first-page-budget.md).
    expect(asked).toEqual([]);

    const searches: string[] = [];
    page.on('request', (r) => {
      const url = new URL(r.url());
      if (url.pathname.endsWith('/manager/users')) searches.push(url.searchParams.get('search') ?? '');
    });
    await page.keyboard.press('Control+k');
    await page.keyboard.type(id);
    await page.keyboard.press('Enter');
    expect(asked).toHaveLength(1);
    // Enter waited for the players (the ID matches no page), then opened the first.
    await expect(page).toHaveURL(new RegExp(`/users/detail/${id}$`));
    await expect(page.getByText(`ID: ${id}`).first()).toBeVisible();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    // Every key reached the palette: one search, for the whole ID.
    expect(searches).toEqual([id]);
  });

  test('the palette runs Dark mode, and offers the players opened lately, newest first', async ({
    page,
    request,
  }) => {
    await page.emulateMedia({ colorScheme: 'light' });
    const users = (await usersPage(await adminApi(request), 'page=1')).users;
    const [older, newer] = [users[3]!, users[4]!];
    for (const user of [older, newer]) {
      await page.goto(`/users/detail/${user.telegramId}`);
      await expect(page.getByText(`ID: ${user.telegramId}`).first()).toBeVisible();
    }
    await page.goto('/dashboard');
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
    await page.keyboard.press('Control+k');
    const options = page.getByRole('dialog').getByRole('option');
    await expect(options.nth(0)).toHaveAccessibleName(new RegExp(`${newer.telegramId}.*Recent player$`));
    await expect(options.nth(1)).toHaveAccessibleName(new RegExp(`${older.telegramId}.*Recent player$`));
    await expect(options.nth(2)).toHaveAccessibleName(/Action$/);

    await page.keyboard.type('dark');
    await expect(options).toHaveCount(1);
    await expect(options.first()).toHaveAccessibleName(/^Dark mode: turn on\s*Action$/);
    await page.keyboard.press('Enter');
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
    await expect(page.getByRole('switch', { name: 'Dark mode' })).toBeChecked();
    await expect(page.getByRole('banner')).toHaveCSS('background-color', 'rgb(20, 20, 20)');

    // A recent player opens from the palette.
    await page.keyboard.press('Control+k');
    await expect(options.first()).toHaveAccessibleName(new RegExp(`${newer.telegramId}.*Recent player$`));
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(new RegExp(`/users/detail/${older.telegramId}$`));
  });

  for (const phone of [false, true]) {
    test(`the open palette is axe-clean in light and dark at ${phone ? 'phone' : 'desktop'} width`, async ({
      page,
    }) => {
      // Two full axe scans of an open dialog: slow on a busy machine.
      test.setTimeout(180_000);
      if (phone) await page.setViewportSize({ width: 390, height: 844 });
      await page.emulateMedia({ colorScheme: 'light' });
      await page.goto('/dashboard');
      await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
      await page.getByRole('button', { name: 'Search' }).click();
      const input = page.getByRole('combobox', { name: 'Go to page or find a user' });
      await expect(input).toBeFocused();
      await input.fill('o');
      await expect(page.getByRole('dialog').getByRole('status')).not.toContainText('searching');
      const found: Violation[] = await scan(page, 'palette', '.ant-modal');
      await page.emulateMedia({ colorScheme: 'dark' });
      await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
      found.push(...(await scan(page, 'palette (dark)', '.ant-modal')));
      expect(summary(found)).toEqual([]);
    });
  }
});
