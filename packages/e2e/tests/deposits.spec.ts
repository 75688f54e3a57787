import type { Page } from '@playwright/test';
import { test, expect } from './support/test';
import { starsPaymentsResponseSchema, tonPaymentsResponseSchema } from '@manager/contract';
import { chooseOption } from './support/antd';
import { adminApi } from './support/api';
import { expectNoHorizontalScroll } from './support/page';
import { fixed, rate } from './support/transactions';

test.describe('Transactions: deposits', { tag: '@transactions' }, () => {
  const card = (page: Page, name: string) => page.getByRole('group', { name });

  test.describe('deposits', () => {
    test('TON payments: stats, table and pagination equal the API over the whole seeded set', async ({
      page,
      request,
    }) => {
      const data = await (
        await adminApi(request)
      ).get('/manager/transactions/ton-payments?page=1&limit=20', tonPaymentsResponseSchema);
      await page.goto('/transactions/deposits');
      await expect(page.getByRole('tab', { name: 'TON Payments', selected: true })).toBeVisible();
      await expect(card(page, 'Completed Deposits')).toContainText(
        `${fixed(data.stats.completedAmount, 2)} TON`,
      );
      await expect(card(page, 'Completed Fees')).toContainText(`${fixed(data.stats.completedFee, 2)} TON`);
      await expect(card(page, 'Success Rate')).toContainText(`${rate(data.stats)}%`);
      await expect(
        page.getByText(`Showing 1 to 20 of ${data.pagination.totalPayments} results`),
      ).toBeVisible();
      const first = data.payments[0]!;
      const row = page.getByRole('row').nth(1);
      await expect(row).toContainText(first.transactionId!);
      await expect(row).toContainText(`${fixed(first.amount, 2)} TON`);
      await page.getByRole('button', { name: 'Page 2' }).click();
      await expect(
        page.getByText(`Showing 21 to 40 of ${data.pagination.totalPayments} results`),
      ).toBeVisible();
    });

    test('TON filters (status, dates, amounts) narrow the list and the stats exactly as the API computes', async ({
      page,
      request,
    }) => {
      const api = await adminApi(request);
      const all = await api.get('/manager/transactions/ton-payments?limit=1', tonPaymentsResponseSchema);
      expect(all.pagination.totalPayments).toBeGreaterThan(0);
      const from = new Date(Date.now() - 30 * 86_400_000).toISOString().slice(0, 10);
      const to = new Date().toISOString().slice(0, 10);
      const query = `status=true&startDate=${from}&endDate=${to}&minAmount=1&maxAmount=20.5`;
      const want = await api.get(
        `/manager/transactions/ton-payments?page=1&limit=20&${query}`,
        tonPaymentsResponseSchema,
      );
      expect(want.pagination.totalPayments).toBeGreaterThan(0);
      expect(want.pagination.totalPayments).toBeLessThan(all.pagination.totalPayments);

      await page.goto('/transactions/deposits');
      await expect(page.getByLabel('Min amount')).toHaveCount(0);
      await page.getByRole('button', { name: 'Show filters' }).click();
      const filters = page.getByRole('region', { name: 'Filters' });
      await chooseOption(filters, 'Status', 'Completed');
      await filters.getByLabel('Date from').fill(from);
      await filters.getByLabel('Date to').fill(to);
      await filters.getByLabel('Min amount').fill('1');
      await filters.getByLabel('Max amount').fill('20.5');
      await filters.getByLabel('Max amount').blur();
      await expect(card(page, 'Completed Deposits')).toContainText(
        `${fixed(want.stats.completedAmount, 2)} TON`,
      );
      await expect(card(page, 'Completed Fees')).toContainText(`${fixed(want.stats.completedFee, 2)} TON`);
      await expect(card(page, 'Success Rate')).toContainText('100.0%');
      expect(want.pagination.totalPayments, 'more filtered payments than one page').toBeGreaterThan(20);
      await expect(
        page.getByText(`Showing 1 to 20 of ${want.pagination.totalPayments} results`),
      ).toBeVisible();
      await expect(page.getByRole('row').filter({ hasText: 'Pending' })).toHaveCount(0);
      await expect(page.getByRole('row').nth(1)).toContainText(want.payments[0]!.transactionId!);

      // The panel collapses and keeps the filters; Clear brings the whole set back.
      await page.getByRole('button', { name: 'Hide filters' }).click();
      await expect(page.getByLabel('Min amount')).toHaveCount(0);
      await expect(card(page, 'Success Rate')).toContainText('100.0%');
      await page.getByRole('button', { name: 'Show filters' }).click();
      await page.getByRole('button', { name: 'Clear', exact: true }).click();
      await expect(card(page, 'Completed Deposits')).toContainText(
        `${fixed(all.stats.completedAmount, 2)} TON`,
      );
    });

    test('Stars payments: pending filter, integer amounts, stats from the API', async ({ page, request }) => {
      const api = await adminApi(request);
      const all = await api.get('/manager/transactions/stars-payments?limit=20', starsPaymentsResponseSchema);
      const pending = await api.get(
        '/manager/transactions/stars-payments?limit=20&status=false&minAmount=100',
        starsPaymentsResponseSchema,
      );
      await page.goto('/transactions/deposits');
      await page.getByRole('tab', { name: 'Stars Payments' }).click();
      await expect(card(page, 'Completed Deposits')).toContainText(
        `${fixed(all.stats.completedAmount, 0)} Stars`,
      );
      await expect(card(page, 'Success Rate')).toContainText(`${rate(all.stats)}%`);
      await page.getByRole('button', { name: 'Show filters' }).click();
      const filters = page.getByRole('region', { name: 'Filters' });
      await chooseOption(filters, 'Status', 'Pending');
      await filters.getByLabel('Min amount').fill('100');
      await filters.getByLabel('Min amount').blur();
      await expect(card(page, 'Success Rate')).toContainText('0.0%');
      await expect(card(page, 'Completed Deposits')).toContainText('0 Stars');
      await expect(card(page, 'Completed Deposits')).toContainText(
        `0 completed, ${pending.stats.pendingCount} pending`,
      );
      await expect(page.getByRole('row').nth(1)).toContainText(
        `${fixed(pending.payments[0]!.amount, 0)} Stars`,
      );
      await expect(page.getByRole('row').filter({ hasText: 'Completed' })).toHaveCount(0);
    });

    test('search by username', async ({ page, request }) => {
      const api = await adminApi(request);
      const data = await api.get('/manager/transactions/ton-payments?limit=20', tonPaymentsResponseSchema);
      // Someone further down the first page, so the search visibly changes the list.
      const username = data.payments.slice(5).find((p) => p.user?.username)?.user?.username;
      expect(username, 'a payer with a username below the fifth row').toEqual(expect.any(String));
      const found = await api.get(
        `/manager/transactions/ton-payments?limit=20&search=${encodeURIComponent(username!)}`,
        tonPaymentsResponseSchema,
      );
      await page.goto('/transactions/deposits');
      await expect(page.getByRole('row')).toHaveCount(21);
      await page.getByLabel('Search payments').fill(username!);
      const rows = page.getByRole('row');
      await expect(rows).toHaveCount(found.payments.length + 1);
      await expect(rows.filter({ hasNotText: username! })).toHaveCount(1); // the header
    });

    test('a search and a filter that match nothing show No payments found with Clear Filters, which brings every payment back', async ({
      page,
      request,
    }) => {
      const data = await (
        await adminApi(request)
      ).get('/manager/transactions/ton-payments?page=1&limit=20', tonPaymentsResponseSchema);
      await page.goto('/transactions/deposits');
      await page.getByRole('button', { name: 'Show filters' }).click();
      await chooseOption(page.getByRole('region', { name: 'Filters' }), 'Status', 'Pending');
      await expect.poll(() => new URL(page.url()).search).toBe('?ton.status=pending');
      await page.getByLabel('Search payments').fill('no such payer or transaction');
      await expect
        .poll(() => Object.fromEntries(new URL(page.url()).searchParams))
        .toEqual({ 'ton.status': 'pending', 'ton.q': 'no such payer or transaction' });
      const empty = page
        .getByRole('cell')
        .filter({ has: page.getByRole('heading', { name: 'No payments found' }) });
      await expect(empty).toBeVisible();
      await empty.getByRole('button', { name: 'Clear Filters' }).click();
      await expect.poll(() => new URL(page.url()).search).toBe('');
      await expect(page.getByLabel('Search payments')).toHaveValue('');
      await expect(page.getByRole('region', { name: 'Filters' })).toContainText('All');
      await expect(
        page.getByText(`Showing 1 to 20 of ${data.pagination.totalPayments} results`),
      ).toBeVisible();
      await expect(page.getByRole('row').nth(1)).toContainText(data.payments[0]!.transactionId!);
      await expect(page.getByRole('button', { name: 'Clear Filters' })).toBeDisabled();
    });

    test('phone width: payment cards with the masked transaction id', async ({ page, request }) => {
      await page.setViewportSize({ width: 375, height: 740 });
      const data = await (
        await adminApi(request)
      ).get('/manager/transactions/ton-payments?limit=20', tonPaymentsResponseSchema);
      await page.goto('/transactions/deposits');
      await expect(page.getByRole('table')).toHaveCount(0);
      const first = page.getByTestId('payment-card').first();
      await expect(first).toContainText(`Tx: ${data.payments[0]!.transactionId!}`);
      await expect(page.getByTestId('payment-card')).toHaveCount(20);
      await expectNoHorizontalScroll(page);
    });
  });
});
