import { paths } from '@manager/contract';
import { ADMIN, CONSOLE_URL, fillLogin } from './support/env';
import {
  expectPageHeaders,
  servedRemoteOrigins,
  signedInRoutes,
  waitForContent,
} from './support/page-policy';
import { expect, test } from './support/test';

// The smoke subset (@smoke): it reads and never writes, so it may run against production
// (README, "Any environment"): an administrator signs in, every route of the route table opens
// to its content under the console page's policy with nothing refused, and every list shows its
// first page. singletons.spec.ts checks that the remotes and the shared libraries load once.

/** The routes whose page is a list: its first page shows rows or cards, or the list's empty state. */
const LISTS: string[] = [
  paths.gameList,
  paths.usersList,
  paths.tasksList,
  paths.marketplaceList,
  paths.marketplaceOrders,
  paths.shopList,
  paths.shopOrders,
  paths.shopLootBoxes,
  paths.withdrawals,
  paths.deposits,
  paths.inventory,
  paths.mailing,
  paths.tournaments,
  paths.giveawaysList,
  paths.audit,
  paths.admins,
];

test.describe('Shell: smoke', { tag: ['@shell', '@smoke'] }, () => {
  test.describe('signed out', () => {
    test.use({ storageState: { cookies: [], origins: [] } });

    test('an administrator signs in through the sign-in page and reaches the dashboard', async ({ page }) => {
      await page.goto(paths.login);
      await fillLogin(page, ADMIN.username, ADMIN.password);
      await expect(page).toHaveURL(/\/dashboard$/);
      await expect(page.getByRole('button', { name: 'Logout' })).toBeVisible();
    });
  });

  test('every route opens to its content under the page policy, nothing refused, and every list shows its first page', async ({
    page,
    request,
    csp,
  }) => {
    // 26 routes, each loaded to its content: about 5 minutes on a busy 2-core machine.
    test.setTimeout(600_000);
    const routes = await signedInRoutes(request);
    expect(routes).toHaveLength(26);
    expect(routes).toEqual(expect.arrayContaining(LISTS));
    const remotes = await servedRemoteOrigins(request);
    const config = (await (await request.get(`${CONSOLE_URL}/config.json`)).json()) as { apiBaseUrl: string };
    for (const route of routes) {
      const policy = expectPageHeaders(await page.goto(route), route);
      expect(policy.get('script-src'), route).toEqual(expect.arrayContaining(remotes));
      expect(policy.get('connect-src'), route).toEqual(
        expect.arrayContaining([new URL(config.apiBaseUrl).origin, ...remotes]),
      );
      await waitForContent(page, route);
      // Neither the "Access denied" page (its title: a row of the audit log may read "Access
      // denied", a refusal another test caused) nor a remote's error box.
      await expect(page, route).not.toHaveTitle(/^Access denied/);
      await expect(page.getByRole('alert').filter({ hasText: /is unavailable/ }), route).toHaveCount(0);
      if (LISTS.includes(route)) {
        // A table's first data row or a card (the marketplace); or the list's empty state.
        const main = page.getByRole('main');
        const first = main
          .getByRole('table')
          .first()
          .getByRole('row')
          .nth(1)
          .or(main.getByRole('article').first())
          .or(main.getByRole('heading', { name: /^No .* found/ }));
        await expect(first.first(), `${route}: a row or the empty state`).toBeVisible();
      }
      expect(csp.seen(), route).toEqual([]);
    }
  });
});
