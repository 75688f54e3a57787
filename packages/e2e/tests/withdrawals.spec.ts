import { test, expect } from './support/test';
import { STEP_UP_STATUS, withdrawalsResponseSchema } from '@manager/contract';
import { chooseOption } from './support/antd';
import { adminApi } from './support/api';
import { ADMIN, fillLogin } from './support/env';
import { expectNoHorizontalScroll, toastWith } from './support/page';
import { confirmDialog, confirmItsYou, stepUpPage } from './support/step-up';
import {
  decideByApi,
  listWithdrawals,
  openWithdrawalsOf,
  pendingGift,
  pendingTon,
} from './support/transactions';

test.describe('Transactions: withdrawals', { tag: '@transactions' }, () => {
  test.describe('withdrawals', () => {
    test('counters, status filter and pages of 10 match the API', async ({ page, request }) => {
      const all = await listWithdrawals(await adminApi(request));
      const approved = all.filter((w) => w.status).length;
      const awaiting = all.filter((w) => !w.status && w.firstApproval).length;
      await page.goto('/transactions/withdrawals');
      const card = (name: string) => page.getByRole('group', { name });
      await expect(card('Pending')).toContainText(String(all.length - approved));
      await expect(card('Awaiting second approval')).toContainText(String(awaiting));
      await expect(card('Approved')).toContainText(String(approved));
      await expect(card('Total')).toContainText(String(all.length));
      for (const header of ['User', 'Item', 'Status', 'Date', 'Actions']) {
        await expect(page.getByRole('columnheader', { name: header })).toBeVisible();
      }
      await expect(page.getByRole('row')).toHaveCount(11);
      // Pending is the default view: the queue.
      await expect(page.getByRole('radio', { name: 'Pending' })).toBeChecked();
      await expect(page.getByText(`Showing 1 to 10 of ${all.length - approved} results`)).toBeVisible();
      await page.getByText('All', { exact: true }).click();
      await expect(page.getByText(`Showing 1 to 10 of ${all.length} results`)).toBeVisible();

      await page.getByText('Approved', { exact: true }).last().click();
      await expect(page.getByText(`Showing 1 to 10 of ${approved} results`)).toBeVisible();
      await expect(page.getByRole('row').filter({ hasText: 'Pending' })).toHaveCount(0);
      await expect(page.getByRole('row').nth(1)).toContainText('Processed');
    });

    test('a search that matches nobody shows No withdrawals found with Clear Filters, back to the whole queue', async ({
      page,
      request,
    }) => {
      const all = await listWithdrawals(await adminApi(request));
      const pending = all.filter((w) => !w.status).length;
      await page.goto('/transactions/withdrawals?status=approved');
      await page.getByLabel('Search by username').fill('nobody-by-this-name');
      await expect
        .poll(() => Object.fromEntries(new URL(page.url()).searchParams))
        .toEqual({ status: 'approved', q: 'nobody-by-this-name' });
      const empty = page
        .getByRole('cell')
        .filter({ has: page.getByRole('heading', { name: 'No withdrawals found' }) });
      await expect(empty).toBeVisible();
      await empty.getByRole('button', { name: 'Clear Filters' }).click();
      await expect.poll(() => new URL(page.url()).search).toBe('');
      await expect(page.getByLabel('Search by username')).toHaveValue('');
      await expect(page.getByRole('radio', { name: 'Pending' })).toBeChecked();
      await expect(page.getByText(`Showing 1 to 10 of ${pending} results`)).toBeVisible();
      await expect(page.getByRole('button', { name: 'Clear Filters' })).toBeDisabled();
    });

    test('phone width: Sort by "Price, descending" orders the cards as the API does', async ({
      page,
      request,
    }) => {
      await page.setViewportSize({ width: 390, height: 844 });
      const answer = await (
        await adminApi(request)
      ).get('/manager/withdrawals?page=1&limit=10&status=pending&sort=-price', withdrawalsResponseSchema);
      if (Array.isArray(answer)) throw new Error('GET /withdrawals with page answered the whole list');
      const ids = answer.withdrawals.map((w) => `Withdrawal ${w.id}`);
      expect(ids).toHaveLength(10);
      await page.goto('/transactions/withdrawals');
      await expect(page.getByRole('columnheader')).toHaveCount(0);
      await chooseOption(page, 'Sort by', 'Price, descending');
      await expect
        .poll(() => Object.fromEntries(new URL(page.url()).searchParams))
        .toEqual({ sort: '-price' });
      const cards = page.getByTestId('withdrawal-card');
      await expect
        .poll(() => cards.evaluateAll((all) => all.map((c) => c.getAttribute('aria-label'))))
        .toEqual(ids);
      await expectNoHorizontalScroll(page);
    });

    test('approve with gift transfer: confirmation, success toast, the row becomes Processed', async ({
      page,
      request,
    }) => {
      const w = await pendingGift(await adminApi(request), 0);
      await openWithdrawalsOf(page, w.user!.username!);
      const row = page.getByRole('row').filter({ hasText: w.inventory!.name });
      await row.getByRole('button', { name: `Approve with transfer withdrawal ${w.id}` }).click();
      const dialog = page.getByRole('dialog', { name: 'Approve with transfer' });
      await expect(dialog).toContainText('Approve this withdrawal and transfer the gift to the user?');
      // While the confirmation is open no other decision can start.
      await expect(row.getByRole('button', { name: `Reject withdrawal ${w.id}` })).toBeDisabled();
      await dialog.getByRole('button', { name: 'Approve with transfer' }).click();
      await expect(toastWith(page, 'Withdrawal with transfer processed successfully')).toBeVisible();
      await expect(dialog).toBeHidden();
      await expect(row).toContainText('Processed');
      await expect(row).toContainText('Completed');
      await expect(row.getByRole('button')).toHaveCount(0);
    });

    test('approve without transfer: buttons disabled while the call is in flight, then Processed', async ({
      page,
      request,
    }) => {
      const w = await pendingTon(await adminApi(request), 0);
      await openWithdrawalsOf(page, w.user!.username!);
      const row = page
        .getByRole('row')
        .filter({ has: page.getByRole('button', { name: `Reject withdrawal ${w.id}` }) });
      // TON withdrawals cannot be auto-approved with a transfer.
      await expect(row.getByRole('button', { name: /Approve with transfer/ })).toHaveCount(0);
      let release!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      await page.route('**/manager/withdrawals/without-transfer', async (route) => {
        await held;
        await route.continue();
      });
      await row.getByRole('button', { name: `Approve without transfer withdrawal ${w.id}` }).click();
      const dialog = page.getByRole('dialog', { name: 'Approve without transfer' });
      await dialog.getByRole('button', { name: 'Approve without transfer' }).click();
      await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeDisabled();
      await expect(row.getByRole('button', { name: `Reject withdrawal ${w.id}` })).toBeDisabled();
      release();
      await expect(toastWith(page, 'Withdrawal without transfer processed successfully')).toBeVisible();
      const processed = page
        .getByRole('row')
        .filter({ hasText: `${w.price.toFixed(2)} TON` })
        .filter({ hasText: 'Processed' });
      await expect(processed.first()).toBeVisible();
      await expect(page.getByRole('button', { name: `Reject withdrawal ${w.id}` })).toHaveCount(0);
    });

    test('reject warns it cannot be undone; the rejected row leaves the list', async ({ page, request }) => {
      const api = await adminApi(request);
      const w = await pendingGift(api, 1);
      const total = (await listWithdrawals(api)).length;
      await page.goto('/transactions/withdrawals');
      await expect(page.getByRole('group', { name: 'Total' })).toContainText(String(total));
      await stepUpPage(page);
      await page.getByLabel('Search by username').fill(w.user!.username!);
      const row = page.getByRole('row').filter({ hasText: w.inventory!.name });
      await row.getByRole('button', { name: `Reject withdrawal ${w.id}` }).click();
      const dialog = page.getByRole('dialog', { name: 'Reject withdrawal' });
      await expect(dialog).toContainText('This action cannot be undone!');
      // Cancel changes nothing.
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await expect(dialog).toBeHidden();
      await row.getByRole('button', { name: `Reject withdrawal ${w.id}` }).click();
      await page
        .getByRole('dialog', { name: 'Reject withdrawal' })
        .getByRole('button', { name: 'Reject' })
        .click();
      await expect(toastWith(page, 'Withdrawal rejected successfully')).toBeVisible();
      await expect(row).toHaveCount(0);
      await expect(page.getByRole('group', { name: 'Total' })).toContainText(String(total - 1));
      expect((await listWithdrawals(api)).some((x) => x.id === w.id)).toBe(false);
    });

    test('a decision another admin took first is refused with the failure toast, and the row shows Processed', async ({
      page,
      request,
    }) => {
      const api = await adminApi(request);
      const w = await pendingGift(api, 2);
      await openWithdrawalsOf(page, w.user!.username!);
      const row = page.getByRole('row').filter({ hasText: w.inventory!.name });
      await row.getByRole('button', { name: `Approve without transfer withdrawal ${w.id}` }).click();
      expect((await decideByApi(api, 'with-transfer', w)).status()).toBe(200);
      await page
        .getByRole('dialog', { name: 'Approve without transfer' })
        .getByRole('button', { name: 'Approve without transfer' })
        .click();
      await expect(toastWith(page, 'Withdrawal without transfer failed')).toBeVisible();
      await expect(toastWith(page, 'already decided')).toBeVisible();
      await expect(row).toContainText('Processed');
    });

    test('phone width: one card per withdrawal with its actions', async ({ page, request }) => {
      await page.setViewportSize({ width: 375, height: 740 });
      const w = await pendingGift(await adminApi(request), 3);
      await openWithdrawalsOf(page, w.user!.username!);
      await expect(page.getByRole('table')).toHaveCount(0);
      const card = page.getByTestId('withdrawal-card').filter({ hasText: w.inventory!.name });
      await expect(card).toContainText('Pending');
      await expect(card.getByRole('button', { name: `Reject withdrawal ${w.id}` })).toBeVisible();
      await expectNoHorizontalScroll(page);
    });

    test('a decision in a session without a step-up asks "Confirm it\'s you" once, then goes through by itself', async ({
      browser,
      request,
    }) => {
      const api = await adminApi(request);
      const [first, second] = [await pendingTon(api, 1), await pendingTon(api, 2)];
      // A new sign-in (a session of its own) starts without a step-up: the prompt is certain to come.
      const context = await browser.newContext({ storageState: { cookies: [], origins: [] } });
      try {
        const page = await context.newPage();
        const refused: string[] = [];
        page.on(
          'response',
          (r) =>
            r.url().includes('/manager/withdrawals/') &&
            r.status() === STEP_UP_STATUS &&
            refused.push(r.url()),
        );
        await page.goto('/login');
        await fillLogin(page, ADMIN.username, ADMIN.password);
        await expect(page).toHaveURL(/\/dashboard$/);
        await openWithdrawalsOf(page, first.user!.username!, { stepUp: false });
        await page.getByRole('button', { name: `Approve without transfer withdrawal ${first.id}` }).click();
        await page
          .getByRole('dialog', { name: 'Approve without transfer' })
          .getByRole('button', { name: 'Approve without transfer' })
          .click();
        await confirmItsYou(page, { password: ADMIN.password });
        await expect(toastWith(page, 'Withdrawal without transfer processed successfully')).toBeVisible();
        expect(refused).toHaveLength(1);

        // Within the window the next decision does not ask.
        await page.getByLabel('Search by username').fill(second.user!.username!);
        await page.getByRole('button', { name: `Reject withdrawal ${second.id}` }).click();
        await page
          .getByRole('dialog', { name: 'Reject withdrawal' })
          .getByRole('button', { name: 'Reject' })
          .click();
        await expect(toastWith(page, 'Withdrawal rejected successfully')).toBeVisible();
        await expect(confirmDialog(page)).toHaveCount(0);
        expect(refused).toHaveLength(1);
      } finally {
        await context.close();
      }
    });
  });
});
