import { test, expect } from './support/test';
import { shopOrdersResponseSchema, type ShopOrder } from '@manager/contract';
import { chooseOption, selectDropdown } from './support/antd';
import { adminApi } from './support/api';

test.describe('Commerce: shop-orders', { tag: '@commerce' }, () => {
  test('shop orders: revenue cards over the filtered set, filters, Clear Filters and 15 per page', async ({
    page,
    request,
  }) => {
    // Without a page the API answers the whole list (docs/api.md#lists).
    const orders = await (
      await adminApi(request)
    ).get('/manager/shop-orders', shopOrdersResponseSchema.options[0]);
    const sum = (list: ShopOrder[], c: string) =>
      list.filter((o) => o.currency === c).reduce((s, o) => s + o.price, 0);
    const card = (name: string) => page.getByRole('group', { name, exact: true });

    await page.goto('/shop/orders');
    await expect(card('Total Orders')).toContainText(String(orders.length));
    await expect(card('TON revenue')).toContainText(sum(orders, 'TON').toFixed(2));
    await expect(card('STAR revenue')).toContainText(sum(orders, 'STAR').toFixed(0));
    await expect(card('RED_CHIP revenue')).toContainText(sum(orders, 'RED_CHIP').toFixed(0));
    for (const column of ['Order ID', 'User', 'Item', 'Price', 'Type', 'Date']) {
      await expect(page.getByRole('columnheader', { name: column, exact: true })).toBeVisible();
    }
    await expect(page.getByRole('row')).toHaveCount(16);
    await expect(page.getByRole('row').nth(1)).toContainText(`${orders[0]!.id.slice(0, 8)}...`);

    await chooseOption(page, 'Filter by currency', 'TON');
    const ton = orders.filter((o) => o.currency === 'TON');
    await expect(card('Total Orders')).toContainText(String(ton.length));
    await expect(card('STAR revenue')).toContainText(/^STAR revenue0$/);

    await page.getByLabel('Filter by type', { exact: true }).click();
    await expect(selectDropdown(page).getByTitle('CUSTOM_AVATAR')).toHaveCount(0);
    await chooseOption(page, 'Filter by type', 'NOOB_PACK');
    const packs = ton.filter((o) => o.shopItem?.type === 'NOOB_PACK');
    expect(packs.length, 'seeded TON orders of a NOOB_PACK').toBeGreaterThan(0);
    await expect(card('Total Orders')).toContainText(String(packs.length));
    await expect(page.getByRole('row').nth(1).getByText('Bundle', { exact: true })).toBeVisible();

    await page.getByLabel('Search orders').fill('no-such-order-zzz');
    await expect(page.getByText('No orders found matching your criteria')).toBeVisible();

    // One in the toolbar, one in the empty state (docs/screens.md#list-controls): the empty state's.
    const clear = page.getByRole('button', { name: 'Clear Filters' });
    await expect(clear).toHaveCount(2);
    await clear.last().click();
    await expect(card('Total Orders')).toContainText(String(orders.length));
    await expect(clear).toHaveCount(1);
    await expect(clear).toBeDisabled();
    await expect(page.getByLabel('Search orders')).toHaveValue('');
    await page.getByRole('button', { name: 'Page 2' }).click();
    await expect(page.getByText(`Showing 16 to 30 of ${orders.length} results`)).toBeVisible();
    await chooseOption(page, 'Filter by time', 'Last 7 Days');
    await expect(page.getByText(/Showing 1 to/)).toBeVisible();
    const week = orders.filter((o) => Date.parse(o.createdAt) >= Date.now() - 7 * 86_400_000);
    await expect(card('Total Orders')).toContainText(String(week.length));
  });
});
