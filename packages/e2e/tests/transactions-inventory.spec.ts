import { test, expect } from './support/test';
import { inventoryResponseSchema } from '@manager/contract';
import { adminApi } from './support/api';

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

test('packages: the heading-only page', async ({ page }) => {
  await page.goto('/transactions/packages');
  await expect(page.getByRole('heading', { level: 1, name: 'Packages' })).toBeVisible();
});
