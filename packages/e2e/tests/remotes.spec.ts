import { test, expect } from '@playwright/test';
import { CONTROL } from './support/env';

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

test.describe('a remote that is down', () => {
  test.afterEach(async ({ request }) => {
    await request.post(`${CONTROL}/remotes/users/start`);
  });

  test('leaves the shell and other remotes working, and Retry recovers it', async ({ page, request }) => {
    expect((await request.post(`${CONTROL}/remotes/users/stop`)).ok()).toBe(true);
    await page.goto('/users/list');
    await expect(page.getByText('Users and games is unavailable')).toBeVisible();
    const retry = page.getByRole('button', { name: 'Retry' });
    await expect(retry).toBeVisible();

    // The rest of the console still works.
    await page.getByRole('navigation').getByRole('menuitem', { name: 'Settings', exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Settings', exact: true })).toBeVisible();
    await page.getByRole('navigation').getByRole('menuitem', { name: 'Home' }).click();
    await expect(page.getByText('Total Ton', { exact: true })).toBeVisible();

    await page.goto('/game/settings');
    await expect(page.getByText('Users and games is unavailable')).toBeVisible();
    await request.post(`${CONTROL}/remotes/users/start`);
    await page.getByRole('button', { name: 'Retry' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Game Settings' })).toBeVisible();
  });
});

test('idle on the dashboard, each remote fetches its first page data for a hidden render that loads no image and shows nothing', async ({ page }) => {
  // The seeded users have no avatar: give each row of the list one, on a host of the test's.
  await page.route('**/manager/users?*', async (route) => {
    const response = await route.fetch();
    const body = await response.json();
    for (const user of body.data.users) user.avatar = `https://avatars.test/${user.telegramId}.png`;
    await route.fulfill({ response, json: body });
  });
  await page.route('https://avatars.test/**', (route) => route.fulfill({ status: 404 }));
  const api: string[] = [];
  const avatars: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith('/manager/')) api.push(url.pathname + url.search);
    if (url.hostname === 'avatars.test') avatars.push(request.url());
  });
  await page.goto('/dashboard');
  await expect(page.getByText('Total Ton', { exact: true })).toBeVisible();
  const firstPages = ['/manager/users?page=1', '/manager/marketplace?page=1', '/manager/withdrawals', '/manager/tasks', '/manager/settings'];
  // The idle prefetch (shell/src/remotes/prefetch.ts) reaches the five remotes one by one.
  await expect
    .poll(() => firstPages.filter((call) => !api.some((seen) => seen.startsWith(call))), { timeout: 60_000 })
    .toEqual([]);
  // The hidden users list draws 50 rows with avatars from that data: in a document of its
  // own, no picture is requested (in a detached element of the page's, all 50 would be).
  // Then a copy of each page is laid out in the console's document, slice by slice
  // (shell/src/remotes/warm-layout.ts): with its images' sources dropped, still none.
  await expect
    .poll(() => page.evaluate(() => performance.getEntriesByType('mark').filter((m) => m.name.startsWith('warm-layout ')).map((m) => m.name).sort()), { timeout: 60_000 })
    .toEqual(['/marketplace/list', '/settings', '/tasks/list', '/transactions/withdrawals', '/users/list'].map((path) => `warm-layout ${path}`));
  await page.waitForTimeout(500);
  expect(avatars).toEqual([]);
  await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
  await expect(page.getByText(/^ID: \d+$/)).toHaveCount(0);

  // A visit fetches and shows its own data, and the page asks for the pictures (so the
  // listener above would have seen them).
  await page.goto('/users/list');
  await expect(page.getByRole('main').getByRole('row')).toHaveCount(51);
  await expect.poll(() => avatars.length).toBeGreaterThan(0);
});
