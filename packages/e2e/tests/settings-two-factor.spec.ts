import type { Page } from '@playwright/test';
import { test, expect, stackOnly } from './support/test';
import { apiAs, login } from './support/api';
import { ADMIN, fillLogin } from './support/env';
import { usePrivateApi } from './support/private-api';
import { logout, totpSequence } from './support/settings';

test.describe(
  'Settings: settings-two-factor',
  stackOnly("an API of its own: a two-factor change ends the admin's other sessions", '@settings'),
  () => {
    // The full cycle on `admin`, against an API of this spec's own (fresh database): every
    // two-factor change signs out the admin's other sessions, and on the run's shared API that
    // would end the signed-in state every other spec starts from. The console is the stack's.
    test.use({
      storageState: { cookies: [], origins: [] },
      viewport: { width: 375, height: 740 },
      permissions: ['clipboard-read', 'clipboard-write'],
    });
    test.setTimeout(180_000);

    const api = usePrivateApi();

    const card = (page: Page) => page.getByRole('region', { name: 'Two-Factor Authentication' });
    const dialog = (page: Page) => page.getByRole('dialog');

    /** The page's one platform copy (the shell's): its auth store is the one the top bar reads. */
    const storeSeenByShell = (page: Page) =>
      page.evaluate(() => {
        const probe = window.__MANAGER_PLATFORM__ as unknown as {
          instances: string[];
          authStore: { getState(): { admin: { twoFactorEnabled: boolean } | null } };
        };
        return {
          copies: probe.instances.length,
          enabled: probe.authStore.getState().admin?.twoFactorEnabled,
        };
      });

    async function signInWithSecondFactor(page: Page, code: string, mode: 'totp' | 'backup' = 'totp') {
      await page.goto('/login');
      await fillLogin(page, ADMIN.username, ADMIN.password);
      await expect(page.getByRole('button', { name: 'Verify' })).toBeVisible();
      if (mode === 'backup') await page.getByRole('button', { name: /backup code/i }).click();
      await page
        .getByLabel(mode === 'backup' ? /backup code/i : /code/i)
        .first()
        .fill(code);
      await page.getByRole('button', { name: 'Verify' }).click();
    }

    test('enable 2FA from the QR secret, sign in with TOTP, regenerate codes, disable', async ({
      page,
      request,
    }) => {
      await page.goto('/login');
      await fillLogin(page, ADMIN.username, ADMIN.password);
      await expect(page).toHaveURL(/\/dashboard$/);
      // Another session of the same admin (another browser, or a stolen token).
      const other = await login(request, ADMIN, api.url);
      const otherApi = apiAs(request, other.tokens!.accessToken, api.url);
      expect((await otherApi.send('GET', '/auth/profile')).status()).toBe(200);
      await page.goto('/settings');
      await expect(card(page).getByText('Disabled', { exact: true })).toBeVisible();

      // Step 1: QR code, secret, backup codes, verification code.
      await card(page).getByRole('button', { name: 'Enable 2FA' }).click();
      await expect(
        dialog(page).getByRole('img', { name: 'QR code for your authenticator app' }),
      ).toBeVisible();
      const secretInput = dialog(page).getByRole('textbox', { name: 'Secret key' });
      await expect(secretInput).toHaveAttribute('readonly', '');
      const secret = await secretInput.inputValue();
      expect(secret).toMatch(/^[A-Z2-7]{32}$/);
      const codes = totpSequence(secret);
      await dialog(page).getByRole('button', { name: 'Copy secret key' }).click();
      await expect(page.getByText('Copied to clipboard!')).toBeVisible();
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret);

      await dialog(page).getByRole('button', { name: 'Show Backup Codes' }).click();
      const setupCodes = await dialog(page)
        .getByRole('list', { name: 'Backup codes' })
        .getByRole('listitem')
        .allInnerTexts();
      expect(setupCodes).toHaveLength(10);
      await expect(dialog(page).getByText('Store these backup codes in a safe place.')).toBeVisible();
      await dialog(page).getByRole('button', { name: 'Copy All Codes' }).click();
      await expect(page.getByText('Backup codes copied to clipboard')).toBeVisible();

      const code = dialog(page).getByLabel('Verification Code');
      await expect(code).toHaveAttribute('placeholder', '000000');
      await dialog(page).getByRole('button', { name: 'Enable 2FA' }).click();
      await expect(dialog(page).getByText('Please enter a 6-digit code')).toBeVisible();
      await expect(dialog(page).getByText('Please enter your password')).toBeVisible();
      await code.fill('12ab34567');
      await expect(code).toHaveValue('123456');
      // A wrong password changes nothing: the API's message is shown, the modal stays.
      await code.fill(await codes.next());
      await dialog(page).getByLabel('Password').fill('not-the-password');
      await dialog(page).getByRole('button', { name: 'Enable 2FA' }).click();
      await expect(page.getByText('Invalid password')).toBeVisible();
      await expect(card(page).getByText('Disabled', { exact: true })).toBeVisible();
      await code.fill(await codes.next());
      await dialog(page).getByLabel('Password').fill(ADMIN.password);
      await dialog(page).getByLabel('Password').press('Enter');
      await expect(page.getByText('2FA enabled successfully!')).toBeVisible();
      await expect(dialog(page).getByText('2FA Enabled Successfully')).toBeVisible();
      await expect(dialog(page).getByText('Enhanced Security Active')).toBeVisible();
      await dialog(page).getByRole('button', { name: 'Done' }).click();
      // The shared auth store follows at once, and this session's tokens survive the change.
      await expect(card(page).getByText('Enabled', { exact: true })).toBeVisible();
      expect(
        await page.evaluate(() => JSON.parse(localStorage.getItem('adminData') ?? '{}').twoFactorEnabled),
      ).toBe(true);
      expect(await storeSeenByShell(page)).toEqual({ copies: 1, enabled: true });
      // The other session ended (its access and refresh tokens are refused); this one goes on.
      expect((await otherApi.send('GET', '/auth/profile')).status()).toBe(401);
      expect(
        (
          await apiAs(request, null, api.url).send('POST', '/auth/refresh-token', {
            refreshToken: other.tokens!.refreshToken,
          })
        ).status(),
      ).toBe(401);
      await page.goto('/settings');
      await expect(card(page).getByText('Enabled', { exact: true })).toBeVisible();

      // Sign out and back in with a code computed from the secret read on the page.
      await logout(page);
      await signInWithSecondFactor(page, await codes.next());
      await expect(page).toHaveURL(/\/dashboard$/);

      // Regenerate: password and a current code required, new codes shown, the old ones stop working.
      await page.goto('/settings');
      await card(page).getByRole('button', { name: 'Regenerate Backup Codes' }).click();
      // Regenerate is a footer button that submits the body's form by id: the form must be drawn
      // (its password field shown) before the click can submit it.
      await expect(dialog(page).getByLabel('Password')).toBeVisible();
      await dialog(page).getByRole('button', { name: 'Regenerate' }).click();
      await expect(dialog(page).getByText('Please enter your password')).toBeVisible();
      await expect(dialog(page).getByText('Please enter your 2FA code')).toBeVisible();
      await dialog(page).getByLabel('Password').fill(ADMIN.password);
      await dialog(page).getByLabel('2FA Code').fill('123');
      await dialog(page).getByRole('button', { name: 'Regenerate' }).click();
      await expect(dialog(page).getByText('2FA code must be 6 digits')).toBeVisible();
      await dialog(page)
        .getByLabel('2FA Code')
        .fill(await codes.next());
      await dialog(page).getByRole('button', { name: 'Regenerate' }).click();
      await expect(page.getByText('Backup codes regenerated successfully')).toBeVisible();
      const fresh = await dialog(page)
        .getByRole('list', { name: 'Backup codes' })
        .getByRole('listitem')
        .allInnerTexts();
      expect(fresh).toHaveLength(10);
      expect(fresh).not.toContain(setupCodes[0]);
      await dialog(page).getByRole('button', { name: 'Copy All Codes' }).click();
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(fresh.join('\n'));
      await dialog(page).getByRole('button', { name: 'Close' }).click();

      await logout(page);
      await signInWithSecondFactor(page, setupCodes[0]!, 'backup');
      await expect(page.getByRole('alert')).toContainText(/invalid/i);
      await expect(page).toHaveURL(/\/login$/);
      await signInWithSecondFactor(page, fresh[0]!, 'backup');
      await expect(page).toHaveURL(/\/dashboard$/);

      // Disable: both fields required, the code is 6 digits, a wrong password changes nothing.
      await page.goto('/settings');
      await card(page).getByRole('button', { name: 'Disable 2FA' }).click();
      await dialog(page).getByRole('button', { name: 'Disable 2FA' }).click();
      await expect(dialog(page).getByText('Please enter your password')).toBeVisible();
      await expect(dialog(page).getByText('Please enter your 2FA code')).toBeVisible();
      await dialog(page).getByLabel('2FA Code').fill('123');
      await dialog(page).getByRole('button', { name: 'Disable 2FA' }).click();
      await expect(dialog(page).getByText('2FA code must be 6 digits')).toBeVisible();
      await dialog(page).getByLabel('Password').fill('not-the-password');
      await dialog(page).getByLabel('2FA Code').fill('000000');
      await dialog(page).getByRole('button', { name: 'Disable 2FA' }).click();
      await expect(page.getByText('Invalid password')).toBeVisible();
      await expect(card(page).getByText('Enabled', { exact: true })).toBeVisible();

      await dialog(page).getByLabel('Password').fill(ADMIN.password);
      await dialog(page)
        .getByLabel('2FA Code')
        .fill(await codes.next());
      await dialog(page).getByRole('button', { name: 'Disable 2FA' }).click();
      await expect(page.getByText('2FA disabled successfully')).toBeVisible();
      await expect(dialog(page)).toBeHidden();
      await expect(card(page).getByText('Disabled', { exact: true })).toBeVisible();
      await expect(card(page).getByRole('button', { name: 'Enable 2FA' })).toBeVisible();
      expect(await storeSeenByShell(page)).toEqual({ copies: 1, enabled: false });

      // Password alone signs in again.
      await logout(page);
      await fillLogin(page, ADMIN.username, ADMIN.password);
      await expect(page).toHaveURL(/\/dashboard$/);
    });

    test('a setup that fails to load shows the error box; Retry loads it, Cancel closes', async ({
      page,
    }) => {
      await page.goto('/login');
      await fillLogin(page, ADMIN.username, ADMIN.password);
      await expect(page).toHaveURL(/\/dashboard$/);
      let fail = true;
      await page.route('**/auth/2fa/setup', (route) =>
        fail ? route.fulfill({ status: 500, json: { code: 500, message: '' } }) : route.fallback(),
      );
      await page.goto('/settings');
      await card(page).getByRole('button', { name: 'Enable 2FA' }).click();
      await expect(dialog(page).getByText('Failed to initialize 2FA setup')).toBeVisible();
      fail = false;
      await dialog(page).getByRole('button', { name: 'Retry' }).click();
      await expect(dialog(page).getByRole('textbox', { name: 'Secret key' })).toHaveValue(/^[A-Z2-7]{32}$/);
      await dialog(page).getByRole('button', { name: 'Cancel' }).click();
      await expect(dialog(page)).toBeHidden();
      await expect(card(page).getByText('Disabled', { exact: true })).toBeVisible();
    });
  },
);
