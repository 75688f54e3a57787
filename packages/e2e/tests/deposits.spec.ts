import { test, expect, type Page } from '@playwright/test';
import { chooseOption } from './support/commerce';
import { apiGet } from './support/env';
import { apiToken, fixed, rate, type PaymentsPage } from './support/transactions';

const card = (page: Page, name: string) => page.getByRole('group', { name });

test.describe('deposits', () => {
  test('TON payments: stats, table and pagination equal the API over the whole seeded set', async ({ page, request }) => {
    const data = await apiGet<PaymentsPage>(request, '/manager/transactions/ton-payments?page=1&limit=20', await apiToken(request));
    await page.goto('/transactions/deposits');
    await expect(page.getByRole('tab', { name: 'TON Payments', selected: true })).toBeVisible();
    await expect(card(page, 'Completed Deposits')).toContainText(`${fixed(data.stats.completedAmount, 2)} TON`);
    await expect(card(page, 'Completed Fees')).toContainText(`${fixed(data.stats.completedFee, 2)} TON`);
    await expect(card(page, 'Success Rate')).toContainText(`${rate(data.stats)}%`);
    await expect(page.getByText(`Showing 1 to 20 of ${data.pagination.totalPayments} results`)).toBeVisible();
    const first = data.payments[0]!;
    const row = page.getByRole('row').nth(1);
    await expect(row).toContainText(first.transactionId!.slice(0, 8));
    await expect(row).toContainText(`${fixed(first.amount, 2)} TON`);
    await page.getByRole('button', { name: 'Page 2' }).click();
    await expect(page.getByText(`Showing 21 to 40 of ${data.pagination.totalPayments} results`)).toBeVisible();
  });

  test('TON filters (status, dates, amounts) narrow the list and the stats exactly as the API computes', async ({ page, request }) => {
    const token = await apiToken(request);
    const all = await apiGet<PaymentsPage>(request, '/manager/transactions/ton-payments?limit=1', token);
    expect(all.pagination.totalPayments).toBeGreaterThan(0);
    const from = new Date(Date.now() - 30 * 86_400_000).toISOString().slice(0, 10);
    const to = new Date().toISOString().slice(0, 10);
    const query = `status=true&startDate=${from}&endDate=${to}&minAmount=1&maxAmount=20.5`;
    const want = await apiGet<PaymentsPage>(request, `/manager/transactions/ton-payments?page=1&limit=20&${query}`, token);
    expect(want.pagination.totalPayments).toBeGreaterThan(0);
    expect(want.pagination.totalPayments).toBeLessThan(all.pagination.totalPayments);

    await page.goto('/transactions/deposits');
    await expect(page.getByLabel('Min amount')).toHaveCount(0);
    await page.getByRole('button', { name: 'Show filters' }).click();
    const filters = page.getByRole('region', { name: 'Filters' });
    await chooseOption(page, filters, 'Status', 'Completed');
    await filters.getByLabel('Date from').fill(from);
    await filters.getByLabel('Date to').fill(to);
    await filters.getByLabel('Min amount').fill('1');
    await filters.getByLabel('Max amount').fill('20.5');
    await filters.getByLabel('Max amount').blur();
    await expect(card(page, 'Completed Deposits')).toContainText(`${fixed(want.stats.completedAmount, 2)} TON`);
    await expect(card(page, 'Completed Fees')).toContainText(`${fixed(want.stats.completedFee, 2)} TON`);
    await expect(card(page, 'Success Rate')).toContainText('100.0%');
    const summary = want.pagination.totalPayments > 20 ? `Showing 1 to 20 of ${want.pagination.totalPayments} results` : null;
    if (summary) await expect(page.getByText(summary)).toBeVisible();
    await expect(page.getByRole('row').filter({ hasText: 'Pending' })).toHaveCount(0);
    await expect(page.getByRole('row').nth(1)).toContainText(want.payments[0]!.transactionId!.slice(0, 8));

    // The panel collapses and keeps the filters; Clear brings the whole set back.
    await page.getByRole('button', { name: 'Hide filters' }).click();
    await expect(page.getByLabel('Min amount')).toHaveCount(0);
    await expect(card(page, 'Success Rate')).toContainText('100.0%');
    await page.getByRole('button', { name: 'Show filters' }).click();
    await page.getByRole('button', { name: 'Clear' }).click();
    await expect(card(page, 'Completed Deposits')).toContainText(`${fixed(all.stats.completedAmount, 2)} TON`);
  });

  test('Stars payments: pending filter, integer amounts, stats from the API', async ({ page, request }) => {
    const token = await apiToken(request);
    const all = await apiGet<PaymentsPage>(request, '/manager/transactions/stars-payments?limit=20', token);
    const pending = await apiGet<PaymentsPage>(request, '/manager/transactions/stars-payments?limit=20&status=false&minAmount=100', token);
    await page.goto('/transactions/deposits');
    await page.getByRole('tab', { name: 'Stars Payments' }).click();
    await expect(card(page, 'Completed Deposits')).toContainText(`${fixed(all.stats.completedAmount, 0)} Stars`);
    await expect(card(page, 'Success Rate')).toContainText(`${rate(all.stats)}%`);
    await page.getByRole('button', { name: 'Show filters' }).click();
    const filters = page.getByRole('region', { name: 'Filters' });
    await chooseOption(page, filters, 'Status', 'Pending');
    await filters.getByLabel('Min amount').fill('100');
    await filters.getByLabel('Min amount').blur();
    await expect(card(page, 'Success Rate')).toContainText('0.0%');
    await expect(card(page, 'Completed Deposits')).toContainText('0 Stars');
    await expect(card(page, 'Completed Deposits')).toContainText(`0 completed, ${pending.stats.pendingCount} pending`);
    await expect(page.getByRole('row').nth(1)).toContainText(`${fixed(pending.payments[0]!.amount, 0)} Stars`);
    await expect(page.getByRole('row').filter({ hasText: 'Completed' })).toHaveCount(0);
  });

  test('search by username', async ({ page, request }) => {
    const token = await apiToken(request);
    const data = await apiGet<PaymentsPage>(request, '/manager/transactions/ton-payments?limit=20', token);
    // Someone further down the first page, so the search visibly changes the list.
    const username = data.payments.slice(5).find((p) => p.user?.username)!.user!.username!;
    const found = await apiGet<PaymentsPage>(request, `/manager/transactions/ton-payments?limit=20&search=${encodeURIComponent(username)}`, token);
    await page.goto('/transactions/deposits');
    await expect(page.getByRole('row')).toHaveCount(21);
    await page.getByLabel('Search payments').fill(username);
    const rows = page.getByRole('row');
    await expect(rows).toHaveCount(found.payments.length + 1);
    await expect(rows.filter({ hasNotText: username })).toHaveCount(1); // the header
  });

  test('phone width: payment cards with 16 characters of the transaction id', async ({ page, request }) => {
    await page.setViewportSize({ width: 375, height: 740 });
    const data = await apiGet<PaymentsPage>(request, '/manager/transactions/ton-payments?limit=20', await apiToken(request));
    await page.goto('/transactions/deposits');
    await expect(page.getByRole('table')).toHaveCount(0);
    const first = page.getByTestId('payment-card').first();
    await expect(first).toContainText(`${data.payments[0]!.transactionId!.slice(0, 16)}...`);
    await expect(page.getByTestId('payment-card')).toHaveCount(20);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  });
});
