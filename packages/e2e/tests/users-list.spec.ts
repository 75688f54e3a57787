import fs from 'node:fs';
import { readFile } from 'node:fs/promises';
import { E2E } from '@manager/stack/ports';
import { test, expect, stackOnly } from './support/test';
import { chooseOption } from './support/antd';
import { adminApi } from './support/api';
import { report, scan, summary } from './support/axe';
import { ADMIN, fillLogin } from './support/env';
import { seedOnlinePlayers, type OnlineCounts } from './support/online-players';
import { expectNoHorizontalScroll } from './support/page';
import { usePrivateApi } from './support/private-api';
import { stepUpPage } from './support/step-up';
import { usersPage, userRows } from './support/users';

test.describe('Users: users-list', { tag: '@users' }, () => {
  /** CSV records of a file, quotes aware (a quoted field may hold a line break). */
  function csvRecords(text: string): number {
    let records = 0;
    let quoted = false;
    let empty = true;
    for (const ch of text.replace(/^\uFEFF/, '')) {
      if (ch === '"') quoted = !quoted;
      if (ch === '\n' && !quoted) {
        if (!empty) records += 1;
        empty = true;
      } else if (ch !== '\r') empty = false;
    }
    return records + (empty ? 0 : 1);
  }

  test.describe('Users list', () => {
    test('shows the cards, columns and 50 users per page, and pages on the server', async ({
      page,
      request,
    }) => {
      const api = await adminApi(request);
      const first = await usersPage(api);
      await page.goto('/users/list');
      await expect(page.getByRole('heading', { level: 1, name: 'Users' })).toBeVisible();
      for (const card of ['Total Users', 'Online', 'Premium', 'Total Games']) {
        await expect(page.getByRole('group', { name: card })).toBeVisible();
      }
      for (const column of ['User', 'Country', 'Balances', 'Stats', 'Status', 'Joined']) {
        await expect(page.getByRole('columnheader', { name: column, exact: true })).toBeVisible();
      }
      await expect(userRows(page)).toHaveCount(50);
      const total = first.pagination.totalUsers;
      await expect(page.getByText(`Showing 1 to 50 of ${total} results`)).toBeVisible();

      await page.getByRole('button', { name: 'Next page' }).click();
      await expect(page.getByText(`Showing 51 to 100 of ${total} results`)).toBeVisible();
      const second = await usersPage(api, 'page=2');
      await expect(page.getByText(`ID: ${second.users[0]!.telegramId}`)).toBeVisible();
      await expect(page.getByText(`ID: ${first.users[0]!.telegramId}`)).toHaveCount(0);
    });

    test('search narrows the list and goes back to page 1', async ({ page, request }) => {
      const api = await adminApi(request);
      const target = (await usersPage(api, 'page=3')).users.find((u) => u.username && u.username.length >= 6);
      expect(target, 'a player with a username of 6 letters or more on page 3').toBeDefined();
      const term = target!.username!.slice(0, 6);
      const expected = await usersPage(api, `search=${encodeURIComponent(term)}`);

      await page.goto('/users/list');
      await page.getByRole('button', { name: 'Page 2', exact: true }).click();
      await expect(page.getByRole('button', { name: 'Page 2', exact: true })).toHaveAttribute(
        'aria-current',
        'page',
      );
      await page.getByRole('searchbox', { name: 'Search users' }).fill(term);
      await expect(page.getByText(`ID: ${target!.telegramId}`)).toBeVisible();
      await expect(userRows(page)).toHaveCount(Math.min(50, expected.pagination.totalUsers));
      if (expected.pagination.totalPages > 1) {
        await expect(page.getByRole('button', { name: 'Page 1', exact: true })).toHaveAttribute(
          'aria-current',
          'page',
        );
      } else {
        await expect(page.getByRole('navigation', { name: 'Pagination' })).toHaveCount(0);
      }

      await page.getByRole('searchbox', { name: 'Search users' }).fill(String(target!.telegramId));
      await expect(userRows(page)).toHaveCount(1);
      await page.getByRole('searchbox', { name: 'Search users' }).fill('no such player zzzz');
      await expect(userRows(page)).toHaveCount(0);
      await expect(page.getByRole('navigation', { name: 'Pagination' })).toHaveCount(0);
    });

    test('the type filter asks the server: rows, Total Users and the pager count the premium players, from page 1', async ({
      page,
      request,
    }) => {
      const api = await adminApi(request);
      const premium = await usersPage(api, 'type=premium');
      const regular = await usersPage(api, 'type=regular');
      const all = await usersPage(api);
      expect(premium.pagination.totalPages, 'more than one page of premium players').toBeGreaterThan(1);
      expect(premium.pagination.totalUsers + regular.pagination.totalUsers).toBe(all.pagination.totalUsers);

      await page.goto('/users/list');
      await page.getByRole('button', { name: 'Page 2', exact: true }).click();
      await chooseOption(page, 'Type filter', 'Premium');
      await expect(page).toHaveURL(/\/users\/list\?type=premium$/);
      await expect(page.getByRole('button', { name: 'Page 1', exact: true })).toHaveAttribute(
        'aria-current',
        'page',
      );
      await expect(
        page.getByText(`Showing 1 to 50 of ${premium.pagination.totalUsers} results`),
      ).toBeVisible();
      await expect(userRows(page)).toHaveCount(50);
      // The card abbreviates from 1,000 on (k with one decimal).
      const n = premium.pagination.totalUsers;
      await expect(page.getByRole('group', { name: 'Total Users' })).toContainText(
        n >= 1000 ? `${(Math.round(n / 100) / 10).toFixed(1)}k` : String(n),
      );
      await expect(page.getByRole('group', { name: 'Premium' })).toContainText('50');
      await expect(page.getByText(`ID: ${premium.users[0]!.telegramId}`)).toBeVisible();

      await chooseOption(page, 'Type filter', 'Regular');
      await expect(
        page.getByText(`Showing 1 to 50 of ${regular.pagination.totalUsers} results`),
      ).toBeVisible();
      await expect(page.getByRole('group', { name: 'Premium' })).toContainText('0');
      await chooseOption(page, 'Type filter', 'All Users');
      await expect(page.getByText(`Showing 1 to 50 of ${all.pagination.totalUsers} results`)).toBeVisible();
    });

    test('a row opens the user detail page and Back returns to the same page', async ({ page, request }) => {
      const user = (await usersPage(await adminApi(request), 'page=2')).users[4]!;
      await page.goto('/users/list');
      await page.getByRole('button', { name: 'Page 2', exact: true }).click();
      await page.getByText(`ID: ${user.telegramId}`).click();
      await expect(page).toHaveURL(new RegExp(`/users/detail/${user.telegramId}$`));
      await expect(page.getByText('Basic Information')).toBeVisible();
      await page.goBack();
      await expect(page.getByRole('button', { name: 'Page 2', exact: true })).toHaveAttribute(
        'aria-current',
        'page',
      );
      await expect(page.getByText(`ID: ${user.telegramId}`)).toBeVisible();
    });

    test('a searched, filtered second page survives a reload, and Back steps back through the views', async ({
      page,
      request,
    }) => {
      const api = await adminApi(request);
      // A search whose premium players fill more than one page (the server filters by type).
      const term = 'a';
      const [all, first, second] = [
        await usersPage(api, `search=${term}`),
        await usersPage(api, `search=${term}&type=premium`),
        await usersPage(api, `search=${term}&type=premium&page=2`),
      ];
      expect(
        first.pagination.totalPages,
        `more than one page of premium players matching "${term}"`,
      ).toBeGreaterThan(1);
      expect(first.users.every((u) => u.isPremium) && second.users.every((u) => u.isPremium)).toBe(true);
      const search = page.getByRole('searchbox', { name: 'Search users' });
      const current = (n: number) =>
        expect(page.getByRole('button', { name: `Page ${n}`, exact: true })).toHaveAttribute(
          'aria-current',
          'page',
        );

      await page.goto('/users/list');
      await search.fill(term);
      await expect(page).toHaveURL(/\?q=a$/);
      await chooseOption(page, 'Type filter', 'Premium');
      await page.getByRole('button', { name: 'Page 2', exact: true }).click();
      await expect(page).toHaveURL(/\?q=a&type=premium&page=2$/);
      await expect(userRows(page)).toHaveCount(second.users.length);

      await page.reload();
      await expect(search).toHaveValue(term);
      // antd shows a select's choice with its label as title.
      await expect(page.getByTitle('Premium', { exact: true })).toBeVisible();
      await current(2);
      await expect(userRows(page)).toHaveCount(second.users.length);
      await expect(page.getByText(`ID: ${second.users[0]!.telegramId}`)).toBeVisible();
      await expect(
        page.getByText(
          `Showing 51 to ${50 + second.users.length} of ${second.pagination.totalUsers} results`,
        ),
      ).toBeVisible();

      await page.goBack();
      await expect(page).toHaveURL(/\?q=a&type=premium$/);
      await current(1);
      await expect(userRows(page)).toHaveCount(first.users.length);
      await page.goBack();
      await expect(page).toHaveURL(/\?q=a$/);
      await expect(userRows(page)).toHaveCount(all.users.length);
      await expect(search).toHaveValue(term);
    });

    test('Export CSV of a searched list downloads every matching player: as many data rows as the count shown', async ({
      page,
      request,
    }) => {
      const term = 'an';
      const expected = await usersPage(await adminApi(request), `search=${term}`);
      expect(
        expected.pagination.totalPages,
        `more than one page of players matching "${term}"`,
      ).toBeGreaterThan(1);
      await page.goto(`/users/list?q=${term}`);
      const shown = page.getByText(/^Showing 1 to 50 of \d+ results$/);
      await expect(shown).toHaveText(`Showing 1 to 50 of ${expected.pagination.totalUsers} results`);
      const count = Number(/of (\d+) results/.exec((await shown.textContent()) ?? '')![1]);

      // An export copies players' data in bulk: the page's session steps up first.
      await stepUpPage(page);
      const download = page.waitForEvent('download');
      await page.getByRole('button', { name: 'Export CSV' }).click();
      const file = await download;
      expect(file.suggestedFilename()).toMatch(/^users-\d{4}-\d{2}-\d{2}\.csv$/);
      const text = await readFile((await file.path())!, 'utf8');
      expect(text.replace(/^\uFEFF/, '').split(/\r?\n/)[0]).toMatch(/^telegramId,username,/);
      expect(csvRecords(text) - 1, 'data rows (the header row not counted)').toBe(count);
    });

    test('a search and filter that match nothing say No users found with Clear Filters, which brings the rows back and empties the address', async ({
      page,
      request,
    }) => {
      const all = await usersPage(await adminApi(request));
      await page.goto('/users/list');
      await expect(userRows(page)).toHaveCount(50, { timeout: 30_000 });
      const clear = page.getByRole('button', { name: 'Clear Filters' });
      await expect(clear).toBeDisabled();
      await chooseOption(page, 'Type filter', 'Premium');
      await page.getByRole('searchbox', { name: 'Search users' }).fill('no such player zzzz');
      await expect(page).toHaveURL(/\/users\/list\?type=premium&q=no/);
      await expect(page.getByText('No users found')).toBeVisible();
      await expect(userRows(page)).toHaveCount(0);
      // The toolbar's and the empty state's.
      await expect(clear).toHaveCount(2);
      await clear.last().click();
      await expect(page).toHaveURL(/\/users\/list$/);
      await expect(page.getByRole('searchbox', { name: 'Search users' })).toHaveValue('');
      await expect(userRows(page)).toHaveCount(50);
      await expect(page.getByText(`ID: ${all.users[0]!.telegramId}`)).toBeVisible();
      await expect(page.getByText(`Showing 1 to 50 of ${all.pagination.totalUsers} results`)).toBeVisible();
      await expect(clear).toBeDisabled();
    });

    test('Rows per page 20 shows 20 players, keeps size=20 in the address and asks the server for pages of 20', async ({
      page,
      request,
    }) => {
      const api = await adminApi(request);
      const [first, second] = [await usersPage(api, 'limit=20'), await usersPage(api, 'limit=20&page=2')];
      await page.goto('/users/list');
      await expect(userRows(page)).toHaveCount(50, { timeout: 30_000 });
      await chooseOption(page, 'Rows per page', '20 / page');
      await expect(page).toHaveURL(/\/users\/list\?size=20$/);
      await expect(userRows(page)).toHaveCount(20);
      const total = first.pagination.totalUsers;
      await expect(page.getByText(`Showing 1 to 20 of ${total} results`)).toBeVisible();
      await expect(page.getByRole('button', { name: `Page ${Math.ceil(total / 20)}` })).toBeVisible();
      await page.getByRole('button', { name: 'Next page' }).click();
      await expect(page).toHaveURL(/\?size=20&page=2$/);
      await expect(page.getByText(`Showing 21 to 40 of ${total} results`)).toBeVisible();
      await expect(page.getByText(`ID: ${second.users[0]!.telegramId}`)).toBeVisible();
      await page.reload();
      await expect(userRows(page)).toHaveCount(20);
      await expect(page.getByText(`Showing 21 to 40 of ${total} results`)).toBeVisible();
    });

    test('at a phone width users are cards and open on tap', async ({ page, request }) => {
      const user = (await usersPage(await adminApi(request))).users[1]!;
      await page.setViewportSize({ width: 375, height: 740 });
      await page.goto('/users/list');
      const cards = page.getByRole('list', { name: 'Users' }).getByRole('listitem');
      await expect(cards).toHaveCount(50);
      await expect(page.getByRole('searchbox', { name: 'Search users' })).toBeVisible();
      await cards.filter({ hasText: `ID: ${user.telegramId}` }).click();
      await expect(page).toHaveURL(new RegExp(`/users/detail/${user.telegramId}$`));
    });
  });

  // Who is online changes by the minute, so the Online filter runs against an API of its own whose
  // database has exactly 60 players seen just now (20 premium) among 400.
  test.describe(
    'Users list: the Online filter on players of its own',
    stackOnly('an API of its own on a database of known online players'),
    () => {
      const DIR = `/tmp/manager-e2e-online-players-${E2E.offset}`;
      let counts: OnlineCounts;
      test.use({ storageState: { cookies: [], origins: [] } });
      test.setTimeout(180_000);
      test.beforeAll(async () => {
        test.setTimeout(300_000);
        counts = await seedOnlinePlayers(DIR, { users: 400, online: 60 });
      });
      usePrivateApi({ PGLITE_DIR: DIR });
      test.afterAll(() => fs.rmSync(DIR, { recursive: true, force: true }));

      for (const width of [1280, 390]) {
        test(`Online: rows, cards and the pager agree with the server's count, and Premium narrows it (${width}px, axe clean)`, async ({
          page,
        }) => {
          expect(counts).toMatchObject({ online: 60, onlinePremium: 20, total: 400 });
          const offlinePremium = counts.offlinePremium;
          expect(offlinePremium, 'premium players seen more than 5 minutes ago').toBeGreaterThan(50);
          await page.setViewportSize({ width, height: 900 });
          await page.goto('/login');
          await fillLogin(page, ADMIN.username, ADMIN.password);
          await expect(page).toHaveURL(/\/dashboard$/);
          await page.goto('/users/list');
          const rows =
            width < 600 ? page.getByRole('list', { name: 'Users' }).getByRole('listitem') : userRows(page);
          // The first page of a fresh context loads the remote against a new API: slow on a busy machine.
          await expect(page.getByText('Showing 1 to 50 of 400 results')).toBeVisible({ timeout: 60_000 });

          await chooseOption(page, 'Status filter', 'Online');
          await expect(page).toHaveURL(/\/users\/list\?status=online$/);
          await expect(page.getByText('Showing 1 to 50 of 60 results')).toBeVisible();
          await expect(rows).toHaveCount(50);
          await expect(page.getByRole('group', { name: 'Total Users' })).toContainText('60');
          await expect(page.getByRole('group', { name: 'Online' })).toContainText('50');
          for (const row of await rows.all())
            await expect(row.getByText('Online', { exact: true })).toBeVisible();
          await page.getByRole('button', { name: 'Page 2', exact: true }).click();
          await expect(page.getByText('Showing 51 to 60 of 60 results')).toBeVisible();
          await expect(rows).toHaveCount(10);
          await expectNoHorizontalScroll(page);

          await chooseOption(page, 'Type filter', 'Premium');
          await expect(page).toHaveURL(/\/users\/list\?status=online&type=premium$/);
          await expect(rows).toHaveCount(20);
          await expect(page.getByRole('group', { name: 'Total Users' })).toContainText('20');
          await expect(page.getByRole('group', { name: 'Premium' })).toContainText('20');
          // One page: no pager (spec: pagination only when more than one page).
          await expect(page.getByRole('navigation', { name: 'Pagination' })).toHaveCount(0);

          await chooseOption(page, 'Status filter', 'Offline');
          await expect(page.getByText(`Showing 1 to 50 of ${offlinePremium} results`)).toBeVisible();
          await expect(rows).toHaveCount(50);
          await expect(page.locator('.ant-spin-spinning, .ant-skeleton')).toHaveCount(0);
          const found = await scan(page, `/users/list?status=offline&type=premium (${width}px)`);
          if (found.length) console.log(report(found));
          expect(summary(found)).toEqual([]);
        });
      }
    },
  );
});
