import { test, expect } from './support/test';
import { ADMIN, ADMIN_2FA, fillLogin } from './support/env';
import { admin2faCodes } from './support/settings';

test.describe('Shell: login', { tag: '@shell' }, () => {
  test.use({ storageState: { cookies: [], origins: [] } });

  test('guards every console route and sends / to the dashboard after sign-in', async ({ page }) => {
    for (const path of ['/dashboard', '/users/list', '/settings', '/transactions/withdrawals']) {
      await page.goto(path);
      await expect(page).toHaveURL(/\/login$/);
    }
    await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
    await fillLogin(page, ADMIN.username, ADMIN.password);
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.goto('/');
    await expect(page).toHaveURL(/\/dashboard$/);
    // An authenticated admin on /login goes to the dashboard.
    await page.goto('/login');
    await expect(page).toHaveURL(/\/dashboard$/);
  });

  test('both login fields are required and a wrong password is refused', async ({ page }) => {
    await page.goto('/login');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await fillLogin(page, ADMIN.username, 'wrong-password');
    await expect(page.getByRole('alert')).toContainText(/invalid|failed/i);
    await expect(page).toHaveURL(/\/login$/);
    expect(await page.evaluate(() => localStorage.getItem('accessToken'))).toBeNull();
  });

  test('two-factor sign-in with an authenticator code; Cancel returns to the form', async ({ page }) => {
    await page.goto('/login');
    await fillLogin(page, ADMIN_2FA.username, ADMIN_2FA.password);
    await expect(page.getByRole('button', { name: 'Verify' })).toBeVisible();
    await page.getByRole('button', { name: 'Cancel' }).click();
    await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();

    await fillLogin(page, ADMIN_2FA.username, ADMIN_2FA.password);
    const code = page.getByLabel(/code/i).first();
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(page.getByText('Please enter a code')).toBeVisible();
    await code.fill('123');
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(page.getByText('Please enter a 6-digit code')).toBeVisible();
    await code.fill(await admin2faCodes().next());
    await code.press('Enter');
    await expect(page.getByText('2FA verification successful!')).toBeVisible();
    await expect(page).toHaveURL(/\/dashboard$/);
  });

  test('a backup code signs in once and is refused the second time', async ({ page }, info) => {
    const backup = ADMIN_2FA.backupCodes[1 + info.retry]!;
    for (const attempt of ['first', 'second'] as const) {
      await page.goto('/login');
      await fillLogin(page, ADMIN_2FA.username, ADMIN_2FA.password);
      await page.getByRole('button', { name: /backup code/i }).click();
      const input = page.getByLabel(/backup code/i).first();
      await expect(input).toHaveAttribute('maxlength', '9');
      await input.fill(backup);
      await page.getByRole('button', { name: 'Verify' }).click();
      if (attempt === 'first') {
        await expect(page).toHaveURL(/\/dashboard$/);
        await page.getByRole('button', { name: 'Logout' }).click();
        await expect(page).toHaveURL(/\/login$/);
      } else {
        await expect(page.getByRole('alert')).toContainText(/invalid/i);
        await expect(page).toHaveURL(/\/login$/);
      }
    }
  });

  test('logout clears the stored session, including the legacy token key', async ({ page }) => {
    await page.goto('/login');
    await fillLogin(page, ADMIN.username, ADMIN.password);
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.evaluate(() => localStorage.setItem('token', 'legacy'));
    await page.getByRole('button', { name: 'Logout' }).click();
    await expect(page).toHaveURL(/\/login$/);
    const keys = await page.evaluate(() =>
      ['adminData', 'accessToken', 'refreshToken', 'token'].map((k) => localStorage.getItem(k)),
    );
    expect(keys).toEqual([null, null, null, null]);
    await page.goto('/dashboard');
    await expect(page).toHaveURL(/\/login$/);
  });
});
