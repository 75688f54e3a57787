import { readFile } from 'node:fs/promises';
import type { APIRequestContext, Page } from '@playwright/test';
import { test, expect } from './support/test';
import { auditAdminsResponseSchema, auditResponseSchema, type UserSummary } from '@manager/contract';
import { adminApi, type Api } from './support/api';
import { ADMIN } from './support/env';
import { searchOption } from './support/antd';
import { expectNoHorizontalScroll } from './support/page';
import { stepUpPage } from './support/step-up';
import { balanceFigures, putBalances, restoreBalances, TEST_REASON, usersPage } from './support/users';

test.describe('Settings: audit', { tag: '@settings' }, () => {
  // Each test changes a balance of a player no other spec edits and reads the trail filtered to
  // that player, so rows of other specs (or of other runs on a reused stack) never interfere.

  /** A player deep in the list (old sign-up) that no other spec touches: one per test. */
  async function pickUser(api: Api, index: number): Promise<UserSummary> {
    const user = (await usersPage(api, 'page=83')).users[index];
    expect(user, 'seeded players on page 83').toBeDefined();
    return user!;
  }

  /** Stars as the Changes column writes them: digits grouped, then the currency. */
  const stars = (n: number) => `${n.toLocaleString('en-US')} Stars`;

  const balances = (page: Page) => page.getByRole('region', { name: 'Balances' });
  const filters = (page: Page) => page.getByRole('region', { name: 'Filters' });

  /** Saves a new Stars balance in the open balances card, with a reason, as an admin does. */
  async function saveStars(page: Page, value: number) {
    await balances(page).getByRole('button', { name: 'Edit' }).click();
    await balances(page).getByLabel('Stars Balance').fill(String(value));
    await balances(page).getByLabel('Reason').fill(TEST_REASON);
    await balances(page).getByRole('button', { name: 'Save' }).click();
    await expect(balances(page).getByRole('button', { name: 'Edit' })).toBeVisible();
  }

  /** Opens the player's page and saves a new Stars balance (the session stepped up: no prompt). */
  async function changeStarsOnPage(page: Page, user: UserSummary, value: number) {
    await page.goto(`/users/detail/${user.telegramId}`);
    await expect(balances(page)).toBeVisible();
    await stepUpPage(page);
    await saveStars(page, value);
  }

  /** The same change through the API (a test whose subject is not the balances card). */
  async function changeStarsByApi(api: Api, user: UserSummary, value: number) {
    const seen = balanceFigures(user);
    await putBalances(api, user.telegramId, { ...seen, starsBalance: value }, seen);
  }

  async function adminId(request: APIRequestContext) {
    const { admins } = await (
      await adminApi(request)
    ).get('/manager/audit/admins', auditAdminsResponseSchema);
    const admin = admins.find((a) => a.username === ADMIN.username);
    expect(admin, 'admin is in the Admin filter').toBeDefined();
    return admin!.id;
  }

  test.describe('Audit Log', () => {
    test('a balance change shows in /audit with before -> after; filters by entity, action and admin live in the address', async ({
      page,
      request,
    }) => {
      const api = await adminApi(request);
      const user = await pickUser(api, 7);
      // A fresh value each run, so the row found is this run's.
      const raised = user.starsBalance + 1000 + Math.floor(Math.random() * 9000);
      const line = `Stars balance: ${stars(user.starsBalance)} -> ${stars(raised)}`;
      try {
        await changeStarsOnPage(page, user, raised);

        // Through the sidebar: Audit Log is right after Settings.
        await page.getByRole('navigation').getByRole('menuitem', { name: 'Audit Log' }).click();
        await expect(page).toHaveURL(/\/audit$/);
        await expect(page.getByRole('heading', { level: 1, name: 'Audit Log' })).toBeVisible();

        // Searchable selects, typed as a person does in a long list.
        await searchOption(filters(page).getByLabel('Entity', { exact: true }), 'User');
        await filters(page).getByLabel('Entity ID').fill(String(user.telegramId));
        await filters(page).getByLabel('Entity ID').press('Enter');
        await searchOption(filters(page).getByLabel('Action', { exact: true }), 'Balances changed');
        const row = page.getByRole('row').filter({ hasText: line });
        await expect(row).toHaveCount(1);
        await expect(row).toContainText('Balances changed');
        await expect(row.getByRole('link', { name: `User ${user.telegramId}` })).toBeVisible();

        const id = await adminId(request);
        await searchOption(filters(page).getByLabel('Admin', { exact: true }), ADMIN.username);
        await expect(page).toHaveURL(new RegExp(`[?&]admin=${id}(&|$)`));
        await expect(page).toHaveURL(/[?&]action=user\.balances\.update(&|$)/);
        await expect(page).toHaveURL(new RegExp(`[?&]entity=user&entityId=${user.telegramId}(&|$)`));
        await expect(row).toHaveCount(1);

        // Back undoes the last filter, Forward brings it back.
        await page.goBack();
        await expect(page).not.toHaveURL(/[?&]admin=/);
        await expect(filters(page).getByTitle('All admins')).toBeVisible();
        await page.goForward();
        await expect(page).toHaveURL(new RegExp(`[?&]admin=${id}(&|$)`));

        // The address alone shows the same view: a shared link.
        const link = page.url();
        await page.goto('/dashboard');
        await page.goto(link);
        await expect(page.getByRole('row').filter({ hasText: line })).toHaveCount(1);
        await expect(filters(page).getByLabel('Entity ID')).toHaveValue(String(user.telegramId));
        await expect(filters(page).getByTitle('Balances changed')).toBeVisible();
        await page.reload();
        await expect(page.getByRole('row').filter({ hasText: line })).toHaveCount(1);

        // The entity opens its screen: the player's page.
        await page
          .getByRole('row')
          .filter({ hasText: line })
          .getByRole('link', { name: `User ${user.telegramId}` })
          .click();
        await expect(page).toHaveURL(new RegExp(`/users/detail/${user.telegramId}$`));
        await expect(balances(page)).toContainText(`Stars Balance${raised.toLocaleString('en-US')}`);
      } finally {
        await restoreBalances(api, user.telegramId, balanceFigures(user));
      }
    });

    test('filters that match nothing say No audit entries found with Clear Filters, which brings the first page back and empties the address', async ({
      page,
      request,
    }) => {
      // A balance change, two loads of the log and a restore: over a minute on a busy machine.
      test.setTimeout(150_000);
      const api = await adminApi(request);
      const user = await pickUser(api, 40);
      // A row of this run first, so the unfiltered log (sign-ins left out) is not empty.
      await changeStarsByApi(api, user, user.starsBalance + 7);
      try {
        const first = await api.get('/manager/audit?signIns=false', auditResponseSchema);
        expect(first.entries[0]?.action, 'the newest row is the change just made').toBe(
          'user.balances.update',
        );
        await page.goto('/audit');
        const rows = page.getByRole('row').filter({ has: page.getByRole('cell') });
        // Other workers' specs write the log meanwhile: their rows may come first, never fewer rows.
        const change = rows.filter({ has: page.getByRole('link', { name: `User ${user.telegramId}` }) });
        await expect(change.first()).toBeVisible({ timeout: 30_000 });
        await expect.poll(() => rows.count()).toBeGreaterThanOrEqual(first.entries.length);
        const clear = filters(page).getByRole('button', { name: 'Clear Filters' });
        await expect(clear).toBeDisabled();
        await searchOption(filters(page).getByLabel('Entity', { exact: true }), 'User');
        await filters(page).getByLabel('Entity ID').fill('999999999999');
        await filters(page).getByLabel('Entity ID').press('Enter');
        await expect(page).toHaveURL(/\/audit\?entity=user&entityId=999999999999$/);
        await expect(page.getByText('No audit entries found')).toBeVisible();
        await page.getByRole('button', { name: 'Clear Filters' }).last().click();
        await expect(page).toHaveURL(/\/audit$/);
        await expect(filters(page).getByLabel('Entity ID')).toHaveValue('');
        await expect(change.first()).toContainText(first.entries[0]!.action);
        await expect.poll(() => rows.count()).toBeGreaterThanOrEqual(first.entries.length);
        await expect(clear).toBeDisabled();
      } finally {
        await restoreBalances(api, user.telegramId, balanceFigures(user));
      }
    });

    test("the player's History tab shows the change, newest first", async ({ page, request }) => {
      const api = await adminApi(request);
      const user = await pickUser(api, 8);
      const first = user.starsBalance + 11;
      const second = first + 22;
      try {
        await changeStarsOnPage(page, user, first);
        await saveStars(page, second);

        await page.getByRole('tab', { name: 'History' }).click();
        const history = page.getByRole('tabpanel', { name: 'History' });
        const rows = history.getByRole('row').filter({ hasText: 'Stars balance:' });
        await expect(rows).toHaveCount(2);
        await expect(rows.nth(0)).toContainText(`Stars balance: ${stars(first)} -> ${stars(second)}`);
        await expect(rows.nth(1)).toContainText(
          `Stars balance: ${stars(user.starsBalance)} -> ${stars(first)}`,
        );

        // A save while the tab is open shows at once (the trail is refreshed with the balances).
        await balances(page).getByRole('button', { name: 'Edit' }).click();
        await balances(page).getByLabel('Stars Balance').fill(String(user.starsBalance));
        await balances(page).getByLabel('Reason').fill(TEST_REASON);
        await balances(page).getByRole('button', { name: 'Save' }).click();
        await expect(rows).toHaveCount(3);
        await expect(rows.nth(0)).toContainText(
          `Stars balance: ${stars(second)} -> ${stars(user.starsBalance)}`,
        );
      } finally {
        await restoreBalances(api, user.telegramId, balanceFigures(user));
      }
    });

    test("Export CSV downloads the filtered rows, and the export shows in the player's History", async ({
      page,
      request,
    }) => {
      const api = await adminApi(request);
      const user = await pickUser(api, 10);
      const raised = user.starsBalance + 7;
      try {
        await changeStarsByApi(api, user, raised);
        await page.goto(`/audit?entity=user&entityId=${user.telegramId}`);
        await expect(
          page
            .getByRole('row')
            .filter({ hasText: `Stars balance: ${stars(user.starsBalance)} -> ${stars(raised)}` }),
        ).toHaveCount(1);
        const download = page.waitForEvent('download');
        await page.getByRole('button', { name: 'Export CSV' }).click();
        const file = await download;
        expect(file.suggestedFilename()).toMatch(/^audit-log-.+\.csv$/);
        const lines = (await readFile(await file.path(), 'utf8'))
          .replace(/^\uFEFF/, '')
          .trim()
          .split(/\r?\n/);
        expect(lines[0]).toBe(
          'id,at,adminId,adminUsername,action,entityType,entityId,userTelegramId,before,after,ip,userAgent,reason,consoleVersion',
        );
        // This player's one row: the filters went with the export.
        expect(lines).toHaveLength(2);
        expect(lines[1]).toContain(`,user.balances.update,user,${user.telegramId},${user.telegramId},`);

        await page.goto(`/users/detail/${user.telegramId}`);
        await page.getByRole('tab', { name: 'History' }).click();
        const history = page.getByRole('tabpanel', { name: 'History' });
        await expect(history.getByRole('row').nth(1)).toContainText('Audit log exported');
        await expect(history.getByRole('row').nth(2)).toContainText(
          `Stars balance: ${stars(user.starsBalance)} -> ${stars(raised)}`,
        );
      } finally {
        await restoreBalances(api, user.telegramId, balanceFigures(user));
      }
    });

    test('sign-ins are left out unless Show sign-ins is on, by the server, and the address keeps the choice', async ({
      page,
      request,
    }) => {
      // A sign-in now: the newest row of the log.
      const api = await adminApi(request);
      const everything = await api.get('/manager/audit?limit=50', auditResponseSchema);
      expect(everything.entries[0]?.action).toBe('auth.login.success');
      const withoutSignIns = await api.get('/manager/audit?limit=50&signIns=false', auditResponseSchema);
      const asked: URLSearchParams[] = [];
      page.on('request', (r) => {
        const url = new URL(r.url());
        if (url.pathname.endsWith('/manager/audit')) asked.push(url.searchParams);
      });
      await page.goto('/audit');
      await expect(page.getByRole('heading', { level: 1, name: 'Audit Log' })).toBeVisible();
      const rows = page.getByRole('row');
      await expect(rows.nth(1)).toBeVisible();
      const signIns = rows.filter({ hasText: 'auth.login.success' });
      await expect(signIns).toHaveCount(0);
      // The server left them out: the page is the server's page without them, not a page with holes.
      expect(asked.at(-1)?.get('signIns')).toBe('false');
      await expect(rows).toHaveCount(1 + withoutSignIns.entries.length);

      const show = filters(page).getByRole('checkbox', { name: 'Show sign-ins' });
      await expect(show).not.toBeChecked();
      // The box follows the address (a controlled checkbox), which the click writes: not check(),
      // which wants the state changed the moment the click returns.
      await show.click();
      await expect(page).toHaveURL(/[?&]signIns=1(&|$)/);
      await expect(show).toBeChecked();
      await expect(signIns.first()).toBeVisible();
      await expect(signIns.first()).toContainText('Signed in');
      expect(asked.at(-1)?.get('signIns')).toBeNull();
      await page.reload();
      await expect(filters(page).getByRole('checkbox', { name: 'Show sign-ins' })).toBeChecked();
      await expect(signIns.first()).toBeVisible();
      await page.goBack();
      await expect(page).not.toHaveURL(/signIns/);
      await expect(rows.nth(1)).toBeVisible();
      await expect(signIns).toHaveCount(0);
    });

    test('Verify chain says the chain is valid, in a status region', async ({ page }) => {
      await page.goto('/audit');
      await page.getByRole('button', { name: 'Verify chain' }).click();
      const status = page.getByRole('status', { name: 'Chain verification' });
      await expect(status).toContainText(/Chain valid: [\d,]+ rows? checked\./);
      await expect(status).toContainText(/Head: position \d+, hash [0-9a-f]{64}/);
      await expect(page.getByRole('alert')).toHaveCount(0);
    });

    test('at a phone width the rows are cards and the page does not scroll sideways', async ({
      page,
      request,
    }) => {
      const api = await adminApi(request);
      const user = await pickUser(api, 9);
      const raised = user.starsBalance + 5;
      try {
        await changeStarsByApi(api, user, raised);
        await page.setViewportSize({ width: 375, height: 740 });
        await page.goto(`/audit?entity=user&entityId=${user.telegramId}`);
        // A card per row, named by its action and time (its Changes are a list of their own).
        const card = page
          .getByRole('listitem', { name: /^Balances changed, / })
          .filter({ hasText: `Stars balance: ${stars(user.starsBalance)} -> ${stars(raised)}` });
        await expect(card).toHaveCount(1);
        await expect(card.getByRole('link', { name: `User ${user.telegramId}` })).toBeVisible();
        await expect(filters(page).getByLabel('Entity ID')).toHaveValue(String(user.telegramId));
        await expect(page.getByRole('button', { name: 'Verify chain' })).toBeInViewport();
        await expectNoHorizontalScroll(page);
      } finally {
        await restoreBalances(api, user.telegramId, balanceFigures(user));
      }
    });
  });
});
