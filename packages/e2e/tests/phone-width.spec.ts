import type { Locator } from '@playwright/test';
import { test, expect } from './support/test';
import { lootBoxesResponseSchema, PAGE_SIZES, shopItemsResponseSchema } from '@manager/contract';
import { chooseOption } from './support/antd';
import { adminApi } from './support/api';
import { scan, summary } from './support/axe';
import { expectNoHorizontalScroll } from './support/page';

test.describe('Shell: phone-width', { tag: '@shell' }, () => {
  const cardNames = (cards: Locator) =>
    cards.evaluateAll((els) => els.map((el) => el.getAttribute('aria-label')));

  // At a phone's width every list is one card per row and the top bar one row (docs/screens.md).
  test.describe("at a phone's width", () => {
    test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

    test('the top bar is one row with named counters and buttons', async ({ page }) => {
      await page.goto('/dashboard');
      const banner = page.getByRole('banner');
      const first = banner.getByRole('button', { name: 'Open menu' });
      const last = banner.getByRole('button', { name: 'Logout' });
      await expect(banner.getByText('Active Games:')).toBeAttached();
      await expect(banner.getByRole('button', { name: 'About' })).toBeVisible();
      const [menuBox, logoutBox, counters] = await Promise.all([
        first.boundingBox(),
        last.boundingBox(),
        banner.getByTitle('Total Users').boundingBox(),
      ]);
      expect(menuBox!.y).toBe(logoutBox!.y);
      expect(counters!.y).toBeGreaterThanOrEqual(menuBox!.y - 4);
      expect(counters!.y + counters!.height).toBeLessThanOrEqual(menuBox!.y + menuBox!.height + 4);
      expect(await banner.evaluate((el) => el.getBoundingClientRect().height)).toBeLessThan(64);
      await expectNoHorizontalScroll(page);
    });

    test('shop items are cards with their actions', async ({ page, request }) => {
      const items = await (
        await adminApi(request)
      ).get('/manager/shop-items', shopItemsResponseSchema.options[0]);
      expect(items.length, 'seeded shop items').toBeGreaterThan(0);
      await page.goto('/shop/list');
      const cards = page.getByRole('listitem');
      await expect(cards).toHaveCount(Math.min(PAGE_SIZES.SHOP_ITEMS, items.length));
      const first = cards.first();
      await expect(first.getByText('Price')).toBeVisible();
      await expect(first.getByRole('button', { name: /^Edit / })).toBeVisible();
      await expect(page.getByRole('table')).toHaveCount(0);
      await expectNoHorizontalScroll(page);

      // No headers to click on a card: the table's sorts are a Sort by choice, in the API's order.
      const api = await adminApi(request);
      const byPrice = await api.get(
        `/manager/shop-items?page=1&limit=${PAGE_SIZES.SHOP_ITEMS}&sort=-price`,
        shopItemsResponseSchema.options[1],
      );
      const expected = byPrice.items.map((i) => i.titleEn);
      expect(expected, 'the default order differs').not.toEqual(
        items.slice(0, PAGE_SIZES.SHOP_ITEMS).map((i) => i.titleEn),
      );
      await chooseOption(page, 'Sort by', 'Price, descending');
      await expect(page).toHaveURL(/\/shop\/list\?sort=-price$/);
      await expect(cards.first()).toHaveAccessibleName(expected[0]!);
      expect(await cardNames(cards)).toEqual(expected);
      expect(summary(await scan(page, '/shop/list at 390px, sorted'))).toEqual([]);
      await page.getByRole('button', { name: 'Clear Filters' }).click();
      await expect(page).toHaveURL(/\/shop\/list$/);
      await expect(cards.first()).toHaveAccessibleName(items[0]!.titleEn);
    });

    test('loot boxes are cards named by the box', async ({ page, request }) => {
      const boxes = await (
        await adminApi(request)
      ).get('/manager/loot-boxes', lootBoxesResponseSchema.options[0]);
      expect(boxes.length, 'seeded loot boxes').toBeGreaterThan(0);
      await page.goto('/shop/loot-boxes');
      await expect(page.getByRole('listitem', { name: boxes[0]!.name })).toBeVisible();
      await expect(page.getByRole('listitem')).toHaveCount(Math.min(PAGE_SIZES.LOOT_BOXES, boxes.length));
      await expect(page.getByRole('table')).toHaveCount(0);
      await expectNoHorizontalScroll(page);

      const byAmount = await (
        await adminApi(request)
      ).get(
        `/manager/loot-boxes?page=1&limit=${PAGE_SIZES.LOOT_BOXES}&sort=-amount`,
        lootBoxesResponseSchema.options[1],
      );
      const expected = byAmount.lootBoxes.map((b) => b.name);
      expect(expected, 'the default order differs').not.toEqual(
        boxes.slice(0, PAGE_SIZES.LOOT_BOXES).map((b) => b.name),
      );
      await chooseOption(page, 'Sort by', 'Amount (Stars), descending');
      await expect(page).toHaveURL(/\/shop\/loot-boxes\?sort=-amount$/);
      await expect(page.getByRole('listitem').first()).toHaveAccessibleName(expected[0]!);
      expect(await cardNames(page.getByRole('listitem'))).toEqual(expected);
    });

    test('shop orders and the leaderboard are cards', async ({ page }) => {
      await page.goto('/shop/orders');
      const order = page.getByRole('listitem', { name: /^Order / }).first();
      await expect(order).toBeVisible();
      await expect(order.getByRole('link')).toHaveAttribute('href', /^\/users\/detail\/\d+$/);
      await expect(page.getByRole('table')).toHaveCount(0);
      await expectNoHorizontalScroll(page);

      await page.goto('/users/stats');
      const first = page.getByRole('listitem', { name: /^Rank 1: / });
      await expect(first).toBeVisible();
      await expect(first.getByRole('img', { name: 'Rank 1' })).toBeVisible();
      // The Summary stays a small table; the board itself has no column headers.
      await expect(page.getByRole('columnheader', { name: 'Wins' })).toHaveCount(0);
      await expectNoHorizontalScroll(page);
    });

    test('a page change starts at the top of the new page', async ({ page }) => {
      await page.goto('/game/list');
      const next = page.getByRole('button', { name: 'Next page' });
      await next.scrollIntoViewIfNeeded();
      expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(500);
      await next.click();
      await expect(page.getByRole('button', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
      await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
    });
  });
});
