import { test, expect } from './support/test';
import { confirmModal } from './support/antd';

test.describe('Shell: keyboard', { tag: '@shell' }, () => {
  // The console by keyboard (docs/screens.md#layout): the skip link, and where the focus goes when
  // a dialog opens (its first field, else Cancel; never the close button).

  test('"Skip to content" is the first stop of the keyboard and takes the focus past the menu and the top bar', async ({
    page,
  }) => {
    await page.goto('/dashboard');
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Skip to content' });
    await expect(skip).toBeFocused();
    // Out of sight until focused, then drawn over the page.
    await expect(skip).toBeInViewport();
    expect((await skip.boundingBox())!.width).toBeGreaterThan(40);
    await page.keyboard.press('Enter');
    await expect(page.getByRole('main')).toBeFocused();
    await expect(page).toHaveURL(/\/dashboard$/);
    // The next Tab is inside the page's content, not in the menu.
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.querySelector('main')!.contains(document.activeElement))).toBe(
      true,
    );
  });

  test('a form dialog opens on its first field: New message, from the command palette', async ({ page }) => {
    await page.goto('/dashboard');
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
    await page.keyboard.press('Control+k');
    await page.getByRole('combobox', { name: 'Go to page or find a user' }).fill('new message');
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'New Message' });
    await expect(dialog).toBeVisible();
    // The address asked for the form once: a reload or Back does not open it again.
    await expect(page).toHaveURL(/\/mailing$/);
    await expect(dialog.getByLabel('Message')).toBeFocused();
    await page.keyboard.type('Typed straight into the form');
    await expect(dialog.getByLabel('Message')).toHaveValue('Typed straight into the form');
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
  });

  test('a side panel opens on its first field too: Add New Task starts on Category, past the photo upload', async ({
    page,
  }) => {
    await page.goto('/tasks/list');
    await page.getByRole('button', { name: 'Add New Task' }).click();
    const panel = page.getByRole('dialog', { name: 'Add New Task' });
    await expect(panel.getByRole('combobox', { name: 'Category' })).toBeFocused();
    await expect(panel.getByRole('button', { name: 'Close' })).not.toBeFocused();
  });

  test('a confirmation opens on Cancel, not on the action it asks about', async ({ page }) => {
    await page.goto('/shop/loot-boxes');
    const remove = page.getByRole('button', { name: /^Delete / }).first();
    await remove.click();
    const confirm = confirmModal(page, 'Are you sure you want to delete');
    await expect(confirm).toBeVisible();
    await expect(confirm.getByRole('button', { name: 'Cancel' })).toBeFocused();
    // Enter on the focused button cancels: nothing deleted.
    await page.keyboard.press('Enter');
    await expect(confirm).toBeHidden();
    await expect(remove).toBeVisible();
  });
});
