import type { BrowserContext, Page } from '@playwright/test';
import { test, expect, stackOnly } from './support/test';
import { sessionsResponseSchema } from '@manager/contract';
import { apiAs, login } from './support/api';
import { report, scan, summary } from './support/axe';
import { ADMIN, fillLogin } from './support/env';
import { expectNoHorizontalScroll, toastWith } from './support/page';
import { usePrivateApi, useApi } from './support/private-api';

test.describe(
  'Settings: sessions',
  stackOnly("an API of its own: signing sessions out ends the admin's other ones", '@settings'),
  () => {
    // Signing sessions out of `admin` on the run's shared API could end the signed-in state every
    // other spec starts from: this spec runs against an API of its own (fresh database), with the
    // stack's console pointed at it.
    test.use({ storageState: { cookies: [], origins: [] }, viewport: { width: 375, height: 740 } });
    test.setTimeout(120_000);

    const IPHONE_SAFARI =
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';

    const api = usePrivateApi();

    const sessionsCard = (page: Page) => page.getByRole('region', { name: 'Sessions' });

    async function signIn(page: Page) {
      await page.goto('/login');
      await fillLogin(page, ADMIN.username, ADMIN.password);
      await expect(page).toHaveURL(/\/dashboard$/);
    }

    /** Another browser (a phone's user agent, a desktop window), signed in as the same admin. */
    async function secondBrowser(
      newContext: () => Promise<BrowserContext>,
    ): Promise<{ context: BrowserContext; page: Page }> {
      const context = await newContext();
      await useApi(context, api.url);
      const page = await context.newPage();
      await signIn(page);
      return { context, page };
    }

    test('two browsers show two sessions; signing the other out sends it to /login on its next action', async ({
      page,
      browser,
    }) => {
      await signIn(page);
      const other = await secondBrowser(() =>
        browser.newContext({
          storageState: { cookies: [], origins: [] },
          userAgent: IPHONE_SAFARI,
          viewport: { width: 1280, height: 800 },
        }),
      );

      await page.goto('/settings');
      const card = sessionsCard(page);
      const items = card.getByRole('listitem');
      // The spec's API is fresh and this is its first test: these two are the only sessions.
      await expect(items).toHaveCount(2);
      const mine = items.filter({ hasText: 'This device' });
      const theirs = items.filter({ hasNotText: 'This device' });
      await expect(mine).toHaveCount(1);
      await expect(mine).toContainText(/Chrome/);
      await expect(mine.getByRole('button', { name: 'Sign out', exact: true })).toHaveCount(0);
      await expect(theirs).toContainText('Mobile Safari 17 on iOS 17.4');
      await expect(theirs).toContainText('IP 127.0.0.1');
      await expect(theirs).toContainText('Signed in');
      await expect(theirs).toContainText('Last active just now');
      await expect(card.getByRole('button', { name: 'Sign out other sessions' })).toBeVisible();
      await expectNoHorizontalScroll(page);
      const violations = await scan(page, '/settings');
      expect(summary(violations), report(violations)).toEqual([]);

      // The other browser's next call after the sign-out is refused, and its refresh too: its
      // counters poll every 5 s, so that call may come before any click there.
      const refreshed = other.page.waitForResponse((r) => r.url().endsWith('/auth/refresh-token'));

      // From the keyboard: the other session's "Sign out".
      await theirs.getByRole('button', { name: 'Sign out', exact: true }).focus();
      await page.keyboard.press('Enter');
      await expect(toastWith(page, 'Session signed out')).toBeVisible();
      await expect(items).toHaveCount(1);
      await expect(card.getByRole('button', { name: 'Sign out other sessions' })).toHaveCount(0);

      // It lands on /login, without a reload.
      expect((await refreshed).status()).toBe(401);
      await expect(other.page).toHaveURL(/\/login$/);
      await expect(other.page.getByRole('button', { name: 'Sign in' })).toBeVisible();
      await other.context.close();

      // This browser is still signed in.
      await page.reload();
      await expect(sessionsCard(page).getByText('This device')).toBeVisible();
    });

    test('"Sign out other sessions" ends every other session; this one stays', async ({ page, request }) => {
      await signIn(page);
      const others = await Promise.all([login(request, ADMIN, api.url), login(request, ADMIN, api.url)]);
      const clients = others.map((o) => apiAs(request, o.tokens!.accessToken, api.url));
      const open = (await clients[0]!.get('/auth/sessions', sessionsResponseSchema)).sessions.length;
      expect(open, 'this browser, the two API sign-ins and any left open before').toBeGreaterThanOrEqual(3);

      await page.goto('/settings');
      const card = sessionsCard(page);
      await expect(card.getByRole('listitem')).toHaveCount(open);
      await card.getByRole('button', { name: 'Sign out other sessions' }).click();
      await expect(toastWith(page, `${open - 1} other sessions signed out`)).toBeVisible();
      await expect(card.getByRole('listitem')).toHaveCount(1);
      await expect(card.getByRole('listitem')).toContainText('This device');
      for (const client of clients) expect((await client.send('GET', '/auth/profile')).status()).toBe(401);
      await page.reload();
      await expect(page).toHaveURL(/\/settings$/);
      await expect(sessionsCard(page).getByText('This device')).toBeVisible();
    });
  },
);
