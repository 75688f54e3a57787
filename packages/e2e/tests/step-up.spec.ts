import type { APIRequestContext, Page } from '@playwright/test';
import { test, expect } from './support/test';
import {
  settingsResponseSchema,
  STEP_UP_STATUS,
  tasksResponseSchema,
  userDetailResponseSchema,
  type UserSummary,
} from '@manager/contract';
import { chooseOption } from './support/antd';
import { adminApi } from './support/api';
import { report, scan, summary } from './support/axe';
import { wholeList } from './support/engagement';
import { ADMIN, ADMIN_2FA, fillLogin } from './support/env';
import { png, unique } from './support/fixtures';
import { expectNoHorizontalScroll, toastWith } from './support/page';
import { admin2faCodes } from './support/settings';
import { confirmDialog, confirmItsYou } from './support/step-up';
import { balanceFigures, restoreBalances, TEST_REASON, usersPage } from './support/users';

test.describe('Shell: step-up', { tag: '@shell' }, () => {
  // Money actions need a fresh second factor (or, without one, the password) in this session:
  // the console asks "Confirm it's you" once, then sends the action again by itself. Every test
  // signs in anew: a new session starts without a step-up, so the prompt is certain to come.
  test.use({ storageState: { cookies: [], origins: [] } });

  const balances = (page: Page) => page.getByRole('region', { name: 'Balances' });

  /** A player no other spec edits: one per test. */
  async function pickUser(request: APIRequestContext, index: number): Promise<UserSummary> {
    const user = (await usersPage(await adminApi(request), 'page=88')).users[index];
    expect(user, 'seeded players on page 88').toBeDefined();
    return user!;
  }

  async function signIn(
    page: Page,
    who: { username: string; password: string },
    code?: () => Promise<string>,
  ) {
    await page.goto('/login');
    await fillLogin(page, who.username, who.password);
    if (code) {
      await page.getByLabel('Authentication code').fill(await code());
      await page.getByRole('button', { name: 'Verify' }).click();
    }
    await expect(page).toHaveURL(/\/dashboard$/);
  }

  /** What the page asked of the API: balance saves refused for a step-up, step-ups sent. */
  function watchCalls(page: Page) {
    const seen = { refused: 0, saved: 0, stepUps: 0 };
    page.on('response', (r) => {
      const url = r.url();
      if (url.endsWith('/balances') && r.request().method() === 'PUT') {
        if (r.status() === STEP_UP_STATUS) seen.refused += 1;
        if (r.status() === 200) seen.saved += 1;
      }
      if (url.endsWith('/auth/step-up') && r.request().method() === 'POST') seen.stepUps += 1;
    });
    return seen;
  }

  /** Opens the balances form and fills Stars and the reason. */
  async function editStars(page: Page, stars: number) {
    await balances(page).getByRole('button', { name: 'Edit' }).click();
    await balances(page).getByLabel('Stars Balance').fill(String(stars));
    await balances(page).getByLabel('Reason').fill(TEST_REASON);
  }

  const storedStars = async (request: APIRequestContext, telegramId: number) =>
    (await (await adminApi(request)).get(`/manager/users/${telegramId}`, userDetailResponseSchema))
      .starsBalance;

  test.describe('Step-up: "Confirm it\'s you"', () => {
    test('a balance edit asks once (keyboard only), then goes through by itself; the next edit in the window does not ask', async ({
      page,
      request,
    }) => {
      const user = await pickUser(request, 1);
      const api = await adminApi(request);
      const calls = watchCalls(page);
      try {
        await signIn(page, ADMIN);
        await page.goto(`/users/detail/${user.telegramId}`);
        await balances(page).getByRole('button', { name: 'Edit' }).press('Enter');
        const first = user.starsBalance + 41;
        await balances(page).getByLabel('Stars Balance').press('ControlOrMeta+a');
        await page.keyboard.type(String(first));
        await balances(page).getByLabel('Reason').focus();
        await page.keyboard.type(TEST_REASON);
        await page.keyboard.press('Enter');

        // The prompt: named, the password field focused; Enter confirms.
        const dialog = confirmDialog(page);
        await expect(dialog).toBeVisible();
        await expect(dialog.getByLabel('Password', { exact: true })).toBeFocused();
        await expect(dialog.getByLabel('Authentication code')).toHaveCount(0);
        await page.keyboard.type(ADMIN.password);
        await page.keyboard.press('Enter');
        await expect(dialog).toBeHidden();

        // The save went through without another key: the card shows it, the API holds it.
        await expect(balances(page).getByRole('button', { name: 'Edit' })).toBeVisible();
        await expect(balances(page)).toContainText(`Stars Balance${first.toLocaleString('en-US')}`);
        expect(await storedStars(request, user.telegramId)).toBe(first);
        expect(calls).toEqual({ refused: 1, saved: 1, stepUps: 1 });

        // Within the window: no prompt.
        const second = first + 1;
        await editStars(page, second);
        await balances(page).getByRole('button', { name: 'Save' }).click();
        await expect(balances(page).getByRole('button', { name: 'Edit' })).toBeVisible();
        await expect(balances(page)).toContainText(`Stars Balance${second.toLocaleString('en-US')}`);
        await expect(dialog).toHaveCount(0);
        expect(calls).toEqual({ refused: 1, saved: 2, stepUps: 1 });
      } finally {
        await restoreBalances(api, user.telegramId, balanceFigures(user));
      }
    });

    test('a wrong password is said in the prompt and changes nothing; Cancel changes nothing; the prompt passes axe', async ({
      page,
      request,
    }) => {
      const user = await pickUser(request, 2);
      const calls = watchCalls(page);
      await signIn(page, ADMIN);
      await page.goto(`/users/detail/${user.telegramId}`);
      await editStars(page, user.starsBalance + 500);
      await balances(page).getByRole('button', { name: 'Save' }).click();

      const dialog = confirmDialog(page);
      await expect(dialog).toBeVisible();
      // The dialog itself, once its fade ended (the Save button's spinner runs on): the page behind it is under the mask, its Save button busy.
      const violations = await scan(page, "Confirm it's you", '[role="dialog"]');
      expect(summary(violations), report(violations)).toEqual([]);

      await dialog.getByLabel('Password', { exact: true }).fill('not-the-password');
      await dialog.getByRole('button', { name: 'Confirm' }).click();
      await expect(dialog.getByRole('alert')).toContainText('Invalid password');
      await expect(dialog).toBeVisible();
      expect(await storedStars(request, user.telegramId)).toBe(user.starsBalance);

      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await expect(dialog).toBeHidden();
      await expect(toastWith(page, 'Confirmation cancelled')).toBeVisible();
      await expect(page.getByText(/Network error/)).toHaveCount(0);
      // Still editing, nothing stored, nothing sent again.
      await expect(balances(page).getByRole('button', { name: 'Save' })).toBeVisible();
      expect(await storedStars(request, user.telegramId)).toBe(user.starsBalance);
      expect(calls).toEqual({ refused: 1, saved: 0, stepUps: 1 });
    });

    test('settings: a banner-only save does not ask; a change of the rates does', async ({
      page,
      request,
    }) => {
      const api = await adminApi(request);
      const before = await api.get('/manager/settings', settingsResponseSchema);
      const saved = () =>
        page.waitForResponse((r) => r.url().endsWith('/manager/settings') && r.request().method() === 'POST');
      const bannerTwoActive = page
        .getByRole('group', { name: 'Banner Two' })
        .getByRole('checkbox', { name: 'Active' });
      const stars = page.getByLabel('Play to Stars Rate');
      await signIn(page, ADMIN);
      await page.goto('/settings');
      await expect(stars).toHaveValue(before.playToStars.toFixed(2));

      try {
        // Banners only (the rates as stored): saved at once, no prompt.
        await bannerTwoActive.setChecked(!before.bannerTwoStatus);
        let answer = saved();
        await page.getByRole('button', { name: 'Save Settings' }).click();
        expect((await answer).status()).toBe(200);
        await expect(toastWith(page, 'Settings updated successfully!')).toBeVisible();
        await expect(confirmDialog(page)).toHaveCount(0);

        // A new rate: "Confirm it's you", then saved without clicking Save again.
        const rate = before.playToStars === 0.42 ? '0.43' : '0.42';
        await stars.fill(rate);
        answer = saved();
        await page.getByRole('button', { name: 'Save Settings' }).click();
        expect((await answer).status()).toBe(STEP_UP_STATUS);
        await confirmItsYou(page, { password: ADMIN.password });
        await expect
          .poll(async () => (await api.get('/manager/settings', settingsResponseSchema)).playToStars)
          .toBe(Number(rate));
        await expect(toastWith(page, 'Settings updated successfully!').first()).toBeVisible();
      } finally {
        // Put back what other specs expect, from this stepped-up page.
        await page.reload();
        await stars.fill(before.playToStars.toFixed(2));
        await bannerTwoActive.setChecked(before.bannerTwoStatus);
        const answer = saved();
        await page.getByRole('button', { name: 'Save Settings' }).click();
        expect((await answer).status()).toBe(200);
      }
    });

    test('a new task asks once; after the password its form, photo included, is sent again by itself and the task is added', async ({
      page,
      request,
    }) => {
      const title = unique('E2E step-up task');
      const api = await adminApi(request);
      const sent = { refused: 0, created: 0 };
      page.on('response', (r) => {
        if (new URL(r.url()).pathname !== '/manager/tasks' || r.request().method() !== 'POST') return;
        if (r.status() === STEP_UP_STATUS) sent.refused += 1;
        if (r.status() === 200) sent.created += 1;
      });
      await signIn(page, ADMIN);
      await page.goto('/tasks/list');
      await page.getByRole('button', { name: 'Add New Task' }).click();
      const panel = page.getByRole('dialog', { name: 'Add New Task' });
      await panel.getByLabel('Photo').setInputFiles(png());
      await chooseOption(panel, 'Category', 'Partners');
      await panel.getByLabel('Title (English)').fill(title);
      await panel.getByLabel('Title (Russian)').fill('Задание');
      await panel.getByLabel('Reward Amount').fill('0.25');
      await panel.getByLabel('Link').fill('https://t.me/e2e_channel');
      await panel.getByRole('button', { name: 'Add Task' }).click();
      await confirmItsYou(page, { password: ADMIN.password });
      await expect(toastWith(page, 'Task added successfully!')).toBeVisible();
      expect(sent).toEqual({ refused: 1, created: 1 });
      const [task] = wholeList(
        await api.get(`/manager/tasks?search=${encodeURIComponent(title)}`, tasksResponseSchema),
      );
      try {
        expect(task).toMatchObject({
          titleEn: title,
          rewardAmount: 0.25,
          photo: expect.stringMatching(/\.png$/),
        });
      } finally {
        if (task) expect((await api.send('DELETE', `/manager/tasks/${task.id}`)).status()).toBe(200);
      }
    });

    test('a CSV export asks once, then the file downloads without another click', async ({ page }) => {
      await signIn(page, ADMIN);
      await page.goto('/users/list?q=an');
      await expect(page.getByText(/^Showing 1 to 50 of \d+ results$/)).toBeVisible();
      const download = page.waitForEvent('download');
      await page.getByRole('button', { name: 'Export CSV' }).click();
      await confirmItsYou(page, { password: ADMIN.password });
      expect((await download).suggestedFilename()).toMatch(/^users-\d{4}-\d{2}-\d{2}\.csv$/);
    });

    test.describe('at phone width', () => {
      test.use({ viewport: { width: 375, height: 740 } });

      test('an admin with an authenticator is asked for an "Authentication code"', async ({
        page,
        request,
      }) => {
        // Up to half a minute of it may wait for a TOTP step (see `totpSequence`).
        test.setTimeout(120_000);
        const user = await pickUser(request, 3);
        const api = await adminApi(request);
        const codes = admin2faCodes();
        try {
          await signIn(page, ADMIN_2FA, codes.next);
          await page.goto(`/users/detail/${user.telegramId}`);
          await editStars(page, user.starsBalance + 3);
          await balances(page).getByRole('button', { name: 'Save' }).click();
          const dialog = confirmDialog(page);
          await expect(dialog.getByLabel('Authentication code')).toBeFocused();
          await expect(dialog.getByLabel('Password', { exact: true })).toHaveCount(0);
          await expect(dialog.getByRole('button', { name: 'Confirm' })).toBeInViewport();
          await expectNoHorizontalScroll(page);
          await confirmItsYou(page, { code: await codes.next() });
          await expect(balances(page).getByRole('button', { name: 'Edit' })).toBeVisible();
          expect(await storedStars(request, user.telegramId)).toBe(user.starsBalance + 3);
        } finally {
          await restoreBalances(api, user.telegramId, balanceFigures(user));
        }
      });
    });
  });
});
