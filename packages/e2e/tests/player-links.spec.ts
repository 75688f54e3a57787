import type { Locator, Page } from '@playwright/test';
import { test, expect } from './support/test';
import { usersResponseSchema } from '@manager/contract';
import { adminApi } from './support/api';
import { report, scan, summary, type Violation } from './support/axe';
import { balanceFigures, putBalances } from './support/users';

test.describe('Users: player-links', { tag: '@users' }, () => {
  // Every list that names a player links the name to the player's page (docs/screens.md#player-links):
  // the link reads as the name it shows, is reached by the keyboard, and opens /users/detail/{id}.

  const PLAYER_LINK = 'a[href^="/users/detail/"]';

  /** Waits for `where` to show its first player link; checks its name; opens it with Enter. */
  async function followFirstPlayerLink(page: Page, where: Locator) {
    const link = where.locator(PLAYER_LINK).first();
    await expect(link).toBeVisible();
    const href = (await link.getAttribute('href')) ?? '';
    const id = /^\/users\/detail\/(\d+)$/.exec(href)?.[1];
    expect(id, `a player's page: ${href}`).toMatch(/^\d+$/);
    const shown = (await link.innerText()).trim();
    expect(shown).not.toBe('');
    await expect(link).toHaveAccessibleName(shown);
    await link.focus();
    await expect(link).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(new RegExp(`/users/detail/${id}$`));
    await expect(page.getByText(`ID: ${id}`, { exact: true }).first()).toBeVisible();
  }

  /** The lists, each where its rows show: a page and the part of it that holds the rows. */
  const LISTS: Array<{ name: string; path: string; rows: (page: Page) => Locator }> = [
    { name: 'deposits', path: '/transactions/deposits', rows: (page) => page.getByRole('main') },
    { name: 'inventory', path: '/transactions/inventory', rows: (page) => page.getByRole('main') },
    { name: 'marketplace items', path: '/marketplace/list', rows: (page) => page.getByRole('main') },
    { name: 'marketplace orders', path: '/marketplace/orders', rows: (page) => page.getByRole('main') },
    { name: 'shop orders', path: '/shop/orders', rows: (page) => page.getByRole('main') },
    { name: 'games', path: '/game/list', rows: (page) => page.getByRole('main') },
    { name: 'leaderboard', path: '/users/stats', rows: (page) => page.getByRole('main') },
    {
      name: 'dashboard: Last 10 Users',
      path: '/dashboard',
      rows: (page) => page.getByRole('region', { name: 'Last 10 Users' }),
    },
    {
      name: 'dashboard: Top 10 Task Completed',
      path: '/dashboard',
      rows: (page) => page.getByRole('region', { name: 'Top 10 Task Completed' }),
    },
    {
      name: 'dashboard: Top 10 Inviters',
      path: '/dashboard',
      rows: (page) => page.getByRole('region', { name: 'Top 10 Inviters' }),
    },
  ];

  for (const [width, viewport] of [
    ['desktop', { width: 1280, height: 800 }],
    ['phone', { width: 390, height: 844 }],
  ] as const) {
    test.describe(`player links at ${width} width`, () => {
      test.use({ viewport });
      // Ten lists, or seven axe scans, a test, on a shared 2-core machine.
      test.describe.configure({ timeout: 420_000 });

      test('each list links its players to their page', async ({ page }) => {
        for (const list of LISTS) {
          await test.step(list.name, async () => {
            await page.goto(list.path);
            await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
            await followFirstPlayerLink(page, list.rows(page));
          });
        }
      });

      test('the audit log links the player a change was about', async ({ page, request }) => {
        const api = await adminApi(request);
        const user = (await api.get('/manager/users?page=2', usersResponseSchema)).users[3]!;
        const seen = balanceFigures(user);
        // A change of this run's, undone after: the trail keeps both rows.
        await putBalances(api, user.telegramId, { ...seen, starsBalance: seen.starsBalance + 1 }, seen);
        await putBalances(api, user.telegramId, seen);
        await page.goto(`/audit?entity=user&entityId=${user.telegramId}`);
        await expect(page.getByRole('heading', { level: 1, name: 'Audit Log' })).toBeVisible();
        await expect(page.locator(PLAYER_LINK).first()).toBeVisible();
        const found = await scan(page, `/audit (${width})`);
        if (found.length) console.log(report(found));
        expect(summary(found)).toEqual([]);
        await followFirstPlayerLink(page, page.getByRole('main'));
      });

      // At desktop width the a11y walk (a11y.spec.ts) scans each of these routes already, in
      // both themes; at a phone's width it scans a few key pages, and this the lists.
      if (width === 'phone')
        test('the lists with player links are axe clean', async ({ page }) => {
          const found: Violation[] = [];
          for (const path of new Set(LISTS.map((l) => l.path))) {
            await page.goto(path);
            await expect(page.locator(PLAYER_LINK).first()).toBeVisible();
            await expect(page.locator('.ant-spin-spinning, .ant-skeleton, [aria-busy="true"]')).toHaveCount(
              0,
            );
            found.push(...(await scan(page, `${path} (${width})`)));
          }
          if (found.length) console.log(report(found));
          expect(summary(found)).toEqual([]);
        });
    });
  }
});
