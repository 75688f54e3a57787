import type { BrowserContext, Page } from '@playwright/test';
import { EVENTS_PATH, type Withdrawal } from '@manager/contract';
import { test, expect } from './support/test';
import { toastWith } from './support/page';
import { openWithdrawalsOf, pendingGift } from './support/transactions';

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
});
