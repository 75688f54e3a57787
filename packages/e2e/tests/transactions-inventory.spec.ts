import type { Page } from '@playwright/test';
import { test, expect } from './support/test';
import { inventoryResponseSchema } from '@manager/contract';
import { chooseOption } from './support/antd';
import { adminApi } from './support/api';

test.describe('Transactions: transactions-inventory', { tag: '@transactions' }, () => {
  /** The address's query, as a person reads it in the address bar. */
  const query = (page: Page) => Object.fromEntries(new URL(page.url()).searchParams);

  test('inventory: table of gifts with pages of 20 and search by item name', async ({ page, request }) => {
    const data = await (
      await adminApi(request)
    ).get('/manager/transactions/inventory?page=1&limit=20', inventoryResponseSchema);
    await page.goto('/transactions/inventory');
    for (const header of ['User', 'Item', 'Value', 'Date'])
      await expect(page.getByRole('columnheader', { name: header })).toBeVisible();
    await expect(page.getByText(`Showing 1 to 20 of ${data.pagination.totalItems} results`)).toBeVisible();
    const first = data.items[0]!;
    await expect(page.getByRole('row').nth(1)).toContainText(first.name);
    await expect(page.getByRole('row').nth(1)).toContainText(`${first.price.toFixed(2)} TON`);

    await page.getByLabel('Search by item name').fill(first.name);
    await expect(page.getByRole('row').filter({ hasText: first.name }).first()).toBeVisible();
    await expect(page.getByRole('row').filter({ hasNotText: first.name })).toHaveCount(1); // the header
    await page.getByLabel('Search by item name').fill('no such gift at all');
    await expect(page.getByText('No items found')).toBeVisible();
  });

  test('inventory: Rows per page 50 shows 50 gifts, keeps size in the address, and the pager counts as the API', async ({
    page,
    request,
  }) => {
    const data = await (
      await adminApi(request)
    ).get('/manager/transactions/inventory?page=1&limit=50', inventoryResponseSchema);
    const total = data.pagination.totalItems;
    expect(total, 'more gifts than 50').toBeGreaterThan(50);
    await page.goto('/transactions/inventory');
    await expect(page.getByText(`Showing 1 to 20 of ${total} results`)).toBeVisible();
    await expect(page.getByRole('row')).toHaveCount(21);
    await chooseOption(page, 'Rows per page', '50 / page');
    await expect.poll(() => query(page)).toEqual({ size: '50' });
    await expect(page.getByText(`Showing 1 to 50 of ${total} results`)).toBeVisible();
    await expect(page.getByRole('row')).toHaveCount(51);
    await expect(page.getByRole('row').nth(50)).toContainText(data.items[49]!.name);
    await page.getByRole('button', { name: 'Page 2' }).click();
    await expect(page.getByText(`Showing 51 to ${Math.min(100, total)} of ${total} results`)).toBeVisible();
    await expect.poll(() => query(page)).toEqual({ size: '50', page: '2' });
  });

  test('inventory: a search that finds nothing offers Clear Filters, which brings every gift back', async ({
    page,
    request,
  }) => {
    const data = await (
      await adminApi(request)
    ).get('/manager/transactions/inventory?page=1&limit=20', inventoryResponseSchema);
    await page.goto('/transactions/inventory');
    const clearFilters = page.getByRole('button', { name: 'Clear Filters' });
    await expect(clearFilters).toBeDisabled();
    await page.getByLabel('Search by item name').fill('no such gift at all');
    await expect.poll(() => query(page)).toEqual({ q: 'no such gift at all' });
    const empty = page
      .getByRole('cell')
      .filter({ has: page.getByRole('heading', { name: 'No items found' }) });
    await expect(empty).toBeVisible();
    await empty.getByRole('button', { name: 'Clear Filters' }).click();
    await expect.poll(() => query(page)).toEqual({});
    await expect(page.getByLabel('Search by item name')).toHaveValue('');
    await expect(page.getByText(`Showing 1 to 20 of ${data.pagination.totalItems} results`)).toBeVisible();
    await expect(page.getByRole('row').nth(1)).toContainText(data.items[0]!.name);
    await expect(clearFilters).toBeDisabled();
  });

  test('packages: the heading-only page', async ({ page }) => {
    await page.goto('/transactions/packages');
    await expect(page.getByRole('heading', { level: 1, name: 'Packages' })).toBeVisible();
  });
});
