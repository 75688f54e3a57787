import type { Page } from '@playwright/test';
import { test, expect, stackOnly } from './support/test';
import { report, scan, summary } from './support/axe';
import { ADMIN, ADMIN_2FA, fillLogin } from './support/env';
import { expectNoHorizontalScroll, toastWith } from './support/page';
import { usePrivateApi } from './support/private-api';
import { admin2faCodes, logout, totpSequence, wrongCode } from './support/settings';

test.describe(
  'Settings: two-factor-enrolment',
  stackOnly('an API of its own with two factors required (REQUIRE_2FA)', '@settings'),
  () => {
    // Two-factor required (REQUIRE_2FA, on in production): an admin without it enrols an
    // authenticator at sign-in, and only the confirmed enrolment opens a session. The rest of the
    // suite runs without the requirement, so this spec has an API of its own with it on (a fresh
    // database with the demo admins: `admin` has no two-factor yet); the console is the stack's.
    test.use({
      storageState: { cookies: [], origins: [] },
      viewport: { width: 375, height: 740 },
      permissions: ['clipboard-read', 'clipboard-write'],
    });
    test.setTimeout(180_000);

    usePrivateApi({ REQUIRE_2FA: 'true' });

    const heading = (page: Page) => page.getByRole('heading', { name: 'Set up two-factor authentication' });
    const storedToken = (page: Page) => page.evaluate(() => localStorage.getItem('accessToken'));

    // First: `admin` has no two-factor yet (the test after this one enrols it).
    test('Cancel leaves the enrolment, nothing stored; an admin with two-factor signs in as before', async ({
      page,
    }) => {
      await page.goto('/login');
      await fillLogin(page, ADMIN.username, ADMIN.password);
      await expect(heading(page)).toBeVisible();
      await page.getByRole('button', { name: 'Cancel' }).click();
      await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
      expect(await storedToken(page)).toBeNull();

      await fillLogin(page, ADMIN_2FA.username, ADMIN_2FA.password);
      await expect(page.getByRole('button', { name: 'Verify' })).toBeVisible();
      await expect(heading(page)).toHaveCount(0);
      await page.getByRole('button', { name: 'Cancel' }).click();
      await fillLogin(page, ADMIN_2FA.username, ADMIN_2FA.password);
      await page.getByLabel('Authentication code').fill(await admin2faCodes().next());
      await page.getByRole('button', { name: 'Verify' }).click();
      await expect(page).toHaveURL(/\/dashboard$/);
    });

    test('an admin without two-factor enrols at first sign-in; only the confirmed code signs in', async ({
      page,
    }) => {
      await page.goto('/login');
      await fillLogin(page, ADMIN.username, ADMIN.password);
      await expect(heading(page)).toBeVisible();
      await expect(
        page.getByText('Your account must use two-factor authentication. Set it up to finish signing in.'),
      ).toBeVisible();
      expect(await storedToken(page)).toBeNull();

      const secretInput = page.getByRole('textbox', { name: 'Secret key' });
      await expect(secretInput).toHaveAttribute('readonly', '');
      const secret = await secretInput.inputValue();
      expect(secret).toMatch(/^[A-Z2-7]{32}$/);
      await expect(page.getByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible();
      const backupCodes = await page
        .getByRole('list', { name: 'Backup codes' })
        .getByRole('listitem')
        .allInnerTexts();
      expect(backupCodes).toHaveLength(10);

      // At a phone's width, without a serious or critical accessibility finding (as first shown).
      await expectNoHorizontalScroll(page);
      const found = await scan(page, 'enrolment');
      if (found.length) console.log(report(found));
      expect(summary(found)).toEqual([]);

      await page.getByRole('button', { name: 'Copy All Codes' }).click();
      await expect(toastWith(page, 'Backup codes copied to clipboard')).toBeVisible();
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(backupCodes.join('\n'));

      // By keyboard: the code field is labelled, Enter submits; the checks and the API's refusal show.
      const code = page.getByLabel('Verification Code');
      await code.focus();
      await page.keyboard.press('Enter');
      await expect(page.getByText('Please enter a 6-digit code')).toBeVisible();
      await page.keyboard.type(wrongCode(secret));
      await page.keyboard.press('Enter');
      await expect(page.getByRole('alert').filter({ hasText: 'Invalid verification code' })).toBeVisible();
      expect(await storedToken(page)).toBeNull();

      const codes = totpSequence(secret);
      await code.fill(await codes.next());
      await code.press('Enter');
      await expect(toastWith(page, '2FA enabled successfully!')).toBeVisible();
      await expect(page).toHaveURL(/\/dashboard$/);
      expect(
        await page.evaluate(() => JSON.parse(localStorage.getItem('adminData') ?? '{}').twoFactorEnabled),
      ).toBe(true);

      // From now on the password asks for a code; a backup code of the enrolment works too.
      await logout(page);
      await fillLogin(page, ADMIN.username, ADMIN.password);
      await page.getByLabel('Authentication code').fill(await codes.next());
      await page.getByRole('button', { name: 'Verify' }).click();
      await expect(page).toHaveURL(/\/dashboard$/);
      await logout(page);
      await fillLogin(page, ADMIN.username, ADMIN.password);
      await page.getByRole('button', { name: 'Use a backup code' }).click();
      await page.getByLabel('Backup code').fill(backupCodes[0]!);
      await page.getByRole('button', { name: 'Verify' }).click();
      await expect(page).toHaveURL(/\/dashboard$/);
    });
  },
);
