import type { Page } from '@playwright/test';
import { test, expect, stackOnly } from './support/test';
import { confirmPopconfirm } from './support/antd';
import { ADMIN, fillLogin } from './support/env';
import { expectNoHorizontalScroll, toastWith } from './support/page';
import { expectAxeClean, expectRelyingPartyHost, virtualAuthenticator } from './support/passkeys';
import { usePrivateApi } from './support/private-api';
import { logout } from './support/settings';
import { confirmDialog, confirmItsYou } from './support/step-up';
import { userRows } from './support/users';

test.describe(
  'Settings: passkeys',
  stackOnly("an API of its own: a passkey change ends the admin's other sessions", '@settings'),
  () => {
    // Passkeys with Chromium's virtual authenticator. Adding or removing one signs `admin` out of
    // its other sessions, and the sign-ins here make new ones: this spec has an API of its own (a
    // fresh database, `admin` without two-factor), so the run's shared session is not touched.
    test.use({ storageState: { cookies: [], origins: [] } });
    test.setTimeout(240_000);

    usePrivateApi();

    const passkeysOf = (page: Page) => page.getByRole('region', { name: 'Passkeys' });
    const CANCELLED = 'The passkey request was cancelled or timed out. Try again when you are ready.';

    test('a passkey added in Settings signs in as the second factor, answers a step-up, and can be removed', async ({
      page,
    }) => {
      const authenticator = await virtualAuthenticator(page);
      await page.goto('/login');
      expectRelyingPartyHost(page);
      await fillLogin(page, ADMIN.username, ADMIN.password);
      await expect(page).toHaveURL(/\/dashboard$/);

      // Settings: none yet; "Add passkey" asks a name, then "Confirm it's you" (the password: this
      // admin has no second factor yet), then the browser creates the passkey.
      await page.goto('/settings');
      const passkeys = passkeysOf(page);
      await expect(passkeys.getByText('No passkeys yet.')).toBeVisible();
      await passkeys.getByRole('button', { name: 'Add passkey' }).click();
      const modal = page.getByRole('dialog', { name: 'Add passkey' });
      await modal.getByRole('button', { name: 'Add passkey' }).click();
      await expect(modal.getByText('Please enter a name for the passkey')).toBeVisible();
      await modal.getByLabel('Passkey name').fill('E2E laptop');
      await expectAxeClean(page, 'add passkey');
      await modal.getByRole('button', { name: 'Add passkey' }).click();
      const prompt = confirmDialog(page);
      await expect(prompt).toBeVisible();
      await expect(prompt.getByRole('button', { name: 'Use a passkey' })).toHaveCount(0);
      await confirmItsYou(page, { password: ADMIN.password });
      await expect(toastWith(page, 'Passkey added')).toBeVisible();
      await expect(modal).toHaveCount(0);
      const items = passkeys.getByRole('list', { name: 'Passkeys' }).getByRole('listitem');
      await expect(items).toHaveCount(1);
      await expect(items.first()).toContainText('E2E laptop');
      await expect(items.first()).toContainText('Never used');
      expect(await authenticator.credentials()).toHaveLength(1);
      await expectAxeClean(page, 'settings with a passkey');
      await page.setViewportSize({ width: 375, height: 740 });
      const remove = items.first().getByRole('button', { name: 'Remove' });
      await remove.scrollIntoViewIfNeeded();
      await expect(remove).toBeInViewport({ ratio: 1 });
      await expectNoHorizontalScroll(page);
      await page.setViewportSize({ width: 1280, height: 800 });

      // Sign out; the password now asks for the passkey only (no code to type). A failed screen
      // lock gives no passkey: the reason shows and the next try works.
      await logout(page);
      await page.setViewportSize({ width: 375, height: 740 });
      await fillLogin(page, ADMIN.username, ADMIN.password);
      const usePasskey = page.getByRole('button', { name: 'Use a passkey' });
      await expect(usePasskey).toBeVisible();
      await expect(page.getByLabel('Authentication code')).toHaveCount(0);
      await expectNoHorizontalScroll(page);
      await expectAxeClean(page, 'two-factor with a passkey');
      await authenticator.setUserVerified(false);
      await usePasskey.click();
      await expect(page.getByRole('alert').filter({ hasText: CANCELLED })).toBeVisible();
      await expect(page).toHaveURL(/\/login$/);
      await authenticator.setUserVerified(true);
      await usePasskey.click();
      await expect(toastWith(page, '2FA verification successful!')).toBeVisible();
      await expect(page).toHaveURL(/\/dashboard$/);
      await page.setViewportSize({ width: 1280, height: 800 });

      // A balance edit in this new session asks "Confirm it's you"; the passkey answers it and the
      // edit is saved without clicking Save again.
      await page.goto('/users/list');
      await userRows(page).first().click();
      const balances = page.getByRole('region', { name: 'Balances' });
      await balances.getByRole('button', { name: 'Edit' }).click();
      const ton = balances.getByLabel('TON Balance');
      const raised = (Number(await ton.inputValue()) + 1.5).toFixed(2);
      await ton.fill(raised);
      await balances.getByLabel('Reason').fill('Passkey step-up check');
      await balances.getByRole('button', { name: 'Save' }).click();
      await expect(prompt).toBeVisible();
      await expect(prompt.getByLabel('Password')).toHaveCount(0);
      // The dialog's own content (the page behind it waits, its Save busy under the mask).
      await expectAxeClean(page, 'step-up with a passkey', '.ant-modal');
      await prompt.getByRole('button', { name: 'Use a passkey' }).click();
      await expect(prompt).toHaveCount(0);
      await expect(balances.getByRole('button', { name: 'Edit' })).toBeVisible();
      await expect(balances).toContainText(`TON Balance${raised}`);

      // Back in Settings: used just now; "Remove" asks first, and within the step-up's window no
      // prompt appears.
      await page.goto('/settings');
      await expect(items.first()).toContainText('Last used');
      await items.first().getByRole('button', { name: 'Remove' }).click();
      await confirmPopconfirm(page, 'Remove the passkey "E2E laptop"?', 'Remove');
      await expect(toastWith(page, 'Passkey removed')).toBeVisible();
      await expect(passkeys.getByText('No passkeys yet.')).toBeVisible();
      await expect(prompt).toHaveCount(0);

      // Without a passkey the password alone signs in again.
      await logout(page);
      await fillLogin(page, ADMIN.username, ADMIN.password);
      await expect(page).toHaveURL(/\/dashboard$/);
    });
  },
);
