import type { Page } from '@playwright/test';
import { test, expect } from './support/test';
import { auditResponseSchema, FIRST_APPROVAL_MESSAGE, FIRST_APPROVER_REFUSAL } from '@manager/contract';
import { adminApi } from './support/api';
import { scan, summary } from './support/axe';
import { ADMIN, ADMIN_2FA, fillLogin } from './support/env';
import { expectNoHorizontalScroll, toastWith } from './support/page';
import { admin2faCodes } from './support/settings';
import { confirmItsYou } from './support/step-up';
import {
  decideByApi,
  listWithdrawals,
  openWithdrawalsOf,
  pendingGift,
  pendingTon,
} from './support/transactions';

test.describe('Transactions: withdrawals-dual-approval', { tag: '@transactions' }, () => {
  /**
   * Dual approval of a large withdrawal (DUAL_APPROVAL_MIN_TON or more): `admin` (the shared
   * session) approves first, `admin2fa` confirms in a browser context of its own. The rows are
   * the `large` ones of support/transactions.ts, which withdrawals.spec.ts never takes.
   */

  /** Signs `admin2fa` in through the console with an authenticator code (a new session of theirs only). */
  async function signInAsAdmin2fa(page: Page, code: () => Promise<string>) {
    await page.goto('/login');
    await fillLogin(page, ADMIN_2FA.username, ADMIN_2FA.password);
    await page.getByLabel('Authentication code').fill(await code());
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
  }

  test.describe('dual approval of large withdrawals', () => {
    test('approved by admin, then confirmed by admin2fa: processed once; admin cannot approve twice', async ({
      page,
      browser,
      request,
    }) => {
      // admin2fa's step-up code must be of a later 30 s step than their sign-in's: up to one step of waiting.
      test.setTimeout(120_000);
      const api = await adminApi(request);
      const w = await pendingGift(api, 0, 'large');
      const username = w.user!.username!;

      // The first approval: recorded, the toast says a second administrator must confirm.
      await openWithdrawalsOf(page, username);
      const row = page.getByRole('row').filter({ hasText: w.inventory!.name });
      await row.getByRole('button', { name: `Approve with transfer withdrawal ${w.id}` }).click();
      await page
        .getByRole('dialog', { name: 'Approve with transfer' })
        .getByRole('button', { name: 'Approve with transfer' })
        .click();
      await expect(toastWith(page, FIRST_APPROVAL_MESSAGE)).toBeVisible();
      await expect(row).toContainText('Awaiting second approval');
      await expect(row).toContainText(`Approved by ${ADMIN.username} (with transfer)`);

      // The same admin cannot give the second: the approvals are disabled, the reason in a
      // tooltip that the keyboard reaches (Shift+Tab from Reject lands on the last approval's wrapper).
      const withTransfer = row.getByRole('button', { name: `Approve with transfer withdrawal ${w.id}` });
      const withoutTransfer = row.getByRole('button', {
        name: `Approve without transfer withdrawal ${w.id}`,
      });
      await expect(withTransfer).toBeDisabled();
      await expect(withoutTransfer).toBeDisabled();
      expect(summary(await scan(page, 'withdrawals, awaiting a second approval'))).toEqual([]);
      // The pointer leaves the approve button it clicked, whose wrapper would show the same
      // tooltip on hover when the row is drawn again (a refresh after the approval's event).
      await page.mouse.move(0, 0);
      await row.getByRole('button', { name: `Reject withdrawal ${w.id}` }).focus();
      await page.keyboard.press('Shift+Tab');
      await expect(page.getByRole('tooltip')).toHaveText(FIRST_APPROVER_REFUSAL);
      await page.keyboard.press('Tab');
      await expect(page.getByRole('tooltip')).toBeHidden();
      await withTransfer.hover({ force: true });
      // The hover's tooltip; the keyboard's may still be fading out beside it.
      await expect(page.getByRole('tooltip').last()).toHaveText(FIRST_APPROVER_REFUSAL);
      // The API refuses it too.
      const again = await decideByApi(api, 'with-transfer', w);
      expect(again.status()).toBe(409);
      expect((await again.json()).message).toBe(FIRST_APPROVER_REFUSAL);

      // A second administrator, in a browser of their own, is offered only that approval.
      const other = await browser.newContext({ storageState: { cookies: [], origins: [] } });
      try {
        const second = await other.newPage();
        const codes = admin2faCodes();
        await signInAsAdmin2fa(second, () => codes.next());
        // Their new session has no step-up yet: the approval asks "Confirm it's you" for a code.
        await openWithdrawalsOf(second, username, { stepUp: false });
        const theirRow = second.getByRole('row').filter({ hasText: w.inventory!.name });
        await expect(theirRow).toContainText(`Approved by ${ADMIN.username} (with transfer)`);
        await expect(
          theirRow.getByRole('button', { name: `Approve without transfer withdrawal ${w.id}` }),
        ).toHaveCount(0);
        await theirRow.getByRole('button', { name: `Approve with transfer withdrawal ${w.id}` }).click();
        await second
          .getByRole('dialog', { name: 'Approve with transfer' })
          .getByRole('button', { name: 'Approve with transfer' })
          .click();
        await confirmItsYou(second, { code: await codes.next() });
        await expect(toastWith(second, 'Withdrawal with transfer processed successfully')).toBeVisible();
        await expect(theirRow).toContainText('Processed');
      } finally {
        await other.close();
      }

      // Processed once: one execution in the trail, after admin's first approval and admin2fa's claim.
      await page.reload();
      await page.getByLabel('Search by username').fill(username);
      await expect(row).toContainText('Processed');
      expect((await listWithdrawals(api)).find((x) => x.id === w.id)).toMatchObject({
        status: true,
        firstApproval: null,
      });
      const trail = await api.get(
        `/manager/audit?entityType=withdrawal&entityId=${w.id}`,
        auditResponseSchema,
      );
      expect(trail.entries.map((e) => [e.action, e.admin.username]).reverse()).toEqual([
        ['withdrawal.first_approval', ADMIN.username],
        ['withdrawal.transfer_claim', ADMIN_2FA.username],
        ['withdrawal.approve_with_transfer', ADMIN_2FA.username],
      ]);
    });

    test('phone width: the card says who approved, the first approver gets the reason, nothing overflows', async ({
      page,
      request,
    }) => {
      await page.setViewportSize({ width: 375, height: 740 });
      const api = await adminApi(request);
      const w = await pendingTon(api, 0, 'large');
      const first = await decideByApi(api, 'without-transfer', w);
      expect((await first.json()).message).toBe(FIRST_APPROVAL_MESSAGE);
      await openWithdrawalsOf(page, w.user!.username!);
      await expect(page.getByRole('table')).toHaveCount(0);
      const card = page
        .getByTestId('withdrawal-card')
        .filter({ has: page.getByRole('button', { name: `Reject withdrawal ${w.id}` }) });
      await expect(card).toContainText('Awaiting second approval');
      await expect(card).toContainText(`Approved by ${ADMIN.username} (without transfer)`);
      await expect(
        card.getByRole('button', { name: `Approve without transfer withdrawal ${w.id}` }),
      ).toBeDisabled();
      await expect(page.getByRole('group', { name: 'Awaiting second approval' })).toBeVisible();
      await expectNoHorizontalScroll(page);
      expect(summary(await scan(page, 'withdrawals at phone width, awaiting a second approval'))).toEqual([]);
      // Reject by the first approver ends it.
      await card.getByRole('button', { name: `Reject withdrawal ${w.id}` }).click();
      await page
        .getByRole('dialog', { name: 'Reject withdrawal' })
        .getByRole('button', { name: 'Reject' })
        .click();
      await expect(toastWith(page, 'Withdrawal rejected successfully')).toBeVisible();
      await expect(card).toHaveCount(0);
    });
  });
});
