import type { APIRequestContext, BrowserContext, Page } from '@playwright/test';
import {
  EVENTS_PATH,
  FIRST_APPROVAL_MESSAGE,
  userDetailResponseSchema,
  type Withdrawal,
} from '@manager/contract';
import { test, expect, signedInState } from './support/test';
import { apiAs, login } from './support/api';
import { toastWith } from './support/page';
import { stepUpPage } from './support/step-up';
import { decideByApi, openWithdrawalsOf, pendingGift } from './support/transactions';
import { balanceFigures, putBalances, usersPage } from './support/users';

test.describe('Live console', { tag: '@transactions' }, () => {
  // Two consoles of one admin, each in a browser of its own (a context): what one decides, the
  // other shows through the API's event stream, without a reload. Two consoles take twice the
  // time of one.
  test.slow();

  /** Marks the document, so a reload (which would also show the change) is caught. */
  const markDocument = (page: Page) => page.evaluate(() => ((window as { marked?: boolean }).marked = true));
  const stillMarked = (page: Page) => page.evaluate(() => (window as { marked?: boolean }).marked === true);

  /** The other console on the withdrawals of `w`'s player, its stream open and `w` pending. */
  async function watchPending(other: BrowserContext, w: Withdrawal): Promise<Page> {
    const watcher = await other.newPage();
    const stream = watcher.waitForResponse((r) => new URL(r.url()).pathname === EVENTS_PATH);
    await openWithdrawalsOf(watcher, w.user!.username!, { stepUp: false });
    expect((await stream).status()).toBe(200);
    const watched = watcher
      .getByRole('row')
      .filter({ has: watcher.getByRole('button', { name: `Reject withdrawal ${w.id}` }) });
    await expect(watched).toContainText('Pending');
    return watcher;
  }

  test("a rejection in one console updates the other's row and counters without a reload", async ({
    page,
    browser,
    storageState,
    api,
  }) => {
    // Gifts, from the far end of the queue: the seed's few small TON requests are other specs'.
    const w = await pendingGift(api, -2);
    const username = w.user!.username!;
    const other = await browser.newContext({ storageState });
    try {
      const watcher = await watchPending(other, w);
      const rejectedCard = watcher.getByRole('group', { name: 'Rejected' });
      const rejected = async () => Number((await rejectedCard.innerText()).replace(/\D/g, ''));
      await expect(rejectedCard).toContainText(/\d/);
      const rejectedBefore = await rejected();
      await markDocument(watcher);

      await openWithdrawalsOf(page, username);
      const row = page
        .getByRole('row')
        .filter({ has: page.getByRole('button', { name: `Reject withdrawal ${w.id}` }) });
      await row.getByRole('button', { name: `Reject withdrawal ${w.id}` }).click();
      const dialog = page.getByRole('dialog', { name: 'Reject withdrawal' });
      await dialog.getByRole('button', { name: 'Reject' }).click();
      await expect(toastWith(page, 'Withdrawal rejected successfully')).toBeVisible();

      // The other console: the row's buttons go (it is decided), the Rejected count moves.
      await expect(watcher.getByRole('button', { name: `Reject withdrawal ${w.id}` })).toHaveCount(0, {
        timeout: 5_000,
      });
      await expect.poll(rejected).toBeGreaterThan(rejectedBefore);
      expect(await stillMarked(watcher)).toBe(true);
    } finally {
      await other.close();
    }
  });

  test('an approval in one console shows in the other as Completed and who approved it', async ({
    page,
    browser,
    storageState,
    api,
    admin,
  }) => {
    const w = await pendingGift(api, -3);
    const username = w.user!.username!;
    const other = await browser.newContext({ storageState });
    try {
      const watcher = await watchPending(other, w);
      await markDocument(watcher);

      await openWithdrawalsOf(page, username);
      await page.getByRole('button', { name: `Approve without transfer withdrawal ${w.id}` }).click();
      const dialog = page.getByRole('dialog', { name: 'Approve without transfer' });
      await dialog.getByRole('button', { name: 'Approve without transfer' }).click();
      await expect(toastWith(page, 'Withdrawal without transfer processed successfully')).toBeVisible();

      // The All view keeps the row: it turns Completed, named by who approved it.
      const done = watcher
        .getByRole('row')
        .filter({ hasText: w.inventory!.name })
        .filter({
          hasText: new RegExp(`Approved by ${admin.username}, \\w{3} \\d{1,2}, \\d{4} \\d{2}:\\d{2}`),
        });
      await expect(done).toHaveCount(1, { timeout: 5_000 });
      await expect(done).toContainText('Completed');
      await expect(watcher.getByRole('button', { name: `Reject withdrawal ${w.id}` })).toHaveCount(0);
      expect(await stillMarked(watcher)).toBe(true);
    } finally {
      await other.close();
    }
  });

  /**
   * The demo Finance admin, another person than the worker's admin (presence never shows an
   * admin to themself): a browser context and an API session of their own.
   */
  const FINANCE = { username: 'finance', password: 'admin12345' };
  async function asFinance(browser: import('@playwright/test').Browser, request: APIRequestContext) {
    const context = await browser.newContext({ storageState: await signedInState(FINANCE, request) });
    const { tokens } = await login(request, FINANCE);
    return { context, api: apiAs(request, tokens!.accessToken) };
  }

  /** A player of the seed no other spec edits: a page of the list the others leave alone. */
  const quietPlayer = async (api: Parameters<typeof usersPage>[0]) =>
    (await usersPage(api, 'page=78')).users[5]!;

  const balances = (page: Page) => page.getByRole('region', { name: 'Balances' });

  test('who else decides a withdrawal shows on its row, warns a second decider, and goes when they close', async ({
    page,
    browser,
    request,
    api,
    admin,
  }) => {
    const w = await pendingGift(api, -4);
    const finance = await asFinance(browser, request);
    try {
      const watcher = await watchPending(finance.context, w);
      const watched = watcher
        .getByRole('row')
        .filter({ has: watcher.getByRole('button', { name: `Reject withdrawal ${w.id}` }) });

      await openWithdrawalsOf(page, w.user!.username!);
      await page.getByRole('button', { name: `Reject withdrawal ${w.id}` }).click();
      const mine = page.getByRole('dialog', { name: 'Reject withdrawal' });
      await expect(mine).toBeVisible();

      // The other console: who decides, with their avatar, on the row.
      const note = watched.getByRole('status', { name: `Who else is on withdrawal ${w.id}` });
      await expect(note).toContainText(`${admin.username} is deciding`);
      // A second decider is warned in their dialog before proceeding.
      await watched.getByRole('button', { name: `Reject withdrawal ${w.id}` }).click();
      const theirs = watcher.getByRole('dialog', { name: 'Reject withdrawal' });
      await expect(theirs).toContainText(`${admin.username} is deciding this withdrawal`);
      await expect(theirs).toContainText('Agree with them on who decides before you proceed.');
      await theirs.getByRole('button', { name: 'Cancel' }).click();

      // The first admin closes their dialog: the row says nothing any more.
      await mine.getByRole('button', { name: 'Cancel' }).click();
      await expect(note).toHaveText('');
      await expect(watched).toContainText('Pending');
    } finally {
      await finance.context.close();
    }
  });

  test("who else is on a player's page shows, their editing too, and goes when their tab closes", async ({
    browser,
    context,
    request,
    api,
    admin,
  }) => {
    const player = await quietPlayer(api);
    const finance = await asFinance(browser, request);
    try {
      const watcher = await finance.context.newPage();
      await watcher.goto(`/users/detail/${player.telegramId}`);
      await expect(balances(watcher)).toBeVisible();
      const here = watcher.getByRole('status', { name: 'Who else is on this player' });
      await expect(here).toHaveText('');

      const visitor = await context.newPage();
      await visitor.goto(`/users/detail/${player.telegramId}`);
      await expect(balances(visitor)).toBeVisible();
      await expect(here).toContainText(`${admin.username} is viewing`);
      await balances(visitor).getByRole('button', { name: 'Edit' }).click();
      await expect(here).toContainText(`${admin.username} is editing`);
      // The visitor sees finance the same way.
      await expect(visitor.getByRole('status', { name: 'Who else is on this player' })).toContainText(
        'finance is viewing',
      );

      // The tab closes: gone within the 30 s a lapsed presence takes, at once when the browser says so.
      await visitor.close();
      // (The browser's leave is not guaranteed: the 20 s time to live and a 10 s read, with slack.)
      await expect(here).toHaveText('', { timeout: 45_000 });
    } finally {
      await finance.context.close();
    }
  });

  test('a change saved under an open form never replaces what was typed: Review changes brings it in', async ({
    page,
    browser,
    request,
    api,
  }) => {
    const player = await quietPlayer(api);
    const finance = await asFinance(browser, request);
    try {
      const stream = page.waitForResponse((r) => new URL(r.url()).pathname === EVENTS_PATH);
      await page.goto(`/users/detail/${player.telegramId}`);
      await expect(balances(page)).toBeVisible();
      await stepUpPage(page);
      expect((await stream).status()).toBe(200);
      await balances(page).getByRole('button', { name: 'Edit' }).click();
      await balances(page).getByLabel('Stars Balance').fill('+100');
      await balances(page).getByLabel('Reason').fill('Live review');

      // Finance saves another figure of the same player meanwhile.
      const before = balanceFigures(player);
      const stored = await putBalances(finance.api, player.telegramId, {
        ...before,
        redChipBalance: before.redChipBalance + 7,
      });

      const form = balances(page);
      await expect(form.getByText('This record changed')).toBeVisible({ timeout: 5_000 });
      await expect(form).toContainText('Changed by finance while you were editing.');
      await expect(form.getByLabel('Stars Balance')).toHaveValue('+100');
      await expect(form.getByLabel('Reason')).toHaveValue('Live review');

      await form.getByRole('button', { name: 'Review changes' }).click();
      await expect(form.getByRole('list', { name: 'Changed meanwhile' })).toContainText(
        `Red Chip Balance: ${before.redChipBalance} -> ${stored.redChipBalance}`,
      );
      await expect(form.getByLabel('Red Chip Balance')).toHaveValue(String(stored.redChipBalance));
      await expect(form.getByLabel('Stars Balance')).toHaveValue('+100');
      await form.getByRole('button', { name: 'Save' }).click();
      await expect(toastWith(page, 'Balances updated successfully')).toBeVisible();

      // Both changes hold: finance's red chips, and the hundred stars on top of what was stored.
      const after = balanceFigures(
        await api.get(`/manager/users/${player.telegramId}`, userDetailResponseSchema),
      );
      expect(after.redChipBalance).toBe(stored.redChipBalance);
      expect(after.starsBalance).toBe(stored.starsBalance + 100);
    } finally {
      await finance.context.close();
    }
  });

  test('the bell counts a withdrawal awaiting a second approval for another approver, and clears it', async ({
    browser,
    request,
    api,
  }) => {
    const w = await pendingGift(api, -1, 'large');
    const finance = await asFinance(browser, request);
    try {
      const watcher = await finance.context.newPage();
      const stream = watcher.waitForResponse((r) => new URL(r.url()).pathname === EVENTS_PATH);
      await watcher.goto('/dashboard');
      const bell = watcher.getByRole('button', { name: /^Notifications/ });
      await expect(bell).toBeVisible({ timeout: 20_000 });
      expect((await stream).status()).toBe(200);
      // From nothing unread (finance's inbox is only this area's, whose specs run one at a time).
      await bell.click();
      const panel = watcher.getByRole('dialog', { name: 'Notifications' });
      const markAll = panel.getByRole('button', { name: 'Mark all read' });
      if (await markAll.isEnabled()) await markAll.click();
      await expect(bell).toHaveAccessibleName('Notifications');
      await panel.getByRole('button', { name: 'Close' }).click();

      // The worker's admin gives the first approval.
      const first = await decideByApi(api, 'without-transfer', w);
      expect(first.status()).toBe(200);
      expect((await first.json()).message).toBe(FIRST_APPROVAL_MESSAGE);

      await expect(bell).toHaveAccessibleName('Notifications, 1 unread', { timeout: 5_000 });
      await bell.click();
      // Named by what waits, after "Unread: " until it is read.
      const named = new RegExp(
        `Withdrawal #${w.id} \\(a gift worth [\\d.]+ TON\\) awaits a second approval$`,
      );
      const item = panel.getByRole('listitem', { name: named });
      await expect(item).toHaveAttribute('aria-label', new RegExp(`^Unread: Withdrawal #${w.id} `));

      // The first approver rejects it instead: the wait is over, the item is read in place.
      expect((await decideByApi(api, 'reject', w)).status()).toBe(200);
      await expect(item).toHaveAttribute('aria-label', new RegExp(`^Withdrawal #${w.id} `), {
        timeout: 5_000,
      });
      await expect(item.getByRole('button', { name: /^Mark read/ })).toHaveCount(0);
      await expect(bell).toHaveAccessibleName('Notifications');

      // Opening an item goes to its screen.
      await item.getByRole('link').click();
      await expect(watcher).toHaveURL(/\/transactions\/withdrawals/);
    } finally {
      await finance.context.close();
    }
  });
});
