import { test, expect, stackOnly } from './support/test';
import { CONTROL } from './support/env';

// A remote whose server is down (the stack's control port stops it) is an area that says so with
// Retry, while the shell and the other remotes work. Every open console loses that remote
// meanwhile, so it runs after every area, alone (@stack-wide).
test.describe(
  'Shell: a remote that is down',
  stackOnly("the stack's control port: it stops a remote's server", '@shell', '@stack-wide'),
  () => {
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
  },
);
