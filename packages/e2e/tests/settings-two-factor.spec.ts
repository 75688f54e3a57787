import { test, expect, type Page } from '@playwright/test';
import { ADMIN, fillLogin } from './support/env';
import { ensureAdminWithout2fa, expectSharedSessionValid, logout, totpSequence } from './support/settings';

// The full cycle on `admin` itself (no other admin can be created), in a session of its own:
// signing out here must not revoke the shared signed-in state the other tests use. The
// account is left as found (2FA off), even when a step fails (afterEach).
test.use({ storageState: { cookies: [], origins: [] }, viewport: { width: 375, height: 740 }, permissions: ['clipboard-read', 'clipboard-write'] });
test.setTimeout(180_000);

let secret: string | null = null;
let codes = totpSequence('A'.repeat(32));

test.afterEach(async ({ request }) => {
  await ensureAdminWithout2fa(request, secret, () => codes.next());
});

const card = (page: Page) => page.getByRole('region', { name: 'Two-Factor Authentication' });
const dialog = (page: Page) => page.getByRole('dialog');

/** The page's one platform copy (the shell's): its auth store is the one the top bar reads. */
const storeSeenByShell = (page: Page) =>
  page.evaluate(() => {
    const probe = window.__MANAGER_PLATFORM__ as unknown as {
      instances: string[];
      authStore: { getState(): { admin: { twoFactorEnabled: boolean } | null } };
    };
    return { copies: probe.instances.length, enabled: probe.authStore.getState().admin?.twoFactorEnabled };
  });

async function signInWithSecondFactor(page: Page, code: string, mode: 'totp' | 'backup' = 'totp') {
  await page.goto('/login');
  await fillLogin(page, ADMIN.username, ADMIN.password);
  await expect(page.getByRole('button', { name: 'Verify' })).toBeVisible();
  if (mode === 'backup') await page.getByRole('button', { name: /backup code/i }).click();
  await page.getByLabel(mode === 'backup' ? /backup code/i : /code/i).first().fill(code);
  await page.getByRole('button', { name: 'Verify' }).click();
}

test('enable 2FA from the QR secret, sign in with TOTP, regenerate codes, disable', async ({ page, request }) => {
  await page.goto('/login');
  await fillLogin(page, ADMIN.username, ADMIN.password);
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto('/settings');
  await expect(card(page).getByText('Disabled', { exact: true })).toBeVisible();

  // Step 1: QR code, secret, backup codes, verification code.
  await card(page).getByRole('button', { name: 'Enable 2FA' }).click();
  await expect(dialog(page).getByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible();
  const secretInput = dialog(page).getByRole('textbox', { name: 'Secret key' });
  await expect(secretInput).toHaveAttribute('readonly', '');
  secret = await secretInput.inputValue();
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  codes = totpSequence(secret);
  await dialog(page).getByRole('button', { name: 'Copy secret key' }).click();
  await expect(page.getByText('Copied to clipboard!')).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret);

  await dialog(page).getByRole('button', { name: 'Show Backup Codes' }).click();
  const setupCodes = await dialog(page).getByRole('list', { name: 'Backup codes' }).getByRole('listitem').allInnerTexts();
  expect(setupCodes).toHaveLength(10);
  await expect(dialog(page).getByText('Store these backup codes in a safe place.')).toBeVisible();
  await dialog(page).getByRole('button', { name: 'Copy All Codes' }).click();
  await expect(page.getByText('Backup codes copied to clipboard')).toBeVisible();

  const code = dialog(page).getByLabel('Verification Code');
  await expect(code).toHaveAttribute('placeholder', '000000');
  await dialog(page).getByRole('button', { name: 'Enable 2FA' }).click();
  await expect(dialog(page).getByText('Please enter a 6-digit code')).toBeVisible();
  await code.fill('12ab34567');
  await expect(code).toHaveValue('123456');
  await code.fill(await codes.next());
  await code.press('Enter');
  await expect(page.getByText('2FA enabled successfully!')).toBeVisible();
  await expect(dialog(page).getByText('2FA Enabled Successfully')).toBeVisible();
  await expect(dialog(page).getByText('Enhanced Security Active')).toBeVisible();
  await dialog(page).getByRole('button', { name: 'Done' }).click();
  // The shared auth store follows at once, and this session's tokens survive the change.
  await expect(card(page).getByText('Enabled', { exact: true })).toBeVisible();
  expect(await page.evaluate(() => JSON.parse(localStorage.getItem('adminData') ?? '{}').twoFactorEnabled)).toBe(true);
  expect(await storeSeenByShell(page)).toEqual({ copies: 1, enabled: true });
  await expectSharedSessionValid(request);

  // Sign out and back in with a code computed from the secret read on the page.
  await logout(page);
  await signInWithSecondFactor(page, await codes.next());
  await expect(page).toHaveURL(/\/dashboard$/);

  // Regenerate: password required, new codes shown, the old ones stop working.
  await page.goto('/settings');
  await card(page).getByRole('button', { name: 'Regenerate Backup Codes' }).click();
  // Regenerate is a footer button that submits the body's form by id: the form must be drawn
  // (its password field shown) before the click can submit it.
  await expect(dialog(page).getByLabel('Password')).toBeVisible();
  await dialog(page).getByRole('button', { name: 'Regenerate' }).click();
  await expect(dialog(page).getByText('Please enter your password')).toBeVisible();
  await dialog(page).getByLabel('Password').fill(ADMIN.password);
  await dialog(page).getByRole('button', { name: 'Regenerate' }).click();
  await expect(page.getByText('Backup codes regenerated successfully')).toBeVisible();
  const fresh = await dialog(page).getByRole('list', { name: 'Backup codes' }).getByRole('listitem').allInnerTexts();
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
  await dialog(page).getByLabel('2FA Code').fill(await codes.next());
  await dialog(page).getByRole('button', { name: 'Disable 2FA' }).click();
  await expect(page.getByText('2FA disabled successfully')).toBeVisible();
  await expect(dialog(page)).toBeHidden();
  await expect(card(page).getByText('Disabled', { exact: true })).toBeVisible();
  await expect(card(page).getByRole('button', { name: 'Enable 2FA' })).toBeVisible();
  expect(await storeSeenByShell(page)).toEqual({ copies: 1, enabled: false });
  await expectSharedSessionValid(request);
  secret = null;

  // Password alone signs in again.
  await logout(page);
  await fillLogin(page, ADMIN.username, ADMIN.password);
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('a setup that fails to load shows the error box; Retry loads it, Cancel closes', async ({ page }) => {
  await page.goto('/login');
  await fillLogin(page, ADMIN.username, ADMIN.password);
  await expect(page).toHaveURL(/\/dashboard$/);
  let fail = true;
  await page.route('**/auth/2fa/setup', (route) => (fail ? route.fulfill({ status: 500, json: { code: 500, message: '' } }) : route.fallback()));
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
