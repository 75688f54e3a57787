import { test, expect } from './support/test';
import { gameHistoryResponseSchema } from '@manager/contract';
import { adminApi } from './support/api';

test.describe('Users: games-history', { tag: '@users' }, () => {
  test.describe('Game History', () => {
    test('counts, columns and paging with ellipses', async ({ page, request }) => {
      const all = await (await adminApi(request)).get('/manager/game/history', gameHistoryResponseSchema);
      const total = all.pagination.totalGames;
      await page.goto('/game/list');
      await expect(page.getByRole('heading', { level: 1, name: 'Game History' })).toBeVisible();
      await expect(page.getByText(`${total} games found`)).toBeVisible();
      for (const column of ['Room Info', 'Player 1', 'Player 2', 'Result', 'Rewards', 'Date']) {
        await expect(page.getByRole('columnheader', { name: column, exact: true })).toBeVisible();
      }
      await expect(page.getByText(all.games[0]!.roomCode, { exact: true })).toBeVisible();
      await expect(page.getByText(/^(Private|Public) Room$/).first()).toBeVisible();
      await expect(page.getByText(`Showing 1 to 20 of ${total} results`)).toBeVisible();
      const lastPage = Math.ceil(total / 20);
      await expect(page.getByRole('button', { name: `Page ${lastPage}` })).toBeVisible();

      await page.getByRole('button', { name: 'Next page' }).click();
      await expect(page.getByText(`Showing 21 to 40 of ${total} results`)).toBeVisible();
      await page.getByRole('button', { name: `Page ${lastPage}` }).click();
      await expect(page.getByText(`of ${total} results`)).toContainText(
        `Showing ${(lastPage - 1) * 20 + 1} to ${total}`,
      );
      await page.getByRole('button', { name: 'Previous page' }).click();
      await expect(
        page.getByText(`Showing ${(lastPage - 2) * 20 + 1} to ${(lastPage - 1) * 20} of ${total} results`),
      ).toBeVisible();
    });

    test('search by room code, then the empty state', async ({ page, request }) => {
      const api = await adminApi(request);
      const code = (await api.get('/manager/game/history?page=3', gameHistoryResponseSchema)).games[5]!
        .roomCode;
      const found = await api.get(`/manager/game/history?search=${code}`, gameHistoryResponseSchema);
      await page.goto('/game/list');
      await page.getByRole('button', { name: 'Next page' }).click();
      await page.getByRole('searchbox', { name: 'Search games' }).fill(code.toLowerCase());
      await expect(page.getByText(`${found.pagination.totalGames} games found`)).toBeVisible();
      await expect(page.getByText(code, { exact: true })).toBeVisible();

      await page.getByRole('searchbox', { name: 'Search games' }).fill('zz%_nothing');
      await expect(page.getByText('No games found')).toBeVisible();
      await expect(page.getByText('Try adjusting your search terms')).toBeVisible();
      await expect(page.getByText('0 games found')).toBeVisible();
    });

    test('a search that matches nothing offers Clear Filters, which brings the games back and empties the address', async ({
      page,
      request,
    }) => {
      const all = await (await adminApi(request)).get('/manager/game/history', gameHistoryResponseSchema);
      await page.goto('/game/list?page=2');
      const search = page.getByRole('searchbox', { name: 'Search games' });
      await search.fill('zz%_nothing');
      await expect(page).toHaveURL(/\/game\/list\?q=zz/);
      await expect(page.getByText('No games found')).toBeVisible();
      await page.getByRole('button', { name: 'Clear Filters' }).last().click();
      await expect(page).toHaveURL(/\/game\/list$/);
      await expect(search).toHaveValue('');
      await expect(page.getByText(`${all.pagination.totalGames} games found`)).toBeVisible();
      await expect(page.getByText(all.games[0]!.roomCode, { exact: true })).toBeVisible();
      await expect(page.getByText(`Showing 1 to 20 of ${all.pagination.totalGames} results`)).toBeVisible();
      await expect(page.getByRole('button', { name: 'Clear Filters' })).toBeDisabled();
    });

    test('at a phone width games are cards', async ({ page, request }) => {
      const first = (await (await adminApi(request)).get('/manager/game/history', gameHistoryResponseSchema))
        .games[0]!;
      await page.setViewportSize({ width: 375, height: 740 });
      await page.goto('/game/list');
      const cards = page.getByRole('list', { name: 'Games' }).getByRole('listitem');
      await expect(cards).toHaveCount(20);
      await expect(cards.first()).toContainText(first.roomCode);
      await expect(cards.first()).toContainText('Player 1');
      await expect(page.getByRole('button', { name: 'Next page' })).toBeVisible();
    });
  });
});
