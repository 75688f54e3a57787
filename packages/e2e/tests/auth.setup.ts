import { test as setup, expect } from './support/test';
import { ADMIN, fillLogin } from './support/env';
import { E2E } from '@manager/stack/ports';

// Sign in once for the whole run; tests reuse the stored tokens (storageState).
setup('sign in as admin', async ({ page }) => {
  await page.goto('/login');
  await fillLogin(page, ADMIN.username, ADMIN.password);
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('button', { name: 'Logout' })).toBeVisible();
  await page.context().storageState({ path: `.auth/admin-${E2E.offset}.json` });
});
