import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { test, expect } from './support/test';
import { inventoryResponseSchema, starsPaymentsResponseSchema } from '@manager/contract';
import { chooseOption } from './support/antd';
import { adminApi } from './support/api';
import { stepUpPage } from './support/step-up';
import { listWithdrawals } from './support/transactions';

test.describe('Transactions: transactions-lists', { tag: '@transactions' }, () => {
  /** Records of a CSV text, quotes aware (a quoted field may hold a line break), header included. */
  function csvRecords(text: string): number {
    let records = 0;
    let quoted = false;
    let pending = false;
    for (const char of text) {
      if (char === '"') quoted = !quoted;
      if (char === '\n' && !quoted) {
        records += 1;
        pending = false;
      } else if (char !== '\r') pending = true;
    }
    return records + (pending ? 1 : 0);
  }

  /** The address's query, as a person reads it in the address bar. */
  const query = (page: Page) => Object.fromEntries(new URL(page.url()).searchParams);

  test.describe('transactions lists keep their view in the URL', () => {
    test('withdrawals: filter and column sort survive a reload; Back steps through the views', async ({
      page,
      request,
    }) => {
      const approved = (await listWithdrawals(await adminApi(request))).filter((w) => w.status).length;
      expect(approved, 'seeded approved withdrawals').toBeGreaterThan(1);
      await page.goto('/transactions/withdrawals');
      await page.getByText('Approved', { exact: true }).last().click();
      await expect(
        page.getByText(`Showing 1 to ${Math.min(10, approved)} of ${approved} results`),
      ).toBeVisible();
      await page.getByRole('columnheader', { name: 'Date' }).click();
      await expect.poll(() => query(page)).toEqual({ status: 'approved', sort: 'createdAt' });
      await expect(page.getByRole('columnheader', { name: 'Date' })).toHaveAttribute(
        'aria-sort',
        'ascending',
      );

      await page.reload();
      await expect(page.getByRole('radio', { name: 'Approved' })).toBeChecked();
      await expect(page.getByRole('columnheader', { name: 'Date' })).toHaveAttribute(
        'aria-sort',
        'ascending',
      );
      await expect(page.getByText(`of ${approved} results`)).toBeVisible();
      await expect(page.getByRole('row').filter({ hasText: 'Pending' })).toHaveCount(0);

      await page.goBack();
      await expect.poll(() => query(page)).toEqual({ status: 'approved' });
      await expect(page.getByRole('columnheader', { name: 'Date' })).not.toHaveAttribute('aria-sort', /./);
      await page.goBack();
      await expect.poll(() => query(page)).toEqual({});
      await expect(page.getByRole('radio', { name: 'Pending' })).toBeChecked();
    });

    test('deposits: the tab, its filter and its page survive a reload; Back steps back', async ({
      page,
      request,
    }) => {
      const pending = await (
        await adminApi(request)
      ).get('/manager/transactions/stars-payments?page=1&limit=20&status=false', starsPaymentsResponseSchema);
      const total = pending.pagination.totalPayments;
      expect(total, 'more pending Stars payments than a page').toBeGreaterThan(20);
      await page.goto('/transactions/deposits');
      await page.getByRole('tab', { name: 'Stars Payments' }).click();
      await page.getByRole('button', { name: 'Show filters' }).click();
      await chooseOption(page.getByRole('region', { name: 'Filters' }), 'Status', 'Pending');
      await expect(page.getByText(`Showing 1 to 20 of ${total} results`)).toBeVisible();
      await page.getByRole('button', { name: 'Page 2' }).click();
      await expect(page.getByText(`Showing 21 to ${Math.min(40, total)} of ${total} results`)).toBeVisible();
      expect(query(page)).toEqual({ tab: 'stars', 'stars.status': 'pending', 'stars.page': '2' });

      await page.reload();
      await expect(page.getByRole('tab', { name: 'Stars Payments', selected: true })).toBeVisible();
      await expect(page.getByText(`Showing 21 to ${Math.min(40, total)} of ${total} results`)).toBeVisible();
      // A link with filters opens the panel showing them.
      await expect(page.getByRole('region', { name: 'Filters' })).toContainText('Pending');
      await expect(page.getByRole('row').filter({ hasText: 'Completed' })).toHaveCount(0);

      await page.goBack();
      await expect(page.getByText(`Showing 1 to 20 of ${total} results`)).toBeVisible();
      await page.goBack();
      await expect.poll(() => query(page)).toEqual({ tab: 'stars' });
      await page.goBack();
      await expect(page.getByRole('tab', { name: 'TON Payments', selected: true })).toBeVisible();
    });

    test('inventory: a search and a page survive a reload', async ({ page, request }) => {
      const data = await (
        await adminApi(request)
      ).get('/manager/transactions/inventory?page=1&limit=20', inventoryResponseSchema);
      expect(data.pagination.totalItems, 'more gifts than a page').toBeGreaterThan(20);
      await page.goto('/transactions/inventory?page=2');
      await expect(
        page.getByText(
          `Showing 21 to ${Math.min(40, data.pagination.totalItems)} of ${data.pagination.totalItems} results`,
        ),
      ).toBeVisible();
      const name = data.items[0]!.name;
      await page.getByLabel('Search by item name').fill(name);
      await expect.poll(() => query(page)).toEqual({ q: name });
      await page.reload();
      await expect(page.getByLabel('Search by item name')).toHaveValue(name);
      await expect(page.getByRole('row').filter({ hasNotText: name })).toHaveCount(1); // the header
    });

    test('withdrawals: Export CSV of the filtered view downloads as many rows as the list counts', async ({
      page,
    }) => {
      await page.goto('/transactions/withdrawals?status=pending');
      const shown = page.getByText(/^Showing 1 to \d+ of [\d,]+ results$/);
      await expect(shown).toBeVisible();
      const total = Number(
        (await shown.textContent())!.replace(/^.* of ([\d,]+) results$/, '$1').replace(/,/g, ''),
      );
      expect(total).toBeGreaterThan(10);
      // An export copies players' data in bulk: the page's session steps up first.
      await stepUpPage(page);
      const download = page.waitForEvent('download');
      await page.getByRole('button', { name: 'Export CSV' }).click();
      const file = await download;
      expect(file.suggestedFilename()).toMatch(/^withdrawals-\d{4}-\d{2}-\d{2}\.csv$/);
      const text = await readFile((await file.path())!, 'utf8');
      expect(csvRecords(text) - 1, 'data rows (the header left out)').toBe(total);
      await expect(page.getByRole('button', { name: 'Export CSV' })).toBeVisible();
    });
  });
});
