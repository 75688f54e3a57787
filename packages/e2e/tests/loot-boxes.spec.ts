import type { Page } from '@playwright/test';
import { test, expect } from './support/test';
import { lootBoxesResponseSchema, PAGE_SIZES } from '@manager/contract';
import { answerConfirmModal, chooseOption } from './support/antd';
import { adminApi } from './support/api';
import { png, unique } from './support/fixtures';
import { toastWith } from './support/page';
import { stepUpPage } from './support/step-up';

test.describe('Commerce: loot-boxes', { tag: '@commerce' }, () => {
  const reward = (page: Page, n: number) => page.getByRole('group', { name: `Reward ${n}`, exact: true });

  const setType = (page: Page, n: number, type: string) =>
    chooseOption(reward(page, n), `Reward ${n} type`, type);

  test('create a box with every reward type, fix the chance sum, upload images, edit, toggle, delete', async ({
    page,
  }) => {
    // A whole journey (every reward type, two uploads, the payout confirmation, edit, toggle,
    // delete): close to the default minute on a busy machine.
    test.slow();
    const name = unique('E2E Box');
    await page.goto('/shop/loot-boxes');
    await expect(page.getByRole('heading', { level: 1, name: 'Loot Boxes', exact: true })).toBeVisible();
    // A new box and a change of its rewards and chances: the page's session steps up first.
    await stepUpPage(page);
    await page.getByRole('button', { name: 'Add Loot Box' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Loot Box' });

    // Defaults: TON 0.1 at 90% (40 Stars) and TON 3 at 10% (1200 Stars).
    await expect(reward(page, 1).getByLabel('Reward 1 chance')).toHaveValue('90');
    await expect(reward(page, 2).getByLabel('Reward 2 stars value')).toHaveValue('1200');
    await dialog.getByLabel('Name *').fill(name);
    // Priced above any expected payout of the rewards below (the payout question is
    // links-and-consequences.spec.ts's subject).
    await dialog.getByLabel('Amount (Stars) *').fill('1000000');
    await dialog.getByLabel('Image', { exact: true }).setInputFiles(png('box.png'));

    // Four more rewards: STARS, NFT (inventory gift), GIFT (Stars gift), SHOP (shop item), NFT_FAKE.
    for (let i = 0; i < 4; i++) await dialog.getByRole('button', { name: 'Add Reward' }).click();
    await expect(reward(page, 6)).toBeVisible();
    await expect(reward(page, 6).getByLabel('Reward 6 stars value')).toHaveValue('40');

    await setType(page, 2, 'STARS');
    await reward(page, 2).getByLabel('Reward 2 amount').fill('100');
    await setType(page, 3, 'NFT');
    await reward(page, 3).getByRole('button', { name: 'Reward 3 choose gift' }).click();
    const nftPicker = page.getByRole('dialog', { name: 'Choose NFT gift' });
    await nftPicker.getByRole('button', { name: /^Add / }).first().click();
    await expect(reward(page, 3)).not.toContainText('No gift chosen');
    await reward(page, 3).getByLabel('Reward 3 custom image').setInputFiles(png('nft.png'));

    await setType(page, 4, 'GIFT');
    await reward(page, 4).getByRole('button', { name: 'Reward 4 choose gift' }).click();
    await page
      .getByRole('dialog', { name: 'Choose Stars gift' })
      .getByRole('button', { name: /Stars$/ })
      .first()
      .click();
    await expect(reward(page, 4)).not.toContainText('No gift chosen');

    await setType(page, 5, 'SHOP');
    await reward(page, 5).getByRole('button', { name: 'Reward 5 choose shop item' }).click();
    await page
      .getByRole('dialog', { name: 'Choose shop item' })
      .getByRole('button', { name: /^Add / })
      .first()
      .click();
    await expect(reward(page, 5)).not.toContainText('No gift chosen');

    await setType(page, 6, 'NFT_FAKE');
    await reward(page, 6).getByLabel('Reward 6 name').fill('Lucky Charm');
    await reward(page, 6).getByLabel('Reward 6 image').setInputFiles(png('fake.png'));

    // 90 + 10 + 0 * 4 = 100; move 10 points to the new rewards, first leaving the sum wrong.
    await reward(page, 1).getByLabel('Reward 1 chance').fill('50');
    await reward(page, 2).getByLabel('Reward 2 chance').fill('20');
    await reward(page, 3).getByLabel('Reward 3 chance').fill('10');
    await reward(page, 4).getByLabel('Reward 4 chance').fill('10');
    await reward(page, 5).getByLabel('Reward 5 chance').fill('5');
    await reward(page, 6).getByLabel('Reward 6 chance').fill('2,5');
    await expect(dialog.getByText('Total chance must equal 100%', { exact: true })).toBeVisible();
    const create = dialog.getByRole('button', { name: 'Create Loot Box' });
    await expect(create).toBeDisabled();
    await dialog.getByLabel('Name *').press('Enter');
    await expect(toastWith(page, 'Total chance must equal 100% (currently 97.5%)')).toBeVisible();
    await reward(page, 6).getByLabel('Reward 6 chance').fill('5');
    await expect(dialog.getByText('Total chance must equal 100%', { exact: true })).toHaveCount(0);
    await expect(dialog.getByLabel('Expected value')).toContainText('against a price of 1000000 Stars');
    await create.click();
    await expect(toastWith(page, 'Loot box created')).toBeVisible();

    const row = page.getByRole('row').filter({ hasText: name });
    await expect(row).toContainText('6 rewards');
    await expect(row).toContainText('Active');
    await expect(row.getByRole('img', { name: `${name} image` })).toHaveAttribute(
      'src',
      /\/uploads\/[0-9a-f-]{36}\.png$/,
    );

    await page.getByRole('button', { name: `Edit ${name}` }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Loot Box' });
    await expect(reward(page, 6).getByLabel('Reward 6 name')).toHaveValue('Lucky Charm');
    await edit.getByRole('button', { name: 'Remove reward 6' }).click();
    await reward(page, 5).getByLabel('Reward 5 chance').fill('10');
    await edit.getByLabel('Name *').fill(`${name} v2`);
    await edit.getByRole('button', { name: 'Update Loot Box' }).click();
    await expect(toastWith(page, 'Loot box updated')).toBeVisible();
    const renamed = page.getByRole('row').filter({ hasText: `${name} v2` });
    await expect(renamed).toContainText('5 rewards');

    await page.getByRole('button', { name: `Deactivate ${name} v2` }).click();
    await expect(renamed).toContainText('Inactive');
    await page.getByRole('button', { name: `Activate ${name} v2` }).click();
    await expect(renamed).toContainText('Active');

    await page.getByRole('button', { name: `Delete ${name} v2` }).click();
    await answerConfirmModal(page, `Are you sure you want to delete "${name} v2"?`, 'Delete');
    await expect(toastWith(page, 'Loot box deleted')).toBeVisible();
    await expect(page.getByRole('row').filter({ hasText: name })).toHaveCount(0);
  });

  test('the search and status filter show what the API answers, and Clear Filters brings every box back', async ({
    page,
    request,
  }) => {
    const boxes = await (
      await adminApi(request)
    ).get('/manager/loot-boxes', lootBoxesResponseSchema.options[0]);
    const active = boxes.filter((b) => b.isActive);
    expect(active.length, 'seeded active loot boxes').toBeGreaterThan(0);
    const rows = page.getByRole('row');

    await page.goto('/shop/loot-boxes');
    await expect(rows).toHaveCount(Math.min(PAGE_SIZES.LOOT_BOXES, boxes.length) + 1);
    await expect(rows.nth(1)).toContainText(boxes[0]!.name);
    await expect(page.getByRole('button', { name: 'Clear Filters' })).toBeDisabled();

    await chooseOption(page, 'Filter by status', 'Active');
    await expect(page).toHaveURL(/\/shop\/loot-boxes\?status=active$/);
    await expect(rows).toHaveCount(Math.min(PAGE_SIZES.LOOT_BOXES, active.length) + 1);
    await expect(rows.nth(1)).toContainText(active[0]!.name);
    await expect(rows.filter({ hasText: 'Inactive' })).toHaveCount(0);

    await page.getByLabel('Search loot boxes').fill('no-such-box-zzz');
    await expect(page.getByText('No loot boxes found. Create your first loot box!')).toBeVisible();
    await expect(page).toHaveURL(/\/shop\/loot-boxes\?status=active&q=no-such-box-zzz$/);
    const clears = page.getByRole('main').getByRole('button', { name: 'Clear Filters' });
    await expect(clears).toHaveCount(2);
    await clears.last().click();
    await expect(page).toHaveURL(/\/shop\/loot-boxes$/);
    await expect(page.getByLabel('Search loot boxes')).toHaveValue('');
    await expect(rows).toHaveCount(Math.min(PAGE_SIZES.LOOT_BOXES, boxes.length) + 1);
    await expect(rows.nth(1)).toContainText(boxes[0]!.name);
  });
});
