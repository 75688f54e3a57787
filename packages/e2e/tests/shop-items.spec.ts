import type { Page } from '@playwright/test';
import { test, expect } from './support/test';
import { shopItemsResponseSchema } from '@manager/contract';
import { answerConfirmModal, chooseOption } from './support/antd';
import { adminApi } from './support/api';
import { png, unique } from './support/fixtures';
import { toastWith } from './support/page';
import { stepUpPage } from './support/step-up';

test.describe('Commerce: shop-items', { tag: '@commerce' }, () => {
  const row = (page: Page, title: string) => page.getByRole('row').filter({ hasText: title });

  async function addItem(page: Page, title: string) {
    await page.getByRole('button', { name: 'Add New Item' }).click();
    const drawer = page.getByRole('dialog', { name: 'Add New Item' });
    await chooseOption(drawer, 'Type', 'FRAME');
    await drawer.getByLabel('Title (English)').fill(title);
    await drawer.getByLabel('Title (Russian)').fill(`${title} ru`);
    await drawer.getByLabel('Description (English)').fill('A frame made by the e2e test');
    await drawer.getByLabel('Description (Russian)').fill('Рамка из теста');
    await drawer.getByLabel('Price').fill('1.5');
    await drawer.getByLabel('Photo', { exact: true }).setInputFiles(png('photo.png'));
    await drawer.getByLabel('Thumbnail', { exact: true }).setInputFiles(png('thumb.png'));
    await drawer.getByRole('button', { name: 'Add Item' }).click();
    await expect(toastWith(page, 'Shop item added successfully!')).toBeVisible();
    // The form is reset after a successful add.
    await expect(drawer.getByLabel('Title (English)')).toHaveValue('');
    await drawer.getByRole('button', { name: 'Cancel' }).click();
  }

  test('add an item with images, edit it inline, toggle it and delete it', async ({ page }) => {
    // A whole journey (step-up, two uploads, an inline edit with a third, toggle twice, delete):
    // past the default minute on a busy machine.
    test.slow();
    const title = unique('E2E Frame');
    await page.goto('/shop/list');
    await expect(page.getByRole('heading', { level: 1, name: 'Shop', exact: true })).toBeVisible();
    // A new item sets a price: the page's session steps up first.
    await stepUpPage(page);
    await addItem(page, title);

    await page.getByLabel('Search shop items').fill(title);
    await expect(row(page, title)).toHaveCount(1);
    const thumb = row(page, title).getByRole('img', { name: `${title} thumbnail` });
    await expect(thumb).toHaveAttribute('src', /\/uploads\/[0-9a-f-]{36}\.png$/);
    const firstThumb = await thumb.getAttribute('src');
    await expect(row(page, title)).toContainText('Active');

    // Inline edit: rename and replace only the thumbnail.
    await page.getByRole('button', { name: `Edit ${title}` }).click();
    const editor = page.getByRole('form', { name: `Edit ${title}` });
    await editor.getByLabel('Title (English)').fill(`${title} v2`);
    await editor.getByLabel('Thumbnail', { exact: true }).setInputFiles(png('new-thumb.png'));
    await editor.getByRole('button', { name: 'Update Item' }).click();
    await expect(toastWith(page, 'Shop item updated successfully!')).toBeVisible();
    const renamed = `${title} v2`;
    await expect(row(page, renamed).getByRole('img', { name: `${renamed} thumbnail` })).not.toHaveAttribute(
      'src',
      firstThumb!,
    );

    await page.getByRole('button', { name: `Disable ${renamed}` }).click();
    await expect(toastWith(page, 'Shop item disabled successfully!')).toBeVisible();
    await expect(row(page, renamed)).toContainText('Inactive');
    await page.getByRole('button', { name: `Enable ${renamed}` }).click();
    await expect(toastWith(page, 'Shop item enabled successfully!')).toBeVisible();

    await page.getByRole('button', { name: `Delete ${renamed}` }).click();
    await answerConfirmModal(page, `Are you sure you want to delete "${renamed}"?`, 'Delete');
    await expect(toastWith(page, 'Shop item deleted successfully!')).toBeVisible();
    await expect(page.getByText('No shop items found')).toBeVisible();
  });

  test('the bundle picker is only for NOOB_PACK, never lists packs, and clears when the type changes', async ({
    page,
  }) => {
    await page.goto('/shop/list');
    await page.getByRole('button', { name: 'Add New Item' }).click();
    const drawer = page.getByRole('dialog', { name: 'Add New Item' });
    await expect(drawer.getByRole('group', { name: 'Bundle items' })).toHaveCount(0);
    await chooseOption(drawer, 'Type', 'NOOB_PACK');
    const picker = drawer.getByRole('group', { name: 'Bundle items' });
    await expect(picker).toBeVisible();
    await expect(picker.getByText('Starter Pack', { exact: false })).toHaveCount(0);
    await expect(picker.getByText('(NOOB_PACK)')).toHaveCount(0);
    const first = picker.getByRole('checkbox').first();
    await first.check();
    await expect(first).toBeChecked();
    await chooseOption(drawer, 'Type', 'FRAME');
    await expect(picker).toHaveCount(0);
    await chooseOption(drawer, 'Type', 'NOOB_PACK');
    await expect(
      drawer.getByRole('group', { name: 'Bundle items' }).getByRole('checkbox', { checked: true }),
    ).toHaveCount(0);
  });

  test('filters, cards and client pagination of 10', async ({ page, request }) => {
    const items = await (
      await adminApi(request)
    ).get('/manager/shop-items', shopItemsResponseSchema.options[0]);
    const packs = items.filter((i) => i.type === 'NOOB_PACK').length;
    expect(packs, 'seeded NOOB_PACK items').toBeGreaterThan(0);
    await page.goto('/shop/list');
    for (const card of ['Total Items', 'Active', 'Inactive', 'Total Sales']) {
      await expect(page.getByRole('group', { name: card, exact: true })).toBeVisible();
    }
    await expect(page.getByRole('row')).toHaveCount(11);
    await expect(page.getByText(`Showing 1 to 10 of ${items.length} results`)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Clear Filters' })).toBeDisabled();
    await chooseOption(page, 'Filter by type', 'NOOB_PACK');
    await expect(page).toHaveURL(/\/shop\/list\?type=NOOB_PACK$/);
    await expect(page.getByRole('row').filter({ hasText: 'NOOB_PACK' })).toHaveCount(Math.min(10, packs));
    await expect(page.getByRole('row').filter({ hasText: 'FRAME' })).toHaveCount(0);

    // A search that matches nothing: the list's own words, and Clear Filters there too.
    await page.getByLabel('Search shop items').fill('no-such-item-zzz');
    await expect(page.getByText('No shop items found')).toBeVisible();
    await expect(page).toHaveURL(/\/shop\/list\?type=NOOB_PACK&q=no-such-item-zzz$/);
    const clears = page.getByRole('main').getByRole('button', { name: 'Clear Filters' });
    await expect(clears).toHaveCount(2);
    await clears.last().click();
    await expect(page).toHaveURL(/\/shop\/list$/);
    await expect(page.getByLabel('Search shop items')).toHaveValue('');
    await expect(page.getByText(`Showing 1 to 10 of ${items.length} results`)).toBeVisible();
    await expect(page.getByRole('row')).toHaveCount(11);
    await expect(page.getByRole('row').nth(1)).toContainText(items[0]!.titleEn);
  });
});
