import type { Page, Response } from '@playwright/test';
import { test, expect } from './support/test';
import { maskValue, piiRevealResponseSchema, tonPaymentsResponseSchema } from '@manager/contract';
import { adminApi } from './support/api';
import { scan, summary } from './support/axe';
import { ADMIN, fillLogin } from './support/env';
import { expectNoHorizontalScroll } from './support/page';
import { pendingTon } from './support/transactions';

test.describe('Settings: pii', { tag: '@settings' }, () => {
  /*
   * Personal data (docs/security.md, Personal data): wallets and transaction ids show masked to
   * every admin; an Owner (holding pii.reveal) reveals one whole in place, audited; support has no
   * Reveal at all.
   */

  /** The answer of the next POST /pii/reveal: the whole value the page must show. */
  const revealAnswer = (page: Page) =>
    page.waitForResponse(
      (r: Response) => r.url().endsWith('/manager/pii/reveal') && r.request().method() === 'POST',
    );
  const wholeOf = async (response: Response) => piiRevealResponseSchema.parse((await response.json()).data);

  test.describe('an Owner', () => {
    test('sees a withdrawal wallet masked, reveals it whole in the dialog, and the audit log shows the reveal', async ({
      page,
      request,
    }) => {
      const api = await adminApi(request);
      const w = await pendingTon(api, 0);
      expect(w.wallet).toMatch(/^.{4}….{4}$/);
      await page.goto('/transactions/withdrawals');
      await expect(page.getByRole('heading', { level: 1, name: 'Withdrawals' })).toBeVisible({
        timeout: 30_000,
      });
      await page.getByLabel('Search by username').fill(w.user!.username!);
      await page.getByRole('button', { name: `Reject withdrawal ${w.id}` }).click();
      const dialog = page.getByRole('dialog', { name: 'Reject withdrawal' });
      await expect(dialog).toContainText(`Wallet${w.wallet}`);
      const answered = revealAnswer(page);
      await dialog.getByRole('button', { name: 'Reveal wallet' }).click();
      const whole = await wholeOf(await answered);
      expect(whole.value.length).toBeGreaterThan(8);
      expect(maskValue(whole.value)).toBe(w.wallet);
      await expect(dialog).toContainText(`Wallet${whole.value}`);
      await expect(dialog.getByRole('button', { name: 'Reveal wallet' })).toHaveCount(0);
      await expect(dialog.getByRole('button', { name: /Copy/ })).toBeVisible();
      expect(summary(await scan(page, 'withdrawal dialog, wallet revealed'))).toEqual([]);
      await dialog.getByRole('button', { name: 'Cancel' }).click();

      // Opened again (a new render), the wallet is masked again.
      await page.getByRole('button', { name: `Reject withdrawal ${w.id}` }).click();
      await expect(dialog).toContainText(`Wallet${w.wallet}`);
      await expect(dialog).not.toContainText(whole.value);
      await dialog.getByRole('button', { name: 'Cancel' }).click();

      await page.goto('/audit?action=pii.revealed');
      const row = page
        .getByRole('row')
        .filter({ hasText: `Withdrawal #${w.id}` })
        .first();
      await expect(row).toContainText('Personal data revealed');
      await expect(row).toContainText(ADMIN.username);
      await expect(page.getByRole('table')).not.toContainText(whole.value);
    });

    for (const [width, name] of [
      [1280, 'desktop'],
      [390, 'phone'],
    ] as const) {
      test(`${name}: reveals a TON payment's transaction id with its explorer link`, async ({
        page,
        request,
      }) => {
        await page.setViewportSize({ width, height: 800 });
        const data = await (
          await adminApi(request)
        ).get('/manager/transactions/ton-payments?page=1&limit=20', tonPaymentsResponseSchema);
        const first = data.payments[0]!;
        expect(first.transactionId).toMatch(/^.{4}….{4}$/);
        await page.goto('/transactions/deposits');
        const holder = width < 600 ? page.getByTestId('payment-card').first() : page.getByRole('row').nth(1);
        await expect(holder).toContainText(first.transactionId!);
        const answered = revealAnswer(page);
        await holder.getByRole('button', { name: 'Reveal transaction id' }).click();
        const whole = await wholeOf(await answered);
        expect(maskValue(whole.value)).toBe(first.transactionId);
        const link = holder.getByRole('link', { name: whole.value });
        await expect(link).toHaveAttribute('href', whole.link!);
        await expect(holder.getByRole('button', { name: /Copy/ })).toBeVisible();
        await expectNoHorizontalScroll(page);
        // The link took the Reveal button's place under the pointer: scan it at rest, not hovered.
        await page.mouse.move(0, 0);
        expect(summary(await scan(page, `deposits, transaction id revealed (${name})`))).toEqual([]);
        // A reload masks it again.
        await page.reload();
        await expect(holder).toContainText(first.transactionId!);
        await expect(holder).not.toContainText(whole.value);
      });
    }
  });

  test.describe('support', () => {
    test.use({ storageState: { cookies: [], origins: [] } });

    test('sees transaction ids masked and no Reveal', async ({ page, request }) => {
      const data = await (
        await adminApi(request)
      ).get('/manager/transactions/ton-payments?page=1&limit=20', tonPaymentsResponseSchema);
      await page.goto('/login');
      await fillLogin(page, 'support', ADMIN.password);
      await expect(page).toHaveURL(/\/dashboard$/);
      await page.goto('/transactions/deposits');
      const row = page.getByRole('row').nth(1);
      await expect(row).toContainText(data.payments[0]!.transactionId!, { timeout: 30_000 });
      await expect(page.getByRole('table')).toContainText('TON');
      await expect(page.getByRole('button', { name: /Reveal/ })).toHaveCount(0);
    });
  });
});
