import type { Page } from '@playwright/test';
import { test, expect } from './support/test';
import { CONSOLE_VERSION_HEADER, paths } from '@manager/contract';
import { report, scan, settle, summary } from './support/axe';

test.describe('Shell: about', { tag: '@shell' }, () => {
  // The top bar's About dialog and the console version the API keeps in audit rows. The
  // versions of releases (canary, Update available) are driven in releases.spec.ts.

  const SHELL_VERSION = /^shell@\d+\.\d+\.\d+\+\S+/;

  async function openAbout(page: Page) {
    await page.goto(paths.dashboard);
    await page.getByRole('banner').getByRole('button', { name: 'About' }).click();
    const dialog = page.getByRole('dialog', { name: 'About' });
    await expect(dialog.getByRole('region', { name: 'Shell' })).toBeVisible();
    // The dialog's zoom has ended: what the tests read and click no longer moves.
    await settle(page);
    return dialog;
  }

  test('About lists the shell and every remote, and closes back to its button', async ({ page }) => {
    const dialog = await openAbout(page);
    for (const name of [
      'Shell',
      'Users and games',
      'Marketplace and shop',
      'Transactions',
      'Tasks, mailing, tournaments and giveaways',
      'Settings',
    ]) {
      await expect(dialog.getByRole('region', { name })).toBeVisible();
    }
    await expect(dialog.getByRole('region', { name: 'Shell' })).toContainText(/Version\s*\d+\.\d+\.\d+/);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('banner').getByRole('button', { name: 'About' })).toBeFocused();
  });

  test.describe("at a phone's width", () => {
    test.use({ viewport: { width: 375, height: 740 }, isMobile: true, hasTouch: true });
    test('About reads without sideways scrolling and has no serious axe finding', async ({ page }) => {
      const dialog = await openAbout(page);
      const box = (await dialog.boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(375);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
      const found = await scan(page, 'About dialog', '.ant-modal');
      if (found.length) console.log(report(found));
      expect(summary(found)).toEqual([]);
    });
  });

  test('every API call names the console build, and the audit row it writes shows it in Details', async ({
    page,
  }) => {
    await page.goto(paths.audit);
    await expect(page.getByRole('heading', { level: 1, name: 'Audit Log' })).toBeVisible();
    const exportCall = page.waitForRequest(
      (r) => new URL(r.url()).pathname === '/manager/audit/export' && r.method() === 'GET',
    );
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export CSV' }).click();
    const sent = await (await exportCall).headerValue(CONSOLE_VERSION_HEADER);
    expect(sent).toMatch(SHELL_VERSION);
    await download;

    // Newest first: the export's own row leads the export rows. Other workers write audit rows
    // at the same moment, so the log is narrowed to exports.
    await page.goto(`${paths.audit}?action=audit.export`);
    const first = page.getByRole('row').nth(1);
    await expect(first).toContainText('Audit log exported');
    await first.getByText('Details', { exact: true }).click();
    await expect(first.getByText(sent!, { exact: true })).toBeVisible();
  });
});
