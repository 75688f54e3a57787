import type { APIRequestContext, Page } from '@playwright/test';
import { test, expect } from './support/test';
import {
  dashboardStatsResponseSchema,
  gameHistoryResponseSchema,
  userDetailResponseSchema,
} from '@manager/contract';
import { adminApi } from './support/api';
import { expectNoHorizontalScroll, toastWith } from './support/page';
import { confirmDialog, confirmItsYou, stepUpPage } from './support/step-up';
import { report, scan, summary } from './support/axe';
import { ADMIN, fillLogin } from './support/env';
import { chooseOption } from './support/antd';
import { balanceFigures, putBalances, restoreBalances, TEST_REASON, usersPage } from './support/users';

test.describe('Users: users-detail', { tag: '@users' }, () => {
  // A player deep in the list (old sign-up) that no other spec edits.
  async function pickUser(request: APIRequestContext) {
    const users = (await usersPage(await adminApi(request), 'page=77')).users;
    return users[13]!;
  }

  const balances = (page: Page) => page.getByRole('region', { name: 'Balances' });

  /** Opens the player's page in a stepped-up session: its balance saves go through without a prompt. */
  async function openPlayer(page: Page, telegramId: number) {
    await page.goto(`/users/detail/${telegramId}`);
    await expect(balances(page)).toBeVisible();
    await stepUpPage(page);
  }

  test.describe('User detail', () => {
    test('shows the profile, sections and tabs', async ({ page, request }) => {
      const user = await pickUser(request);
      await page.goto(`/users/detail/${user.telegramId}`);
      for (const section of ['Basic Information', 'Balances', 'Activity']) {
        await expect(page.getByText(section, { exact: true }).first()).toBeVisible();
      }
      await expect(page.getByText(`ID: ${user.telegramId}`).first()).toBeVisible();
      for (const tab of ['Account Info', 'Withdrawals', 'Referred By', 'Games', 'Inventory', 'History']) {
        await page.getByRole('tab', { name: tab }).click();
        await expect(page.getByRole('tab', { name: tab })).toHaveAttribute('aria-selected', 'true');
      }
    });

    test('edit, save and reload keeps the new balances; cancel discards', async ({ page, request }) => {
      const user = await pickUser(request);
      // A fresh value each run, so the assertion fails if the save did not happen.
      const cents = 1000 + Math.floor(Math.random() * 8999);
      const ton = (cents / 100).toFixed(2);
      const stars = String(cents + 7);
      await openPlayer(page, user.telegramId);
      await balances(page).getByRole('button', { name: 'Edit' }).click();
      await balances(page).getByLabel('TON Balance').fill(ton);
      await balances(page).getByLabel('Stars Balance').fill(stars);
      // A number input holds no text: what is not a number arrives empty and is saved as 0.
      await balances(page).getByLabel('Play Balance').fill('');
      // A reason is required: without one nothing is sent.
      await balances(page).getByRole('button', { name: 'Save' }).click();
      await expect(balances(page).getByText('Please enter a reason')).toBeVisible();
      await expect(balances(page).getByLabel('Reason')).toHaveAttribute('aria-invalid', 'true');
      await balances(page).getByLabel('Reason').fill(TEST_REASON);
      await balances(page).getByRole('button', { name: 'Save' }).click();

      await expect(balances(page).getByRole('button', { name: 'Edit' })).toBeVisible();
      await expect(balances(page)).toContainText(`TON Balance${ton}`);
      await expect(balances(page)).toContainText(`Stars Balance${Number(stars).toLocaleString('en-US')}`);
      await expect(balances(page)).toContainText('Play Balance0');

      await page.reload();
      await expect(balances(page)).toContainText(`TON Balance${ton}`);
      await expect(balances(page)).toContainText(`Stars Balance${Number(stars).toLocaleString('en-US')}`);

      await balances(page).getByRole('button', { name: 'Edit' }).click();
      await balances(page).getByLabel('TON Balance').fill('999.99');
      await balances(page).getByRole('button', { name: 'Cancel' }).click();
      await expect(balances(page)).toContainText(`TON Balance${ton}`);
      await page.reload();
      await expect(balances(page)).toContainText(`TON Balance${ton}`);
    });

    test('a saved balance shows in the dashboard totals of the shell', async ({ page, request }) => {
      const api = await adminApi(request);
      const user = (await usersPage(api, 'page=78')).users[21]!;
      const before = await api.get('/manager/dashboard-stats', dashboardStatsResponseSchema);
      // A big step, so the abbreviated card (one decimal of k/m) must change.
      const raised = Math.round((user.tonBalance + 250_000) * 100) / 100;
      const expected = before.totalTon + (raised - user.tonBalance);
      const short = (n: number) => (n >= 1e6 ? `${(n / 1e6).toFixed(1)}m` : `${(n / 1e3).toFixed(1)}k`);

      await page.goto('/dashboard');
      await expect(page.getByRole('group', { name: 'Total Ton' })).toContainText(short(before.totalTon));
      await openPlayer(page, user.telegramId);
      await balances(page).getByRole('button', { name: 'Edit' }).click();
      await balances(page).getByLabel('TON Balance').fill(raised.toFixed(2));
      await balances(page).getByLabel('Reason').fill(TEST_REASON);
      await balances(page).getByRole('button', { name: 'Save' }).click();
      await expect(balances(page).getByRole('button', { name: 'Edit' })).toBeVisible();
      // Back to the dashboard inside the same page (no reload): the shell shows the new total.
      await page.getByRole('navigation').getByRole('menuitem', { name: 'Home' }).click();
      await expect(page.getByRole('group', { name: 'Total Ton' })).toContainText(short(expected));

      // Put the player's balance back so the seeded totals stay as they were.
      expect(await restoreBalances(api, user.telegramId, balanceFigures(user))).toEqual(balanceFigures(user));
    });

    test('two pages editing one player: the first save applies, the second says Balances changed since you opened them, keeps what was typed and saves on the new figures after Review changes', async ({
      page,
      request,
    }) => {
      const api = await adminApi(request);
      // A player no other spec edits.
      const user = (await usersPage(api, 'page=79')).users[5]!;
      const other = await page.context().newPage();
      try {
        // Both pages share the one session: a step-up from one holds for the other.
        for (const p of [page, other]) {
          await openPlayer(p, user.telegramId);
          await balances(p).getByRole('button', { name: 'Edit' }).click();
          await balances(p).getByLabel('Reason').fill(TEST_REASON);
        }
        const stars = user.starsBalance + 111;
        await balances(page).getByLabel('Stars Balance').fill(String(stars));
        await balances(page).getByRole('button', { name: 'Save' }).click();
        await expect(balances(page).getByRole('button', { name: 'Edit' })).toBeVisible();
        await expect(balances(page)).toContainText(`Stars Balance${stars.toLocaleString('en-US')}`);

        // The second page still shows the figures it opened with; its save would undo the first.
        await expect(balances(other).getByLabel('Stars Balance')).toHaveValue(String(user.starsBalance));
        const chips = user.redChipBalance + 5;
        await balances(other).getByLabel('Red Chip Balance').fill(String(chips));
        await balances(other).getByRole('button', { name: 'Save' }).click();
        await expect(toastWith(other, 'Balances changed since you opened them')).toBeVisible();
        // Still editing, nothing typed replaced: the form says the record changed.
        await expect(balances(other).getByText('This record changed')).toBeVisible();
        await expect(balances(other).getByLabel('Red Chip Balance')).toHaveValue(String(chips));
        await expect(balances(other).getByLabel('Stars Balance')).toHaveValue(String(user.starsBalance));
        const stored = await api.get(`/manager/users/${user.telegramId}`, userDetailResponseSchema);
        expect(balanceFigures(stored)).toEqual({ ...balanceFigures(user), starsBalance: stars });

        // Review changes: the first page's Stars come in, the typed Red Chip stays; Save keeps both.
        await balances(other).getByRole('button', { name: 'Review changes' }).click();
        await expect(balances(other).getByLabel('Stars Balance')).toHaveValue(String(stars));
        await expect(balances(other).getByLabel('Red Chip Balance')).toHaveValue(String(chips));
        await expect(balances(other).getByRole('list', { name: 'Changed meanwhile' })).toContainText(
          `Stars Balance: ${user.starsBalance} -> ${stars}`,
        );
        await balances(other).getByRole('button', { name: 'Save' }).click();
        await expect(balances(other).getByRole('button', { name: 'Edit' })).toBeVisible();
        await expect(balances(other)).toContainText(`Stars Balance${stars.toLocaleString('en-US')}`);
        await expect(balances(other)).toContainText(`Red Chip Balance${chips.toLocaleString('en-US')}`);
      } finally {
        await other.close();
        await restoreBalances(api, user.telegramId, balanceFigures(user));
      }
    });

    test('an unknown player shows User not found and Back to Users', async ({ page }) => {
      await page.goto('/users/detail/12345');
      await expect(page.getByText('User not found')).toBeVisible();
      await page.getByRole('button', { name: 'Back to Users' }).click();
      await expect(page).toHaveURL(/\/users\/list$/);
    });

    test('at a phone width the balances can be edited', async ({ page, request }) => {
      const user = await pickUser(request);
      await page.setViewportSize({ width: 375, height: 740 });
      await page.goto(`/users/detail/${user.telegramId}`);
      await balances(page).getByRole('button', { name: 'Edit' }).click();
      await expect(balances(page).getByLabel('TON Balance')).toBeVisible();
      await expect(balances(page).getByLabel('TON Balance')).toHaveValue(String(user.tonBalance));
      await expect(balances(page).getByLabel('Reason')).toBeVisible();
      await expectNoHorizontalScroll(page);
      await balances(page).getByRole('button', { name: 'Cancel' }).click();
      await expect(balances(page).getByRole('button', { name: 'Edit' })).toBeVisible();
    });

    test("the Games tab's search and Result filter narrow its rows (g. in the address); nothing found offers Clear Filters", async ({
      page,
      request,
    }) => {
      const api = await adminApi(request);
      // The first player of the newest game: their page lists that game.
      const game = (await api.get('/manager/game/history', gameHistoryResponseSchema)).games[0];
      const player = game?.player1;
      expect(player?.telegramId, 'the newest game has a first player').toBeTruthy();
      const detail = await api.get(`/manager/users/${player!.telegramId}`, userDetailResponseSchema);
      expect(detail.games.length, "the player's games").toBeGreaterThan(0);
      const won = detail.games.filter((g) => g.isWinner).length;
      const panel = page.getByRole('tabpanel', { name: 'Games' });
      const rows = panel.getByRole('row').filter({ hasText: /Player [12]/ });

      await page.goto(`/users/detail/${player!.telegramId}?tab=games`);
      await expect(rows).toHaveCount(detail.games.length);
      await chooseOption(panel, 'Result filter', 'Won');
      await expect(page).toHaveURL(/\?tab=games&g\.result=won$/);
      await expect(rows).toHaveCount(won);
      await panel.getByRole('searchbox', { name: 'Search games' }).fill('zz-no-such-room');
      await expect(page).toHaveURL(/&g\.q=zz-no-such-room$/);
      await expect(panel.getByText('No games')).toBeVisible();
      await panel.getByRole('button', { name: 'Clear Filters' }).last().click();
      await expect(page).toHaveURL(new RegExp(`/users/detail/${player!.telegramId}\\?tab=games$`));
      await expect(rows).toHaveCount(detail.games.length);
      await expect(panel.getByText(detail.games[0]!.roomCode, { exact: true })).toBeVisible();
    });

    test('at a phone width every tab is on screen and the tabs work by click and arrow keys', async ({
      page,
      request,
    }) => {
      const user = await pickUser(request);
      await page.setViewportSize({ width: 375, height: 740 });
      await page.goto(`/users/detail/${user.telegramId}`);
      const tablist = page.getByRole('tablist');
      // No overflow menu: the six tabs wrap, all visible.
      await expect(tablist.getByRole('tab')).toHaveCount(6);
      await tablist.scrollIntoViewIfNeeded();
      for (const tab of ['Account Info', 'Withdrawals', 'Referred By', 'Games', 'Inventory', 'History']) {
        await expect(tablist.getByRole('tab', { name: tab })).toBeInViewport();
      }
      await tablist.getByRole('tab', { name: 'Games' }).click();
      await expect(tablist.getByRole('tab', { name: 'Games' })).toHaveAttribute('aria-selected', 'true');
      await expect(page.getByRole('tabpanel', { name: 'Games' })).toBeVisible();
      await page.keyboard.press('ArrowRight');
      await expect(tablist.getByRole('tab', { name: 'Inventory' })).toBeFocused();
      await expect(tablist.getByRole('tab', { name: 'Inventory' })).toHaveAttribute('aria-selected', 'true');
      await expect(page.getByRole('tabpanel', { name: 'Inventory' })).toBeVisible();
      await page.keyboard.press('Home');
      await expect(tablist.getByRole('tab', { name: 'Account Info' })).toHaveAttribute(
        'aria-selected',
        'true',
      );
    });
  });

  // A change typed as "+100" in a session of its own (a new sign-in has no step-up yet), so
  // "Confirm it's you" shows every time; a player per width that no other spec edits.
  test.describe('User detail: a balance change', () => {
    test.use({ storageState: { cookies: [], origins: [] } });
    // A sign-in, two saves through the API and the prompt: more than a minute on a busy machine.
    test.setTimeout(180_000);

    for (const [width, row] of [
      [1280, 3],
      [390, 4],
    ] as const) {
      test(`"+100" previews 195 -> 295 before Save and in Confirm it's you, needs a Reason, ends with a toast; the page is titled with the player (${width}px, axe clean)`, async ({
        page,
        request,
      }) => {
        const api = await adminApi(request);
        const picked = (await usersPage(api, 'page=80')).users[row]!;
        const before = balanceFigures(picked);
        await putBalances(api, picked.telegramId, { ...before, starsBalance: 195 });
        const user = await api.get(`/manager/users/${picked.telegramId}`, userDetailResponseSchema);
        const name =
          [user.firstName, user.lastName].filter(Boolean).join(' ') ||
          user.username ||
          String(user.telegramId);
        try {
          await page.setViewportSize({ width, height: 900 });
          await page.goto('/login');
          await fillLogin(page, ADMIN.username, ADMIN.password);
          await expect(page).toHaveURL(/\/dashboard$/);
          await page.goto(`/users/detail/${user.telegramId}`);
          await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
          await expect(page).toHaveTitle(`${name} | Manager`);

          await balances(page).getByRole('button', { name: 'Edit' }).click();
          await balances(page).getByLabel('Stars Balance').fill('+100');
          const preview = balances(page).getByRole('list', { name: 'Changes to save' });
          await expect(preview).toHaveText('Stars Balance: 195 -> 295');
          await balances(page).getByRole('button', { name: 'Save' }).click();
          await expect(balances(page).getByText('Please enter a reason')).toBeVisible();
          await expect(balances(page).getByLabel('Reason')).toHaveAttribute('aria-required', 'true');
          await expect(confirmDialog(page)).toHaveCount(0);
          await expectNoHorizontalScroll(page);
          // axe reads colours as they are: no button left hovered (scan waits for the fades).
          await page.mouse.move(0, 0);
          const found = await scan(page, `/users/detail (editing, ${width}px)`);
          if (found.length) console.log(report(found));
          expect(summary(found)).toEqual([]);

          await balances(page).getByLabel('Reason').fill(TEST_REASON);
          await balances(page).getByRole('button', { name: 'Save' }).click();
          await expect(confirmDialog(page)).toBeVisible();
          await expect(confirmDialog(page).getByRole('list', { name: 'What you confirm' })).toHaveText(
            'Stars Balance: 195 -> 295',
          );
          await confirmItsYou(page, { password: ADMIN.password });
          await expect(toastWith(page, 'Balances updated successfully')).toBeVisible();
          await expect(balances(page).getByRole('button', { name: 'Edit' })).toBeVisible();
          await expect(balances(page)).toContainText('Stars Balance295');
          const stored = await api.get(`/manager/users/${user.telegramId}`, userDetailResponseSchema);
          expect(stored.starsBalance).toBe(295);
        } finally {
          await restoreBalances(api, picked.telegramId, before);
        }
      });
    }
  });
});
