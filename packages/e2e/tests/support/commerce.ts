import { expect, type Locator, type Page } from '@playwright/test';

/** A valid 1x1 PNG: the API checks images by their bytes. */
export const PNG_1PX = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
export const png = (name: string) => ({ name, mimeType: 'image/png', buffer: PNG_1PX });

/** Opens an antd select by its label and picks the option shown with `option`. */
export async function chooseOption(page: Page, scope: Page | Locator, label: string, option: string) {
  const dropdown = page.locator('.ant-select-dropdown:visible');
  // antd animates the dropdown open and closed; on a loaded machine a click can land while it
  // moves and be lost, so open-pick-closed is retried as one step until the pick sticks.
  await expect(async () => {
    if ((await dropdown.count()) === 0) await scope.getByLabel(label, { exact: true }).click();
    await dropdown.getByTitle(option, { exact: true }).click({ timeout: 3000 });
    await expect(dropdown).toHaveCount(0, { timeout: 3000 });
  }).toPass({ timeout: 30_000 });
}

/** A react-hot-toast message by its exact text. */
export const toastWith = (page: Page, text: string) => page.getByRole('status').filter({ hasText: text });

export const unique = (prefix: string) => `${prefix} ${Date.now().toString(36)}`;
