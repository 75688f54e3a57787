import { test, expect } from './support/test';
import { marketplaceOrdersResponseSchema, marketplaceResponseSchema } from '@manager/contract';
import { adminApi } from './support/api';
import { expectNoHorizontalScroll } from './support/page';

test('marketplace items: count, cards with placeholder images, search and paging', async ({
  page,
  request,
}) => {
  const first = await (await adminApi(request)).get('/manager/marketplace', marketplaceResponseSchema);
  const total = first.pagination.totalItems;
  expect(first.pagination.totalPages).toBeGreaterThan(2);

  await page.goto('/marketplace/list');
  await expect(page.getByRole('heading', { level: 1, name: 'Marketplace', exact: true })).toBeVisible();
  await expect(page.getByText(`${total} items available`)).toBeVisible();
  const cards = page.getByRole('main').getByRole('article');
  await expect(cards).toHaveCount(20);
  const newest = first.items[0]!;
  await expect(cards.first()).toContainText(newest.name);
  await expect(cards.first()).toContainText(`${newest.price.toFixed(2)} TON`);
  // The NFT host is unreachable here: the gift picture falls back to the local placeholder.
  await expect(cards.first().getByRole('img', { name: newest.name })).toHaveAttribute(
    'src',
    /^data:image\/svg\+xml/,
  );

  await page.getByRole('button', { name: 'Page 2' }).click();
  await expect(page.getByText(`Showing 21 to 40 of ${total} results`)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
  await expect(page.getByRole('navigation', { name: 'Pagination' }).getByText('...')).toBeVisible();

  // Searching goes back to page 1 and shows only matches.
  const search = page.getByLabel('Search marketplace items');
  await search.fill(newest.name);
  await search.press('Enter');
  await expect(cards.first()).toContainText(newest.name);
  await expect(page.getByText(/^1 items available$/)).toBeVisible();

  await search.fill('no such gift zzz');
  await search.press('Enter');
  await expect(page.getByText('No marketplace items found')).toBeVisible();
  await expect(page.getByText('Try adjusting your search terms')).toBeVisible();
});

test('marketplace orders: table on desktop, search, cards at a phone width', async ({ page, request }) => {
  const first = await (
    await adminApi(request)
  ).get('/manager/marketplace/orders', marketplaceOrdersResponseSchema);
  const total = first.pagination.totalOrders;

  await page.goto('/marketplace/orders');
  await expect(page.getByText(`${total} orders found`)).toBeVisible();
  for (const column of ['Item', 'Buyer', 'Seller', 'Prices', 'Date']) {
    await expect(page.getByRole('columnheader', { name: column, exact: true })).toBeVisible();
  }
  await expect(page.getByRole('row')).toHaveCount(21);
  const newest = first.orders[0]!;
  await expect(page.getByRole('row').nth(1)).toContainText(newest.item.name);

  const search = page.getByLabel('Search marketplace orders');
  await search.fill(newest.item.name);
  await search.press('Enter');
  await expect(page.getByText(/^1 orders found$/)).toBeVisible();
  await search.fill('zzz-no-order');
  await search.press('Enter');
  await expect(page.getByText('No marketplace orders found')).toBeVisible();

  await page.setViewportSize({ width: 375, height: 740 });
  await page.goto('/marketplace/orders');
  await expect(page.getByText(`${total} orders found`)).toBeVisible();
  await expect(page.getByRole('table')).toHaveCount(0);
  const cards = page.getByRole('main').getByRole('article');
  await expect(cards).toHaveCount(20);
  await expect(cards.first()).toContainText(newest.item.name);
  await expect(cards.first()).toContainText('Total:');
  await expectNoHorizontalScroll(page);
});
