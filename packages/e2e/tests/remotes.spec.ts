import { test, expect } from './support/test';

test.describe('Shell: remotes', { tag: '@shell' }, () => {
  const PLACEHOLDERS = [
    { path: '/game/settings', heading: 'Game Settings' },
    { path: '/marketplace/settings', heading: 'Marketplace Settings' },
    { path: '/shop/settings', heading: 'Shop Settings' },
    { path: '/transactions/packages', heading: 'Packages' },
    { path: '/tasks/static', heading: 'Static Tasks' },
    { path: '/settings', heading: 'Settings' },
  ];

  test('one route of each remote renders inside the layout', async ({ page }) => {
    for (const { path, heading } of PLACEHOLDERS) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1, name: heading, exact: true })).toBeVisible();
      await expect(page.getByRole('button', { name: 'Logout' })).toBeVisible();
    }
  });

  test('the sidebar navigates between the shell and remotes without reloading', async ({ page }) => {
    await page.goto('/dashboard');
    const nav = page.getByRole('navigation');
    await nav.getByText('Game', { exact: true }).click();
    await nav.getByRole('menuitem', { name: 'List' }).filter({ hasText: 'List' }).first().click();
    await expect(page).toHaveURL(/\/game\/list$/);
    await nav.getByRole('menuitem', { name: 'Settings', exact: true }).click();
    await expect(page).toHaveURL(/\/settings$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Settings', exact: true })).toBeVisible();
  });

  test('at a phone width the menu is a slide-out drawer', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 740 });
    await page.goto('/dashboard');
    await page.getByRole('button', { name: /menu/i }).click();
    await page.getByRole('menuitem', { name: 'Settings', exact: true }).click();
    await expect(page).toHaveURL(/\/settings$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Settings', exact: true })).toBeVisible();
  });

  test("idle on the dashboard, the five remotes' code is fetched, and nothing of theirs is shown or asks for data", async ({
    page,
  }) => {
    const api: string[] = [];
    const routeChunks = new Set<string>();
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.pathname.startsWith('/manager/')) api.push(url.pathname);
      // A remote's pages are its `routes` chunk (@manager/vite-config, federation-chunks.ts), one per remote origin.
      if (/\/assets\/routes-[^/]+\.js$/.test(url.pathname)) routeChunks.add(url.origin);
    });
    await page.goto('/dashboard');
    await expect(page.getByText('Total Ton', { exact: true })).toBeVisible();
    // The idle prefetch (shell/src/remotes/prefetch.ts) reaches the five remotes one by one.
    await expect.poll(() => routeChunks.size, { timeout: 60_000 }).toBe(5);
    await page.waitForTimeout(500);
    expect(
      api.filter((path) => /^\/manager\/(users|marketplace|withdrawals|tasks|settings)$/.test(path)),
    ).toEqual([]);
    await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);

    // A visit then shows the page with its own data.
    await page.getByRole('navigation').getByRole('menuitem', { name: 'Settings', exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Settings', exact: true })).toBeVisible();
    await expect.poll(() => api).toContain('/manager/settings');
  });
});
