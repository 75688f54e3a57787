import type { Page } from '@playwright/test';
import { test, expect, stackOnly } from './support/test';
import { confirmPopconfirm } from './support/antd';
import { ADMIN, fillLogin } from './support/env';
import { expectNoHorizontalScroll, toastWith } from './support/page';
import { expectAxeClean, expectRelyingPartyHost, virtualAuthenticator } from './support/passkeys';
import { usePrivateApi } from './support/private-api';
import { logout } from './support/settings';
import { confirmDialog } from './support/step-up';

test.describe(
  'Settings: passkeys-required',
  stackOnly('an API of its own with two factors required', '@settings'),
  () => {
    // Two-factor required (REQUIRE_2FA): an admin without a second factor reaches nothing but the
    // setup, and a passkey can be that second factor. An API of its own with the requirement on
    // (a fresh database: `admin` has no two-factor yet); the console is the stack's.
    test.use({ storageState: { cookies: [], origins: [] }, viewport: { width: 375, height: 740 } });
    test.setTimeout(240_000);

    usePrivateApi({ REQUIRE_2FA: 'true' });

    const setupHeading = (page: Page) =>
      page.getByRole('heading', { name: 'Set up two-factor authentication' });
    const storedToken = (page: Page) => page.evaluate(() => localStorage.getItem('accessToken'));
    const LAST_FACTOR = /Two-factor authentication is required/;

    test('an admin without two-factor only reaches the setup, finishes it with a passkey, and cannot remove the last one', async ({
      page,
    }) => {
      const authenticator = await virtualAuthenticator(page);
      await page.goto('/login');
      expectRelyingPartyHost(page);
      await fillLogin(page, ADMIN.username, ADMIN.password);
      await expect(setupHeading(page)).toBeVisible();

      // Nothing else opens: there is no session until the setup is done.
      for (const path of ['/dashboard', '/users/list', '/settings']) {
        await page.goto(path);
        await expect(page).toHaveURL(/\/login$/);
        await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
        expect(await storedToken(page)).toBeNull();
      }

      // The setup offers a passkey: a name, "Add passkey", the browser creates it, signed in.
      await fillLogin(page, ADMIN.username, ADMIN.password);
      await expect(setupHeading(page)).toBeVisible();
      await page
        .getByRole('radiogroup', { name: 'Second factor' })
        .getByText('Passkey', { exact: true })
        .click();
      const name = page.getByLabel('Passkey name');
      await expect(name).toBeVisible();
      await expectNoHorizontalScroll(page);
      await expectAxeClean(page, 'setup with a passkey');
      await name.fill('Required phone');
      await page.getByRole('button', { name: 'Add passkey' }).click();
      await expect(toastWith(page, 'Passkey added')).toBeVisible();
      await expect(page).toHaveURL(/\/dashboard$/);
      expect(await authenticator.credentials()).toHaveLength(1);

      // From now on the sign-in asks for the passkey.
      await logout(page);
      await fillLogin(page, ADMIN.username, ADMIN.password);
      await expect(setupHeading(page)).toHaveCount(0);
      await page.getByRole('button', { name: 'Use a passkey' }).click();
      await expect(page).toHaveURL(/\/dashboard$/);

      // The only second factor stays: removing it (after "Confirm it's you", answered by the
      // passkey: a new sign-in starts without a confirmation) is refused with the reason.
      await page.goto('/settings');
      const items = page
        .getByRole('region', { name: 'Passkeys' })
        .getByRole('list', { name: 'Passkeys' })
        .getByRole('listitem');
      await expect(items).toHaveCount(1);
      await expect(items.first()).toContainText('Required phone');
      await items.first().getByRole('button', { name: 'Remove' }).click();
      await confirmPopconfirm(page, 'Remove the passkey "Required phone"?', 'Remove');
      const prompt = confirmDialog(page);
      await expect(prompt).toBeVisible();
      await prompt.getByRole('button', { name: 'Use a passkey' }).click();
      await expect(
        toastWith(page, 'Failed to remove the passkey: ').filter({ hasText: LAST_FACTOR }),
      ).toBeVisible();
      await expect(items).toHaveCount(1);
    });
  },
);
