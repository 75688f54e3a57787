import { test, expect } from './support/test';
import { tournamentsResponseSchema } from '@manager/contract';
import { confirmPopconfirm } from './support/antd';
import { adminApi } from './support/api';
import { dataRows, wholeList } from './support/engagement';
import { png, TEXT_FILE } from './support/fixtures';
import { expectNoHorizontalScroll } from './support/page';

test.describe('Engagement: tournaments', { tag: '@engagement' }, () => {
  test('tournaments list shows Live, Expired and No date from the seed, 20 a page', async ({
    page,
    request,
  }) => {
    const all = wholeList(
      await (await adminApi(request)).get('/manager/tournaments', tournamentsResponseSchema),
    );
    await page.goto('/tournaments');
    await expect(page.getByRole('heading', { level: 1, name: 'Tournaments' })).toBeVisible();
    for (const header of ['ID', 'Image', 'Date', 'Status', 'Link', 'Actions'])
      await expect(page.getByRole('columnheader', { name: header })).toBeVisible();
    await expect(dataRows(page)).toHaveCount(Math.min(20, all.length));
    for (const status of ['Live', 'Expired', 'No date'])
      await expect(page.getByRole('cell', { name: status, exact: true }).first()).toBeVisible();
  });

  test('create, edit and delete a tournament, with the form rules', async ({ page }) => {
    const link = `https://t.me/e2e_cup_${Date.now().toString(36)}`;
    await page.goto('/tournaments');
    await page.getByRole('button', { name: 'Create Tournament' }).click();
    const modal = page.getByRole('dialog', { name: 'Create Tournament' });
    await modal.getByLabel('Tournament Date').fill('2099-06-01T18:30');
    await modal.getByLabel('Tournament Link').fill('not a url');
    await modal.getByRole('button', { name: 'Create' }).click();
    await expect(modal.getByText('Please enter a valid URL starting with http:// or https://')).toBeVisible();
    await modal.getByLabel('Tournament Link').fill(link);
    await modal.getByLabel('Tournament Image').setInputFiles(TEXT_FILE);
    await expect(modal.getByText('Please select a valid image file')).toBeVisible();
    await modal.getByLabel('Tournament Image').setInputFiles(png());
    await modal.getByRole('button', { name: 'Create' }).click();
    await expect(page.getByText('Tournament created successfully!')).toBeVisible();

    const row = page.getByRole('row').filter({ hasText: link });
    await expect(row).toContainText('Jun 1, 2099 18:30');
    await expect(row.getByRole('cell', { name: 'Live', exact: true })).toBeVisible();
    await expect(row.getByRole('img')).toBeVisible();

    await row.getByRole('button', { name: /^Edit tournament/ }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Tournament' });
    await expect(edit.getByLabel('Tournament Date')).toHaveValue('2099-06-01T18:30');
    await edit.getByLabel('Tournament Date').fill('');
    await edit.getByRole('button', { name: 'Update' }).click();
    await expect(page.getByText('Tournament updated successfully!')).toBeVisible();
    await expect(row.getByRole('cell', { name: 'No date', exact: true })).toBeVisible();

    await row.getByRole('button', { name: /^Delete tournament/ }).click();
    await confirmPopconfirm(page, 'Are you sure you want to delete this tournament?');
    await expect(page.getByText('Tournament deleted successfully!')).toBeVisible();
    await expect(row).toHaveCount(0);
  });

  test('tournaments at phone width', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 760 });
    await page.goto('/tournaments');
    await expect(page.getByRole('button', { name: 'Create Tournament' })).toBeVisible();
    await expect(page.getByRole('listitem', { name: /^Tournament \d+$/ }).first()).toContainText('Status');
    await expect(page.getByRole('table')).toHaveCount(0);
    await expectNoHorizontalScroll(page);
  });

  test('tournaments list kit: ID sorts as the API does; Clear Filters goes back to the default order', async ({
    page,
    request,
  }) => {
    const api = await adminApi(request);
    const idsOf = async (sort: string) => {
      const answer = await api.get(
        `/manager/tournaments?page=1&limit=20&sort=${sort}`,
        tournamentsResponseSchema,
      );
      if (Array.isArray(answer)) throw new Error('asked for a page, the API answered the whole list');
      return answer.tournaments.map((t) => String(t.id));
    };
    const ids = () => page.locator('tbody tr.ant-table-row td:first-child').allInnerTexts();
    await page.goto('/tournaments');
    const clear = page.getByRole('button', { name: 'Clear Filters' });
    await expect(clear).toBeDisabled();
    await page.getByRole('columnheader', { name: 'ID' }).click();
    await expect(page).toHaveURL(/\/tournaments\?sort=id$/);
    await expect(async () => expect(await ids()).toEqual(await idsOf('id'))).toPass();
    await clear.click();
    await expect(page).toHaveURL(/\/tournaments$/);
    await expect(async () => expect(await ids()).toEqual(await idsOf('-tournamentsDate'))).toPass();
    await expect(clear).toBeDisabled();
  });
});
