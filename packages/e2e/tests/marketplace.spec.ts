import type { Locator } from '@playwright/test';
import { test, expect } from './support/test';
import { marketplaceOrdersResponseSchema, marketplaceResponseSchema } from '@manager/contract';
import { chooseOption } from './support/antd';
import { adminApi } from './support/api';
import { scan, summary } from './support/axe';
import { expectNoHorizontalScroll } from './support/page';

test.describe('Commerce: marketplace', { tag: '@commerce' }, () => {
  const ariaLabels = (cards: Locator) =>
    cards.evaluateAll((els) => els.map((el) => el.getAttribute('aria-label')));

  test('marketplace items: count, cards with placeholder images, search and paging', async ({
    page,
    request,
  }) => {
    // Many views of 20 to 50 gift cards (and an axe scan): past the default minute on a busy machine.
    test.slow();
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
    await expect(page).toHaveURL(/\/marketplace\/list\?q=no\+such\+gift\+zzz$/);
    // The search is why the list is empty: Clear Filters is in the toolbar and in the empty state.
    const clears = page.getByRole('main').getByRole('button', { name: 'Clear Filters' });
    await expect(clears).toHaveCount(2);
    expect(summary(await scan(page, '/marketplace/list, empty by its search'))).toEqual([]);
    await clears.last().click();
    await expect(page).toHaveURL(/\/marketplace\/list$/);
    await expect(search).toHaveValue('');
    await expect(page.getByText(`${total} items available`)).toBeVisible();
    await expect(cards).toHaveCount(20);
    await expect(cards.first()).toContainText(newest.name);
    await expect(page.getByRole('button', { name: 'Clear Filters' })).toBeDisabled();
  });

  test('marketplace items: Rows per page 50 asks the API for 50, keeps size in the address and Clear Filters', async ({
    page,
    request,
  }) => {
    // Many views of 20 to 50 gift cards (and an axe scan): past the default minute on a busy machine.
    test.slow();
    const api = await adminApi(request);
    const first = await api.get('/manager/marketplace?page=1&limit=50', marketplaceResponseSchema);
    const second = await api.get('/manager/marketplace?page=2&limit=50', marketplaceResponseSchema);
    const total = first.pagination.totalItems;
    expect(total, 'seeded marketplace items').toBeGreaterThan(100);

    await page.goto('/marketplace/list');
    const cards = page.getByRole('main').getByRole('article');
    await expect(page.getByText(`Showing 1 to 20 of ${total} results`)).toBeVisible();
    await chooseOption(page, 'Rows per page', '50 / page');
    await expect(page).toHaveURL(/\/marketplace\/list\?size=50$/);
    await expect(page.getByText(`Showing 1 to 50 of ${total} results`)).toBeVisible();
    await expect(cards).toHaveCount(50);
    expect(await ariaLabels(cards)).toEqual(first.items.map((i) => i.name));

    await page.getByRole('button', { name: 'Page 2' }).click();
    await expect(page).toHaveURL(/\/marketplace\/list\?size=50&page=2$/);
    await expect(page.getByText(`Showing 51 to 100 of ${total} results`)).toBeVisible();
    await expect(cards.first()).toHaveAccessibleName(second.items[0]!.name);
    expect(await ariaLabels(cards)).toEqual(second.items.map((i) => i.name));

    // A reload shows the same view; a search starts again at page 1 and keeps the size.
    await page.reload();
    await expect(page.getByText(`Showing 51 to 100 of ${total} results`)).toBeVisible();
    const search = page.getByLabel('Search marketplace items');
    await search.fill(first.items[0]!.name);
    await search.press('Enter');
    await expect(page).toHaveURL(/\/marketplace\/list\?size=50&q=[^&]+$/);
    await page.getByRole('button', { name: 'Clear Filters' }).click();
    await expect(page).toHaveURL(/\/marketplace\/list\?size=50$/);
    await expect(page.getByText(`Showing 1 to 50 of ${total} results`)).toBeVisible();
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
    await expect(page).toHaveURL(/\/marketplace\/orders\?q=zzz-no-order$/);
    await page.getByRole('button', { name: 'Clear Filters' }).last().click();
    await expect(page).toHaveURL(/\/marketplace\/orders$/);
    await expect(search).toHaveValue('');
    await expect(page.getByText(`${total} orders found`)).toBeVisible();
    await expect(page.getByRole('row')).toHaveCount(21);

    await page.setViewportSize({ width: 375, height: 740 });
    await page.goto('/marketplace/orders');
    await expect(page.getByText(`${total} orders found`)).toBeVisible();
    await expect(page.getByRole('table')).toHaveCount(0);
    const cards = page.getByRole('main').getByRole('listitem');
    await expect(cards).toHaveCount(20);
    await expect(cards.first()).toHaveAccessibleName(`Order ${newest.item.name}`);
    await expect(cards.first()).toContainText(newest.item.name);
    await expect(cards.first()).toContainText('Total:');
    await expectNoHorizontalScroll(page);
  });
});
