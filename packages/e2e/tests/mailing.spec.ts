import { test, expect } from './support/test';
import { metricsResponseSchema } from '@manager/contract';
import { adminApi } from './support/api';
import { png, TEXT_FILE } from './support/fixtures';
import { expectNoHorizontalScroll } from './support/page';
import { stepUpPage } from './support/step-up';

test('create a message with the form rules, start it and see it delivered to every player', async ({
  page,
  request,
}) => {
  const { totalUsers } = await (await adminApi(request)).get('/manager/metrics', metricsResponseSchema);
  const message = `E2E ${Date.now().toString(36)} weekend tournament starts soon, join the fun and win gifts`;

  await page.goto('/mailing');
  await expect(page.getByRole('heading', { level: 1, name: 'Mailing' })).toBeVisible();
  // Starting a mailing reaches every player: the page's session steps up first.
  await stepUpPage(page);
  for (const header of ['Date', 'Message', 'Recipients', 'Status', 'Actions'])
    await expect(page.getByRole('columnheader', { name: header })).toBeVisible();

  await page.getByRole('button', { name: 'New Message' }).click();
  const modal = page.getByRole('dialog', { name: 'New Message' });
  await expect(modal.getByText('Max file size: 10MB')).toBeVisible();
  await modal.getByLabel('Message').fill('   ');
  await modal.getByRole('button', { name: 'Create Message' }).click();
  await expect(modal.getByText('Message is required')).toBeVisible();
  await expect(modal.getByText('Button text is required')).toBeVisible();
  await expect(modal.getByText('Button link is required')).toBeVisible();
  await modal.getByLabel('Message').fill(message);
  await modal.getByLabel('Button Text').fill('Play now');
  // The link goes out to players: only http(s), never a script.
  await modal.getByLabel('Button Link').fill('javascript:alert(document.cookie)');
  await modal.getByRole('button', { name: 'Create Message' }).click();
  await expect(modal.getByText('Please enter a valid URL starting with http:// or https://')).toBeVisible();
  await modal.getByLabel('Button Link').fill('https://t.me/manager_game_bot/app');
  await modal.getByLabel('Image (optional)').setInputFiles(TEXT_FILE);
  await expect(modal.getByText('Please select a valid image file')).toBeVisible();
  await modal.getByLabel('Image (optional)').setInputFiles(png());
  await modal.getByRole('button', { name: 'Create Message' }).click();
  await expect(page.getByText('Message created successfully!')).toBeVisible();

  // The list shows the first 50 characters only.
  const row = page.getByRole('row').filter({ hasText: `${message.slice(0, 50)}...` });
  await expect(row).toHaveCount(1);
  await expect(row.getByRole('cell', { name: 'Waiting', exact: true })).toBeVisible();
  await row.getByRole('button', { name: /^Start mailing/ }).click();
  await expect(page.getByText('Mailing started successfully!')).toBeVisible();
  await expect(row.getByRole('cell', { name: 'Done', exact: true })).toBeVisible({ timeout: 30_000 });
  await expect(row.getByRole('cell', { name: String(totalUsers), exact: true })).toBeVisible();
  await expect(row.getByRole('button', { name: /^Start mailing/ })).toHaveCount(0);

  await row.getByRole('button', { name: /^Details of mailing/ }).click();
  const details = page.getByRole('dialog', { name: 'Mailing Details' });
  await expect(details).toContainText(message);
  await expect(details).toContainText('https://t.me/manager_game_bot/app');
  await expect(details.getByRole('img', { name: 'Mailing image' })).toBeVisible();
  // Delivery progress: every player reached, none refused.
  await expect(details.getByText(`${totalUsers} / ${totalUsers}`, { exact: true })).toBeVisible();
});

test('mailing at phone width', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 760 });
  await page.goto('/mailing');
  await expect(page.getByRole('button', { name: 'New Message' })).toBeVisible();
  await expect(page.getByRole('listitem', { name: /^Mailing \d+$/ }).first()).toContainText('Recipients');
  await expect(page.getByRole('table')).toHaveCount(0);
  await expectNoHorizontalScroll(page);
});
