import fs from 'node:fs';
import type { Page, Response } from '@playwright/test';
import { test, expect, stackOnly } from './support/test';
import { E2E } from '@manager/stack/ports';
import { chooseOption } from './support/antd';
import { ADMIN, fillLogin } from './support/env';
import { usePrivateApi } from './support/private-api';
import { seedShopOrders, type ShopOrderTotals } from './support/shop-volume';

test.describe(
  'Commerce: shop-orders-volume',
  stackOnly('an API of its own on a database of 20,000 shop orders', '@commerce'),
  () => {
    // 20,000 shop orders: more than the shared stack seeds, so this spec runs against an API of its
    // own on a PGlite folder seeded here (200 players, their demo data, the orders topped up by SQL).
    const ORDERS = 20_000;
    const DIR = `/tmp/manager-e2e-shop-volume-${E2E.offset}`;
    const MAX_PAGE_BYTES = 100 * 1024;

    test.use({ storageState: { cookies: [], origins: [] } });
    test.setTimeout(120_000);

    let totals: ShopOrderTotals;
    test.beforeAll(async () => {
      test.setTimeout(300_000);
      totals = await seedShopOrders(DIR, { users: 200, orders: ORDERS });
    });
    usePrivateApi({ PGLITE_DIR: DIR });
    // After the API's own afterAll (hooks run in the order declared): the folder is only this spec's.
    test.afterAll(() => fs.rmSync(DIR, { recursive: true, force: true }));

    const isOrdersPage = (response: Response) => {
      const url = new URL(response.url());
      return url.pathname.endsWith('/shop-orders') && response.request().method() === 'GET';
    };
    const card = (page: Page, name: string) => page.getByRole('group', { name, exact: true });

    test('20,000 shop orders: page 1 comes from the server under 100 KB, the revenue cards are the database sums, filters and page live in the URL', async ({
      page,
    }) => {
      expect(totals.total, 'seeded shop orders').toBe(ORDERS);
      await page.goto('/login');
      await fillLogin(page, ADMIN.username, ADMIN.password);
      await expect(page).toHaveURL(/\/dashboard$/);

      const first = page.waitForResponse(isOrdersPage);
      await page.goto('/shop/orders');
      const response = await first;
      const body = await response.body();
      expect(new URL(response.url()).searchParams.get('page')).toBe('1');
      expect(body.byteLength, 'page 1 of shop orders in bytes').toBeLessThan(MAX_PAGE_BYTES);
      const { data } = JSON.parse(body.toString()) as {
        data: { orders: unknown[]; pagination: { totalOrders: number } };
      };
      expect(data.orders).toHaveLength(15);
      expect(data.pagination.totalOrders).toBe(ORDERS);

      await expect(card(page, 'Total Orders')).toContainText(String(ORDERS));
      await expect(card(page, 'TON revenue')).toContainText(Number(totals.ton).toFixed(2));
      await expect(card(page, 'STAR revenue')).toContainText(Number(totals.star).toFixed(0));
      await expect(card(page, 'RED_CHIP revenue')).toContainText(Number(totals.redChip).toFixed(0));
      await expect(page.getByText(`Showing 1 to 15 of ${ORDERS} results`)).toBeVisible();
      await expect(page.getByRole('row')).toHaveCount(16);

      await chooseOption(page, 'Filter by currency', 'TON');
      await expect(page).toHaveURL(/\/shop\/orders\?currency=TON$/);
      await expect(card(page, 'Total Orders')).toContainText(String(totals.tonOrders));
      await expect(card(page, 'TON revenue')).toContainText(Number(totals.ton).toFixed(2));
      await expect(card(page, 'STAR revenue')).toContainText(/^STAR revenue0$/);
      const firstRow = page.getByRole('row').nth(1);
      const pageOne = await firstRow.textContent();
      await page.getByRole('button', { name: 'Page 2' }).click();
      await expect(page).toHaveURL(/\/shop\/orders\?currency=TON&page=2$/);
      await expect(page.getByText(`Showing 16 to 30 of ${totals.tonOrders} results`)).toBeVisible();
      // Page 1's rows stay until page 2 arrives.
      await expect(firstRow).not.toHaveText(pageOne!);
      const secondPage = await firstRow.textContent();

      await page.reload();
      await expect(page.getByText(`Showing 16 to 30 of ${totals.tonOrders} results`)).toBeVisible();
      await expect(card(page, 'Total Orders')).toContainText(String(totals.tonOrders));
      await expect(card(page, 'STAR revenue')).toContainText(/^STAR revenue0$/);
      await expect(page.getByRole('row').nth(1)).toHaveText(secondPage!);

      await page.goBack();
      await expect(page).toHaveURL(/\/shop\/orders\?currency=TON$/);
      await expect(page.getByText(`Showing 1 to 15 of ${totals.tonOrders} results`)).toBeVisible();
      await page.goBack();
      await expect(page.getByText(`Showing 1 to 15 of ${ORDERS} results`)).toBeVisible();
    });
  },
);
