import { expect, type Locator, type Page } from '@playwright/test';

/**
 * antd widgets as a person drives them. A select's options, a popconfirm and a confirm
 * modal are drawn in popups outside the field, so each has one helper here.
 */

type Scope = Page | Locator;
const pageOf = (scope: Scope): Page => ('goto' in scope ? scope : scope.page());

/** The open select's option list (antd draws it at the end of the body). */
export const selectDropdown = (page: Page) => page.locator('.ant-select-dropdown:visible');

/**
 * Picks `option` in the antd select labelled `label` inside `scope`. antd animates the list
 * open and closed; on a loaded machine a click can land while it moves and be lost, so
 * open-pick-closed is retried as one step until the pick sticks. An already open list is used.
 */
export async function chooseOption(scope: Scope, label: string, option: string) {
  const dropdown = selectDropdown(pageOf(scope));
  await expect(async () => {
    if ((await dropdown.count()) === 0) await scope.getByLabel(label, { exact: true }).click();
    await dropdown.getByTitle(option, { exact: true }).click({ timeout: 3000 });
    await expect(dropdown).toHaveCount(0, { timeout: 3000 });
  }).toPass({ timeout: 30_000 });
}

/**
 * Adds `options` in the antd multiple select labelled `label` inside `scope`, a drawer or a
 * modal (the select's only one there), then closes its list with a click on the title. A
 * multiple select's list stays open between picks and a second click on a chosen option
 * removes it (so does Tab, which picks the active option), so each pick is retried, as in
 * `chooseOption`, only until its tag shows: a click lost while the list animates open is made
 * again, a pick that stuck is not.
 */
export async function chooseOptions(scope: Locator, label: string, options: string[]) {
  const page = scope.page();
  const dropdown = selectDropdown(page);
  const tagOf = (option: string) => scope.locator('.ant-select-selection-item', { hasText: option });
  for (const option of options) {
    const tag = tagOf(option);
    await expect(async () => {
      if ((await tag.count()) > 0) return;
      if ((await dropdown.count()) === 0) await scope.getByLabel(label, { exact: true }).click();
      await dropdown.getByTitle(option, { exact: true }).click({ timeout: 3000 });
      await expect(tag).toBeVisible({ timeout: 3000 });
    }).toPass({ timeout: 30_000 });
  }
  await expect(async () => {
    if ((await dropdown.count()) > 0) await scope.locator('.ant-drawer-title, .ant-modal-title').click();
    await expect(dropdown).toHaveCount(0, { timeout: 3000 });
  }).toPass({ timeout: 30_000 });
  for (const option of options) await expect(tagOf(option)).toBeVisible();
}

/**
 * Picks `option` in a searchable select by typing it, as a person does in a long list (antd
 * draws only a window of the options, so the one wanted may not be in the page yet), then the
 * option whose title is exactly it (typing `qa-1` also leaves `qa-1-totp`). As in
 * `chooseOption`, a click that lands while the list still moves is lost: the step is retried
 * until the list closes on the pick.
 */
export async function searchOption(select: Locator, option: string) {
  const dropdown = selectDropdown(select.page());
  await expect(async () => {
    if ((await dropdown.count()) === 0) {
      await select.click();
      await select.fill(option);
    }
    await dropdown.getByTitle(option, { exact: true }).click({ timeout: 3000 });
    await expect(dropdown).toHaveCount(0, { timeout: 3000 });
  }).toPass({ timeout: 30_000 });
}

/** Answers an antd Popconfirm that asks `question` with its `ok` button. */
export async function confirmPopconfirm(page: Page, question: string, ok = 'Delete') {
  const popup = page.getByRole('tooltip').filter({ hasText: question });
  await expect(popup).toBeVisible();
  await popup.getByRole('button', { name: ok, exact: true }).click();
  await expect(popup).toBeHidden();
}

/** The confirm modal (`modal.confirm`) that asks `question`. */
export const confirmModal = (page: Page, question: string) =>
  page.getByRole('dialog').filter({ hasText: question });

/** Answers a confirm modal that asks `question` with its `ok` button. */
export async function answerConfirmModal(page: Page, question: string, ok: string) {
  const dialog = confirmModal(page, question);
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: ok, exact: true }).click();
  await expect(dialog).toBeHidden();
}
