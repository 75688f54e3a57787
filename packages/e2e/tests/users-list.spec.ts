import { readFile } from 'node:fs/promises';
import { test, expect } from './support/test';
import { chooseOption } from './support/antd';
import { adminApi } from './support/api';
import { stepUpPage } from './support/step-up';
import { usersPage, userRows } from './support/users';

const minutesAgo = (m: number) => new Date(Date.now() - m * 60_000).toISOString();

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

  test('status and type filters apply to the page and reset to page 1', async ({ page, request }) => {
    const first = await usersPage(await adminApi(request));
    const premium = first.users.filter((u) => u.isPremium).length;
    expect(premium, 'premium players on the first page').toBeGreaterThan(0);
    expect(premium).toBeLessThan(50);
    // Online is "active in the last 5 minutes", so the seed's online players go offline while
    // the suite runs: the first page as served is given three players active a minute ago.
    const online = first.users.slice(0, 3).map((u) => u.telegramId);
    await page.route('**/manager/users?*', async (route) => {
      const res = await route.fetch();
      const body = (await res.json()) as {
        data: { users: { telegramId: number; lastActive: string | null }[] };
      };
      for (const u of body.data.users)
        u.lastActive = online.includes(u.telegramId) ? minutesAgo(1) : minutesAgo(60);
      await route.fulfill({ response: res, json: body });
    });
    await page.goto('/users/list');
    await expect(userRows(page)).toHaveCount(50);
    await expect(page.getByRole('group', { name: 'Premium' })).toContainText(String(premium));

    await page.getByRole('button', { name: 'Page 2', exact: true }).click();
    await chooseOption(page, 'Type filter', 'Premium');
    await expect(page.getByRole('button', { name: 'Page 1', exact: true })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await expect(userRows(page)).toHaveCount(premium);
    await chooseOption(page, 'Type filter', 'Regular');
    await expect(userRows(page)).toHaveCount(50 - premium);
    await chooseOption(page, 'Type filter', 'All Users');

    await expect(page.getByRole('group', { name: 'Online' })).toContainText(String(online.length));
    await chooseOption(page, 'Status filter', 'Online');
    await expect(userRows(page)).toHaveCount(online.length);
    for (const row of await userRows(page).all()) await expect(row.getByText('Online')).toBeVisible();
    await chooseOption(page, 'Status filter', 'Offline');
    await expect(userRows(page)).toHaveCount(50 - online.length);
    await chooseOption(page, 'Status filter', 'All Status');
    await expect(userRows(page)).toHaveCount(50);
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
    // A search with more than one page whose first two pages both hold premium players.
    const term = 'a';
    const [first, second] = [
      await usersPage(api, `search=${term}`),
      await usersPage(api, `search=${term}&page=2`),
    ];
    expect(first.pagination.totalPages, `more than one page of players matching "${term}"`).toBeGreaterThan(
      1,
    );
    const premium = (users: typeof first.users) => users.filter((u) => u.isPremium);
    expect(premium(first.users).length, 'premium players on the first page').toBeGreaterThan(0);
    expect(premium(second.users).length, 'premium players on the second page').toBeGreaterThan(0);
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
    await expect(userRows(page)).toHaveCount(premium(second.users).length);

    await page.reload();
    await expect(search).toHaveValue(term);
    // antd shows a select's choice with its label as title.
    await expect(page.getByTitle('Premium', { exact: true })).toBeVisible();
    await current(2);
    await expect(userRows(page)).toHaveCount(premium(second.users).length);
    await expect(page.getByText(`ID: ${premium(second.users)[0]!.telegramId}`)).toBeVisible();
    await expect(
      page.getByText(`Showing 51 to 100 of ${second.pagination.totalUsers} results`),
    ).toBeVisible();

    await page.goBack();
    await expect(page).toHaveURL(/\?q=a&type=premium$/);
    await current(1);
    await expect(userRows(page)).toHaveCount(premium(first.users).length);
    await page.goBack();
    await expect(page).toHaveURL(/\?q=a$/);
    await expect(userRows(page)).toHaveCount(first.users.length);
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
