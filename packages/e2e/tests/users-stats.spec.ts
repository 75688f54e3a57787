import { test, expect } from './support/test';
import { adminApi } from './support/api';
import { leaderboard } from './support/users';
import { expectNoHorizontalScroll } from './support/page';

test.describe('Users: users-stats', { tag: '@users' }, () => {
  const localDay = (offsetDays: number) => {
    const d = new Date(Date.now() + offsetDays * 86_400_000);
    return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
  };

  test.describe('User Statistics', () => {
    test('each range shows the leaderboard the API computes', async ({ page, request }) => {
      const api = await adminApi(request);
      await page.goto('/users/stats');
      await expect(page.getByRole('heading', { level: 1, name: 'User Statistics' })).toBeVisible();
      const summary = page.getByRole('region', { name: 'Summary' });
      for (const [label, timeRange] of [
        ['All Time', 'all'],
        ['Day', 'day'],
        ['Week', 'week'],
        ['Month', 'month'],
      ] as const) {
        const board = await leaderboard(api, { type: 'game', timeRange });
        await page.getByTitle(label, { exact: true }).click();
        await expect(summary).toContainText(`Time Range${label}`);
        await expect(summary).toContainText(`Total Participants${board.totalParticipants}`);
        await expect(summary).toContainText('TypeGames');
        // Rank 1 when the range had games, the empty text when it had none: what the API says.
        const ranked = board.top100.length > 0;
        await expect(page.getByRole('img', { name: 'Rank 1' })).toHaveCount(ranked ? 1 : 0);
        await expect(page.getByText('No data available for the selected criteria')).toHaveCount(
          ranked ? 0 : 1,
        );
      }
      await expect(page.getByRole('columnheader', { name: 'Wins' })).toBeVisible();
    });

    test('a custom range is sent only when both dates are set', async ({ page, request }) => {
      const start = localDay(-10);
      const end = localDay(-3);
      const board = await leaderboard(await adminApi(request), {
        type: 'game',
        timeRange: 'custom',
        customStartDate: new Date(`${start}T00:00:00`).toISOString(),
        customEndDate: new Date(`${end}T23:59:59.999`).toISOString(),
      });
      await page.goto('/users/stats');
      await page.getByTitle('Custom Range', { exact: true }).click();
      await page.getByLabel('Start date').fill(start);
      await expect(page.getByText('No data available for the selected criteria')).toBeVisible();
      await page.getByLabel('End date').fill(end);
      const summary = page.getByRole('region', { name: 'Summary' });
      await expect(summary).toContainText(`Total Participants${board.totalParticipants}`);
      expect(board.totalParticipants).toBeGreaterThan(0);
      await expect(page.getByRole('img', { name: 'Rank 2' })).toBeVisible();

      // A range with no games at all.
      await page.getByLabel('Start date').fill('2001-01-01');
      await page.getByLabel('End date').fill('2001-01-31');
      await expect(summary).toContainText('Total Participants0');
      await expect(page.getByText('No data available for the selected criteria')).toBeVisible();
    });

    test("an empty range offers Clear Filters, which returns to Games and All Time with the API's board", async ({
      page,
      request,
    }) => {
      const board = await leaderboard(await adminApi(request), { type: 'game', timeRange: 'all' });
      expect(board.top100.length, 'games ranked over all time').toBeGreaterThan(0);
      await page.goto('/users/stats?type=referral&range=custom&start=2001-01-01&end=2001-01-31');
      const empty = page.getByText('No data available for the selected criteria');
      await expect(empty).toBeVisible();
      await page.getByRole('button', { name: 'Clear Filters' }).last().click();
      await expect(page).toHaveURL(/\/users\/stats$/);
      const summary = page.getByRole('region', { name: 'Summary' });
      await expect(summary).toContainText(`Total Participants${board.totalParticipants}`);
      await expect(summary).toContainText('TypeGames');
      await expect(summary).toContainText('Time RangeAll Time');
      await expect(empty).toHaveCount(0);
      await expect(
        page
          .getByRole('link', { name: board.top100[0]!.username ?? String(board.top100[0]!.telegramId) })
          .first(),
      ).toBeVisible();
      await expect(page.getByRole('button', { name: 'Clear Filters' })).toBeDisabled();
    });

    test('the Referrals toggle ranks inviters', async ({ page, request }) => {
      const board = await leaderboard(await adminApi(request), { type: 'referral', timeRange: 'all' });
      const top = board.top100[0]?.username;
      expect(top, 'the top inviter has a username').toEqual(expect.any(String));
      await page.goto('/users/stats');
      await page.getByTitle('Referrals', { exact: true }).click();
      const summary = page.getByRole('region', { name: 'Summary' });
      await expect(summary).toContainText('TypeReferrals');
      await expect(summary).toContainText(`Total Participants${board.totalParticipants}`);
      await expect(page.getByRole('columnheader', { name: 'Referrals' })).toBeVisible();
      await expect(page.getByText(top!, { exact: true })).toBeVisible();
    });

    test('at a phone width the controls and the board fit', async ({ page, request }) => {
      const week = await leaderboard(await adminApi(request), { type: 'game', timeRange: 'week' });
      await page.setViewportSize({ width: 375, height: 740 });
      await page.goto('/users/stats');
      await page.getByTitle('Week', { exact: true }).click();
      await expect(page.getByRole('region', { name: 'Summary' })).toContainText('Time RangeWeek');
      // One card per player on a phone (phone-width.spec.ts holds the cards' content).
      await expect(page.getByRole('listitem', { name: /^Rank 1: / })).toHaveCount(
        week.top100.length > 0 ? 1 : 0,
      );
      await expect(page.getByRole('columnheader', { name: 'Wins' })).toHaveCount(0);
      await expectNoHorizontalScroll(page);
    });
  });
});
