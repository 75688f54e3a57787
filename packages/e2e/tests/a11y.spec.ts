import type { APIRequestContext, Page } from '@playwright/test';
import { test, expect } from './support/test';
import { paths } from '@manager/contract';
import { adminApi } from './support/api';
import { report, scan, summary, type Violation } from './support/axe';
import { usersPage } from './support/users';

test.describe('Shell: a11y', { tag: '@shell' }, () => {
  // axe-core finds no serious or critical violation on any of the 28 routes of the
  // route table (`paths` in @manager/contract: /login plus 27 pages of the console), at desktop
  // width, and on a few key pages at a phone's width, each in the light and the dark theme.
  // Every route is checked before the test fails, so one run lists everything to fix: rule id,
  // impact, the selectors of the nodes.

  /** Every route of the table; the detail route with a real player's id. */
  function allRoutes(telegramId: string | number): string[] {
    return Object.values(paths).map((p) => (typeof p === 'function' ? p(telegramId) : p));
  }

  /** What the dark theme can change: the contrast of text (and of links within it). */
  const DARK_RULES = ['color-contrast', 'link-in-text-block'];

  /** Waits until the page shows its content: its heading, and no spinner or skeleton left. */
  async function waitForContent(page: Page, route: string) {
    if (route === paths.login) {
      await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
    } else {
      await expect(page).toHaveURL(new RegExp(`${route.replace(/\//g, '\\/')}$`));
      await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
    }
    await expect(page.locator('.ant-spin-spinning, .ant-skeleton, [aria-busy="true"]')).toHaveCount(0);
  }

  /**
   * Each route loaded once and scanned in both themes: with no choice stored, the console follows
   * the system's `prefers-color-scheme` as it changes, so the dark scan costs no second load. The
   * themes differ only in colours, so the dark scan runs the colour rules alone.
   */
  async function scanRoutes(page: Page, routes: string[]) {
    const found: Violation[] = [];
    for (const route of routes) {
      await page.emulateMedia({ colorScheme: 'light' });
      await page.goto(route);
      await waitForContent(page, route);
      await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
      found.push(...(await scan(page, route)));
      await page.emulateMedia({ colorScheme: 'dark' });
      await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
      found.push(...(await scan(page, `${route} (dark)`, undefined, DARK_RULES)));
    }
    if (found.length) console.log(report(found));
    expect(summary(found)).toEqual([]);
  }

  async function detailId(request: APIRequestContext) {
    const users = (await usersPage(await adminApi(request), 'page=1')).users;
    return users[0]!.telegramId;
  }

  test.describe('accessibility (axe-core, serious and critical)', () => {
    // 27 routes, each scanned in both themes: 4.5 to 8.5 minutes on a busy 2-core machine.
    test.describe.configure({ timeout: 900_000 });

    test.describe('signed out', () => {
      test.use({ storageState: { cookies: [], origins: [] } });
      test('the login page', async ({ page }) => {
        await scanRoutes(page, [paths.login]);
      });
    });

    test('every route of the console at desktop width', async ({ page, request }) => {
      const routes = allRoutes(await detailId(request)).filter((r) => r !== paths.login);
      expect(routes).toHaveLength(27);
      await scanRoutes(page, routes);
    });

    test.describe('phone width', () => {
      test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
      test('key pages', async ({ page, request }) => {
        const id = await detailId(request);
        await scanRoutes(page, [
          paths.dashboard,
          paths.usersList,
          paths.userDetail(id),
          paths.withdrawals,
          paths.deposits,
          paths.settings,
          paths.audit,
        ]);
      });
    });

    test.describe('phone width, signed out', () => {
      test.use({
        viewport: { width: 390, height: 844 },
        isMobile: true,
        hasTouch: true,
        storageState: { cookies: [], origins: [] },
      });
      test('the login page', async ({ page }) => {
        await scanRoutes(page, [paths.login]);
      });
    });
  });
});
