import { test, expect, type APIRequestContext, type Page } from '@playwright/test';
import { paths } from '@manager/contract';
import { adminApi } from './support/api';
import { report, scan, summary, type Violation } from './support/axe';
import { usersPage } from './support/users';

// axe-core finds no serious or critical violation on any of the 25 routes of the
// route table (`paths` in @manager/contract: /login plus 24 pages of the console), at desktop
// width, and on a few key pages at a phone's width. Every route is checked before the test
// fails, so one run lists everything to fix: rule id, impact, the selectors of the nodes.

/** Every route of the table; the detail route with a real player's id. */
function allRoutes(telegramId: string | number): string[] {
  return Object.values(paths).map((p) => (typeof p === 'function' ? p(telegramId) : p));
}

/** Waits until the page shows its content: its heading, and no spinner or skeleton left. */
async function waitForContent(page: Page, route: string) {
  if (route === paths.login) {
    await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
  } else {
    await expect(page).toHaveURL(new RegExp(`${route.replace(/\//g, '\\/')}$`));
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  }
  await expect(page.locator('.ant-spin-spinning, .ant-skeleton, [aria-busy="true"]')).toHaveCount(0);
  // antd fades pages and popups in: let the animations end, or axe reads mid-fade colours.
  await page.evaluate(() => Promise.all(document.getAnimations().map((a) => a.finished.catch(() => undefined))));
}

async function scanRoutes(page: Page, routes: string[]) {
  const found: Violation[] = [];
  for (const route of routes) {
    await page.goto(route);
    await waitForContent(page, route);
    found.push(...(await scan(page, route)));
  }
  if (found.length) console.log(report(found));
  expect(summary(found)).toEqual([]);
}

async function detailId(request: APIRequestContext) {
  const users = (await usersPage(await adminApi(request), 'page=1')).users;
  return users[0]!.telegramId;
}

test.describe('accessibility (axe-core, serious and critical)', () => {
  test.describe.configure({ timeout: 300_000 });

  test.describe('signed out', () => {
    test.use({ storageState: { cookies: [], origins: [] } });
    test('the login page', async ({ page }) => {
      await scanRoutes(page, [paths.login]);
    });
  });

  test('every route of the console at desktop width', async ({ page, request }) => {
    const routes = allRoutes(await detailId(request)).filter((r) => r !== paths.login);
    expect(routes).toHaveLength(24);
    await scanRoutes(page, routes);
  });

  test.describe('phone width', () => {
    test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    test('key pages', async ({ page, request }) => {
      const id = await detailId(request);
      await scanRoutes(page, [paths.dashboard, paths.usersList, paths.userDetail(id), paths.withdrawals, paths.deposits, paths.settings, paths.audit]);
    });
  });

  test.describe('phone width, signed out', () => {
    test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, storageState: { cookies: [], origins: [] } });
    test('the login page', async ({ page }) => {
      await scanRoutes(page, [paths.login]);
    });
  });
});
