import type { Page } from '@playwright/test';
import { test, expect } from './support/test';
import { searchOption } from './support/antd';
import { gif, png } from './support/fixtures';
import { expectNoHorizontalScroll } from './support/page';
import { stepUpPage } from './support/step-up';

test.describe('Settings: settings', { tag: '@settings' }, () => {
  const banner = (page: Page, name: 'Banner One' | 'Banner Two') => page.getByRole('group', { name });

  async function pickRedirect(page: Page, name: 'Banner One' | 'Banner Two', action: string) {
    await searchOption(banner(page, name).getByRole('combobox', { name: 'Redirect Action' }), action);
    await expect(banner(page, name)).toContainText(action);
  }

  test('settings save round trip: rates, technical mode, both banners with images, kept after reload', async ({
    page,
  }) => {
    await page.goto('/settings');
    await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
    await expect(page.getByText('Manage application settings')).toBeVisible();
    await expect(page.getByText('Banner Management')).toBeVisible();
    // A change of the rates needs a fresh step-up (tests/step-up.spec.ts asks for it); here it is done.
    await stepUpPage(page);

    // A rate is required and never negative.
    const stars = page.getByLabel('Play to Stars Rate');
    await stars.fill('');
    await page.getByRole('button', { name: 'Save Settings' }).click();
    await expect(page.getByText('Please enter the Play to Stars Rate')).toBeVisible();

    await stars.fill('0.37');
    await page.getByLabel('Play to Red Chip Rate').fill('2.25');
    await page.getByRole('checkbox', { name: 'Technical Mode' }).check();
    await banner(page, 'Banner One').getByRole('checkbox', { name: 'Active' }).check();
    await banner(page, 'Banner One').getByLabel('Banner One Image').setInputFiles(png('one.png'));
    await expect(page.getByRole('img', { name: 'Banner One Image preview' })).toBeVisible();
    await pickRedirect(page, 'Banner One', 'LeaderboardPage');
    await banner(page, 'Banner Two').getByRole('checkbox', { name: 'Active' }).uncheck();
    await banner(page, 'Banner Two').getByLabel('Banner Two Image').setInputFiles(gif('two.gif'));
    await pickRedirect(page, 'Banner Two', 'RoomListPage');

    const saved = page.waitForResponse(
      (r) => r.url().endsWith('/manager/settings') && r.request().method() === 'POST',
    );
    await page.getByRole('button', { name: 'Save Settings' }).click();
    expect((await saved).status()).toBe(200);
    await expect(page.getByText('Settings updated successfully!')).toBeVisible();

    await page.reload();
    await expect(page.getByLabel('Play to Stars Rate')).toHaveValue('0.37');
    await expect(page.getByLabel('Play to Red Chip Rate')).toHaveValue('2.25');
    await expect(page.getByRole('checkbox', { name: 'Technical Mode' })).toBeChecked();
    await expect(banner(page, 'Banner One').getByRole('checkbox', { name: 'Active' })).toBeChecked();
    await expect(banner(page, 'Banner Two').getByRole('checkbox', { name: 'Active' })).not.toBeChecked();
    await expect(banner(page, 'Banner One')).toContainText('LeaderboardPage');
    await expect(banner(page, 'Banner Two')).toContainText('RoomListPage');
    // The stored images come back from the API's uploads and actually load.
    for (const name of ['Banner One Image preview', 'Banner Two Image preview']) {
      const img = page.getByRole('img', { name });
      await expect(img).toHaveAttribute('src', /\/uploads\/[0-9a-f-]{36}\.(png|gif)$/);
      await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth)).toBe(1);
    }

    // Leave maintenance mode off for everyone else.
    await page.getByRole('checkbox', { name: 'Technical Mode' }).uncheck();
    await page.getByRole('button', { name: 'Save Settings' }).click();
    await expect(page.getByText('Settings updated successfully!').first()).toBeVisible();
    await page.reload();
    await expect(page.getByRole('checkbox', { name: 'Technical Mode' })).not.toBeChecked();
    await expect(page.getByLabel('Play to Stars Rate')).toHaveValue('0.37');
  });

  test('a failed load says Failed to fetch settings and Retry recovers', async ({ page }) => {
    let fail = true;
    await page.route('**/manager/settings', (route) =>
      fail ? route.fulfill({ status: 500, json: { code: 500, message: 'boom' } }) : route.fallback(),
    );
    await page.goto('/settings');
    await expect(page.getByRole('alert').filter({ hasText: 'Failed to fetch settings' })).toBeVisible();
    fail = false;
    await page.getByRole('button', { name: 'Retry' }).click();
    await expect(page.getByRole('button', { name: 'Save Settings' })).toBeVisible();
  });

  test('a refused save says Failed to update settings and keeps the form', async ({ page }) => {
    await page.route('**/manager/settings', (route) =>
      route.request().method() === 'POST'
        ? route.fulfill({ status: 400, json: { code: 400, message: 'playToStars: bad' } })
        : route.fallback(),
    );
    await page.goto('/settings');
    await page.getByLabel('Play to Red Chip Rate').fill('9.99');
    await page.getByRole('button', { name: 'Save Settings' }).click();
    await expect(page.getByText('Failed to update settings')).toBeVisible();
    await expect(page.getByLabel('Play to Red Chip Rate')).toHaveValue('9.99');
  });

  test.describe('at phone width', () => {
    test.use({ viewport: { width: 375, height: 740 } });

    test('the settings screen fits a phone: one column, no sideways scrolling', async ({ page }) => {
      await page.goto('/settings');
      await expect(page.getByRole('button', { name: 'Save Settings' })).toBeVisible();
      const one = await banner(page, 'Banner One').boundingBox();
      const two = await banner(page, 'Banner Two').boundingBox();
      expect(two!.y).toBeGreaterThan(one!.y + one!.height - 1);
      await expect(page.getByRole('region', { name: 'Two-Factor Authentication' })).toBeVisible();
      await expectNoHorizontalScroll(page);
    });
  });
});
