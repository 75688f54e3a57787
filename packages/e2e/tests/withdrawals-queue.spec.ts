import fs from 'node:fs';
import type { Page } from '@playwright/test';
import { test, expect, stackOnly } from './support/test';
import { auditResponseSchema, maskValue, STEP_UP_STATUS } from '@manager/contract';
import { E2E } from '@manager/stack/ports';
import { apiAs, login } from './support/api';
import { scan, summary } from './support/axe';
import { ADMIN, fillLogin } from './support/env';
import { expectNoHorizontalScroll, toastWith } from './support/page';
import { usePrivateApi } from './support/private-api';
import { confirmDialog, confirmItsYou, stepUpApi } from './support/step-up';
import { seedWithdrawals, type SeedWithdrawal } from './support/withdrawal-seed';

test.describe(
  'Transactions: withdrawals-queue',
  stackOnly('an API of its own on a database of the withdrawals it makes', '@transactions'),
  () => {
    /**
     * The withdrawal queue as an administrator works it: the rows are this spec's own (a PGlite
     * folder seeded here, an API of its own), so nothing depends on what other specs decided.
     * Every test signs in afresh: its first money action meets "Confirm it's you".
     */
    const DIR = `/tmp/manager-e2e-withdrawals-queue-${E2E.offset}`;
    const player = (n: number, username: string, w: Omit<SeedWithdrawal, 'telegramId' | 'username'>) => ({
      telegramId: 9_310_000_000 + n,
      username,
      ...w,
    });
    const BULK: SeedWithdrawal[] = [
      player(1, 'bulkpayer1', { currency: 'TON', price: '1.25', wallet: 'UQbulkwallet1' }),
      player(2, 'bulkpayer2', { currency: 'TON', price: '2.5', wallet: 'UQbulkwallet2' }),
      player(3, 'bulkpayer3', { currency: 'NFT', price: '3', wallet: 'UQbulkwallet3', gift: 'PlushPepe-31' }),
      // At DUAL_APPROVAL_MIN_TON (10) or more: the batch records a first approval only.
      player(4, 'bulkpayer4', { currency: 'TON', price: '12', wallet: 'UQbulkwallet4' }),
      // Decided by another admin while the confirmation is open.
      player(5, 'bulkpayer5', { currency: 'TON', price: '0.75', wallet: 'UQbulkwallet5' }),
    ];
    const REJECTEE = player(6, 'rejectee', { currency: 'TON', price: '2', wallet: 'UQrejectwallet' });
    const GIFT = player(7, 'giftholder', {
      currency: 'NFT',
      price: '15',
      wallet: 'UQgiftholderwallet',
      gift: 'DurovCap-77',
    });

    let ids: number[] = [];
    test.use({ storageState: { cookies: [], origins: [] } });
    test.setTimeout(120_000);
    test.beforeAll(async () => {
      test.setTimeout(300_000);
      ids = await seedWithdrawals(DIR, 50, [...BULK, REJECTEE, GIFT]);
    });
    const api = usePrivateApi({ PGLITE_DIR: DIR });
    test.afterAll(() => fs.rmSync(DIR, { recursive: true, force: true }));

    async function openQueue(page: Page, search: string) {
      await page.goto('/login');
      await fillLogin(page, ADMIN.username, ADMIN.password);
      await expect(page).toHaveURL(/\/dashboard$/);
      await page.goto('/transactions/withdrawals');
      // The remote's first load on a busy machine can take a while.
      await expect(page.getByRole('heading', { level: 1, name: 'Withdrawals' })).toBeVisible({
        timeout: 30_000,
      });
      await page.getByLabel('Search by username').fill(search);
    }

    /** `admin` through the API, in a session of its own, stepped up: "another administrator". */
    async function otherAdmin(request: Parameters<typeof login>[0]) {
      const { tokens } = await login(request, ADMIN, api.url);
      const other = apiAs(request, tokens!.accessToken, api.url);
      await stepUpApi(other);
      return other;
    }

    test('the queue in bulk: five rows, one confirmation with count and totals, one step-up, a result per row', async ({
      page,
      request,
    }) => {
      test.setTimeout(300_000);
      const bulk = ids.slice(0, 5);
      const refused: string[] = [];
      page.on('response', (r) => {
        if (r.url().includes('/manager/withdrawals/') && r.status() === STEP_UP_STATUS) refused.push(r.url());
      });
      await openQueue(page, 'bulkpayer');
      // Pending is the default view.
      await expect(page.getByRole('radio', { name: 'Pending' })).toBeChecked();
      const rows = page.getByRole('row').filter({ hasText: 'bulkpayer' });
      await expect(rows).toHaveCount(5);

      // Every row's buttons at the same places: Reject of a TON row under Reject of a gift row.
      const x = async (name: string) => (await page.getByRole('button', { name }).boundingBox())!.x;
      const [tonId, giftId] = [bulk[0]!, bulk[2]!];
      expect(await x(`Reject withdrawal ${tonId}`)).toBe(await x(`Reject withdrawal ${giftId}`));
      expect(await x(`Approve without transfer withdrawal ${tonId}`)).toBe(
        await x(`Approve without transfer withdrawal ${giftId}`),
      );
      await expect(
        page.getByRole('button', { name: `Approve with transfer withdrawal ${tonId}` }),
      ).toHaveCount(0);

      for (const id of bulk) await page.getByRole('checkbox', { name: `Select withdrawal ${id}` }).check();
      await expect(page.getByText('5 selected')).toBeVisible();
      // Scanned as the rows rest (a selected row under the pointer is a shade darker).
      await page.mouse.move(0, 0);
      expect(summary(await scan(page, 'withdrawals, five rows selected'))).toEqual([]);
      await page.getByRole('button', { name: 'Approve selected without transfer' }).click();
      const dialog = page.getByRole('dialog', { name: 'Approve selected without transfer' });
      await expect(dialog).toContainText(
        'Approve 5 withdrawals? Total: 16.50 TON, 1 NFT (gift worth 3.00 TON).',
      );
      await expect(dialog).toContainText('1 of them need a second administrator');
      expect(summary(await scan(page, 'withdrawals, the batch confirmation'))).toEqual([]);

      // Another administrator decides one of them first.
      const other = await otherAdmin(request);
      expect((await other.send('POST', '/manager/withdrawals/reject', { id: bulk[4] })).status()).toBe(200);

      await dialog.getByRole('button', { name: 'Approve without transfer' }).click();
      await confirmItsYou(page, { password: ADMIN.password });
      const results = page.getByRole('list', { name: 'Batch results' });
      const result = (id: number) => results.getByRole('listitem').filter({ hasText: `#${id} ` });
      for (const id of bulk.slice(0, 3)) await expect(result(id)).toContainText('Decided');
      await expect(result(bulk[3]!)).toContainText('Awaiting a second approval');
      await expect(result(bulk[4]!)).toContainText('Already decided by someone else');
      await expect(results.getByRole('listitem')).toHaveCount(5);
      // One step-up covered the batch: one refusal, then the one call went through.
      expect(refused).toHaveLength(1);
      await expect(confirmDialog(page)).toHaveCount(0);

      // One audit row per withdrawal.
      for (const id of bulk) {
        const trail = await other.get(
          `/manager/audit?entityType=withdrawal&entityId=${id}`,
          auditResponseSchema,
        );
        expect(trail.entries, `audit of ${id}`).toHaveLength(1);
      }
      await page.keyboard.press('Escape');
      // The pending queue keeps only the one awaiting its second approval.
      await expect(rows).toHaveCount(1);
      await expect(rows).toContainText('Awaiting second approval');
    });

    test('a confirmation states player, amount, currency, wallet and item, and warns of the second approver', async ({
      page,
    }) => {
      const id = ids[6]!;
      await openQueue(page, GIFT.username);
      await page.getByRole('button', { name: `Approve with transfer withdrawal ${id}` }).click();
      const dialog = page.getByRole('dialog', { name: 'Approve with transfer' });
      for (const text of [
        `Player${GIFT.username} (${GIFT.telegramId})`,
        "Amount15.00 TON (the gift's value)",
        'CurrencyNFT',
        `Wallet${maskValue(GIFT.wallet)}`,
        `Item${GIFT.gift} (ID: `,
        'This withdrawal needs a second administrator',
      ])
        await expect(dialog).toContainText(text);
      expect(summary(await scan(page, 'withdrawals, an approval needing a second administrator'))).toEqual(
        [],
      );
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      // Reject warns it cannot be undone, with the same details.
      await page.getByRole('button', { name: `Reject withdrawal ${id}` }).click();
      const reject = page.getByRole('dialog', { name: 'Reject withdrawal' });
      await expect(reject).toContainText(`Wallet${maskValue(GIFT.wallet)}`);
      await expect(reject).toContainText('This action cannot be undone!');
      await expect(reject).not.toContainText('second administrator');
    });

    test('a rejected withdrawal: found by the Rejected filter with who and when, Rejected on its player page via the link', async ({
      page,
    }) => {
      test.setTimeout(300_000);
      const id = ids[5]!;
      await openQueue(page, REJECTEE.username);
      // The counters come with the rows.
      await expect(page.getByRole('button', { name: `Reject withdrawal ${id}` })).toBeVisible();
      const rejectedCount = Number(
        (await page.getByRole('group', { name: 'Rejected' }).textContent())!.replace(/\D/g, ''),
      );
      await page.getByRole('button', { name: `Reject withdrawal ${id}` }).click();
      const dialog = page.getByRole('dialog', { name: 'Reject withdrawal' });
      await expect(dialog).toContainText(`Player${REJECTEE.username} (${REJECTEE.telegramId})`);
      await expect(dialog).toContainText('Amount2.00');
      await expect(dialog).toContainText('CurrencyTON');
      await dialog.getByRole('button', { name: 'Reject' }).click();
      await confirmItsYou(page, { password: ADMIN.password });
      await expect(toastWith(page, 'Withdrawal rejected successfully')).toBeVisible();
      await expect(page.getByRole('row').filter({ hasText: REJECTEE.username })).toHaveCount(0);

      await page.getByText('Rejected', { exact: true }).last().click();
      await expect(page).toHaveURL(/status=rejected/);
      const row = page.getByRole('row').filter({ hasText: REJECTEE.username });
      await expect(row).toBeVisible();
      await expect(page.getByRole('group', { name: 'Rejected' })).toContainText(String(rejectedCount + 1));
      await expect(row).toContainText('Rejected');
      await expect(row).toContainText(
        new RegExp(`Rejected by ${ADMIN.username}, \\w{3} \\d{1,2}, \\d{4} \\d{2}:\\d{2}`),
      );
      await expect(row.getByRole('button')).toHaveCount(0);
      await expect(row.getByRole('checkbox')).toBeDisabled();

      await row.getByRole('link', { name: REJECTEE.username }).click();
      await expect(page).toHaveURL(new RegExp(`/users/detail/${REJECTEE.telegramId}$`));
      await page.getByRole('tab', { name: 'Withdrawals' }).click();
      const tab = page.getByRole('tabpanel', { name: 'Withdrawals' });
      await expect(tab.getByRole('row').filter({ hasText: '2.00 TON' })).toContainText('Rejected');
      await expect(tab).not.toContainText('Pending');
    });

    test.describe('phone width', () => {
      test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
      test('cards with a checkbox, the player link and the actions; nothing overflows; axe clean', async ({
        page,
      }) => {
        await openQueue(page, 'giftholder');
        const card = page.getByTestId('withdrawal-card').filter({ hasText: GIFT.username });
        await expect(card.getByRole('checkbox', { name: `Select withdrawal ${ids[6]}` })).toBeVisible();
        await expect(card.getByRole('link', { name: GIFT.username })).toHaveAttribute(
          'href',
          `/users/detail/${GIFT.telegramId}`,
        );
        await card.getByRole('checkbox', { name: `Select withdrawal ${ids[6]}` }).check();
        await expectNoHorizontalScroll(page);
        expect(summary(await scan(page, 'withdrawals at phone width, a card selected'))).toEqual([]);
        await page.getByRole('button', { name: 'Reject selected' }).click();
        const dialog = page.getByRole('dialog', { name: 'Reject selected' });
        await expect(dialog).toContainText('Reject 1 withdrawal? Total: 1 NFT (gift worth 15.00 TON).');
        await expectNoHorizontalScroll(page);
        expect(summary(await scan(page, 'withdrawals at phone width, the batch confirmation'))).toEqual([]);
      });
    });
  },
);
