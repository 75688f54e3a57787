import type { Page } from '@playwright/test';
import { test, expect } from './support/test';
import { lootBoxesResponseSchema } from '@manager/contract';
import { adminApi } from './support/api';
import { report, scan, summary } from './support/axe';
import { unique } from './support/fixtures';
import { toastWith } from './support/page';
import { ensureSteppedUp, stepUpPage } from './support/step-up';
import { listWithdrawals } from './support/transactions';
import { wholeList } from './support/engagement';

test.describe('Shell: links-and-consequences', { tag: '@shell' }, () => {
  /** No serious or critical axe-core finding on what the page shows now. */
  async function expectAxeClean(page: Page, state: string) {
    const found = await scan(page, state);
    if (found.length) console.log(report(found));
    expect(summary(found)).toEqual([]);
  }

  for (const [width, viewport] of [
    ['desktop', { width: 1280, height: 800 }],
    ['phone', { width: 390, height: 844 }],
  ] as const) {
    test.describe(`at ${width} width`, () => {
      test.use({ viewport });
      // Several pages and axe scans a test, on a shared 2-core machine.
      test.describe.configure({ timeout: 240_000 });

      test('the Total Pending Withdrawals card opens the pending queue, by keyboard', async ({
        page,
        request,
      }) => {
        const all = await listWithdrawals(await adminApi(request));
        const pending = all.filter((w) => !w.status).length;
        expect(pending, 'seeded withdrawals: some pending, some approved').toBeGreaterThan(0);
        expect(pending).toBeLessThan(all.length);
        await page.goto('/dashboard');
        const card = page.getByRole('link', { name: /Total Pending Withdrawals/ });
        await expect(card).toHaveAttribute('href', '/transactions/withdrawals?status=pending');
        await expectAxeClean(page, `/dashboard (${width})`);
        await card.focus();
        await expect(card).toBeFocused();
        await page.keyboard.press('Enter');
        await expect(page).toHaveURL(/\/transactions\/withdrawals\?status=pending$/);
        await expect(page.getByRole('heading', { level: 1, name: 'Withdrawals' })).toBeVisible();
        await expect(page.getByText(`of ${pending} results`)).toBeVisible();
        await expect(page.getByText('Processed', { exact: true })).toHaveCount(0);

        // Every card opens the list behind its figure.
        await page.goto('/dashboard');
        for (const [name, href] of [
          ['Total Ton', '/users/list'],
          ['Total Stars', '/users/list'],
          ['Total Red Chip', '/users/list'],
          ['Total Inventory', '/transactions/inventory'],
          ['Total Done Withdrawals', '/transactions/withdrawals?status=approved'],
        ] as const) {
          await expect(page.getByRole('link', { name: new RegExp(name) })).toHaveAttribute('href', href);
        }
      });

      test('an unknown address shows Page not found with a way home, in the shell and in a remote', async ({
        page,
      }) => {
        for (const path of ['/no-such-page', '/marketplace/no-such-page']) {
          await page.goto(path);
          await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
          await expect(page.getByText(`There is no page at ${path}.`)).toBeVisible();
          // The address stays as typed; the menu is still there.
          await expect(page).toHaveURL(new RegExp(`${path}$`));
          await expect(page).toHaveTitle('Page not found | Manager');
          await expectAxeClean(page, `${path} (${width})`);
        }
        const home = page.getByRole('link', { name: 'Go to the dashboard' });
        await home.focus();
        await page.keyboard.press('Enter');
        await expect(page).toHaveURL(/\/dashboard$/);
        await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
      });

      test('the placeholder pages say what will come there', async ({ page }) => {
        for (const [path, heading] of [
          ['/game/settings', 'Game Settings'],
          ['/tasks/static', 'Static Tasks'],
          ['/marketplace/settings', 'Marketplace Settings'],
          ['/shop/settings', 'Shop Settings'],
          ['/transactions/packages', 'Packages'],
        ] as const) {
          await page.goto(path);
          await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
          await expect(page.getByRole('heading', { name: 'Not available yet' })).toBeVisible();
          await expect(page.getByText(/will be (edited|managed) here/)).toBeVisible();
        }
      });

      test('a loot box paying out more than its price asks before saving; Cancel keeps the form', async ({
        page,
        request,
      }) => {
        const api = await adminApi(request);
        const boxes = async (name: string) =>
          wholeList(await api.get('/manager/loot-boxes', lootBoxesResponseSchema)).filter(
            (b) => b.name === name,
          );
        const name = unique(`E2E Payout ${width}`);
        await page.goto('/shop/loot-boxes');
        await expect(page.getByRole('heading', { level: 1, name: 'Loot Boxes', exact: true })).toBeVisible();
        await stepUpPage(page);
        await page.getByRole('button', { name: 'Add Loot Box' }).click();
        const form = page.getByRole('dialog', { name: 'Add Loot Box' });
        await form.getByLabel('Name *').fill(name);
        // The defaults pay 90% x 40 + 10% x 1200 = 156 Stars an opening.
        await form.getByLabel('Amount (Stars) *').fill('150');
        await form.getByRole('button', { name: 'Create Loot Box' }).click();

        const ask = page.getByRole('dialog').filter({ hasText: 'Expected payout exceeds the price' });
        await expect(ask).toBeVisible();
        await expect(ask).toContainText(
          "One opening pays out 156 Stars on average, more than the box's price of 150 Stars. Save it anyway?",
        );
        await expectAxeClean(page, `loot box confirmation (${width})`);
        await ask.getByRole('button', { name: 'Cancel', exact: true }).click();
        await expect(ask).toBeHidden();
        await expect(form).toBeVisible();
        await expect(form.getByLabel('Name *')).toHaveValue(name);
        await expect(form.getByLabel('Amount (Stars) *')).toHaveValue('150');
        expect(await boxes(name)).toEqual([]);

        // At the expected payout the box breaks even: saved without a question.
        await form.getByLabel('Amount (Stars) *').fill('156');
        await form.getByRole('button', { name: 'Create Loot Box' }).click();
        await expect(toastWith(page, 'Loot box created')).toBeVisible();
        await expect(form).toBeHidden();
        const [saved] = await boxes(name);
        expect(saved?.amount).toBe(156);

        // Lowered below the payout on edit: asked again, and saved when confirmed.
        await page.getByRole('button', { name: `Edit ${name}`, exact: true }).click();
        const edit = page.getByRole('dialog', { name: 'Edit Loot Box' });
        await edit.getByLabel('Amount (Stars) *').fill('100');
        await edit.getByRole('button', { name: 'Update Loot Box' }).click();
        await expect(ask).toContainText("more than the box's price of 100 Stars");
        await ask.getByRole('button', { name: 'Save anyway', exact: true }).click();
        await expect(toastWith(page, 'Loot box updated')).toBeVisible();
        expect((await boxes(name))[0]?.amount).toBe(100);
        await ensureSteppedUp(api);
        expect((await api.send('DELETE', `/manager/loot-boxes/${saved!.id}`)).status()).toBe(200);
      });
    });
  }
});
