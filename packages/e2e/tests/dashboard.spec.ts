import { test, expect } from './support/test';
import { dashboardStatsResponseSchema, metricsResponseSchema } from '@manager/contract';
import { adminApi } from './support/api';

test.describe('Shell: dashboard', { tag: '@shell' }, () => {
  test('the dashboard shows the seeded figures and the live counters', async ({ page, request }) => {
    const api = await adminApi(request);
    const stats = await api.get('/manager/dashboard-stats', dashboardStatsResponseSchema);
    const metrics = await api.get('/manager/metrics', metricsResponseSchema);

    await page.goto('/dashboard');
    for (const card of [
      'Total Ton',
      'Total Stars',
      'Total Red Chip',
      'Total Inventory',
      'Total Pending Withdrawals',
      'Total Done Withdrawals',
    ]) {
      await expect(page.getByText(card, { exact: true })).toBeVisible();
    }
    for (const table of ['Top 10 Countries', 'Last 10 Users', 'Top 10 Task Completed', 'Top 10 Inviters']) {
      await expect(page.getByText(table, { exact: true })).toBeVisible();
    }
    const country = stats.top10Countries[0]?.countryName;
    const newest = stats.lastRegisteredUsers.find((u) => u.username)?.username;
    const inviter = stats.top10Referrers[0]?.username;
    expect([country, newest, inviter], 'seeded country, newest player with a username, top inviter').toEqual([
      expect.any(String),
      expect.any(String),
      expect.any(String),
    ]);
    await expect(page.getByRole('cell', { name: new RegExp(country!) }).first()).toBeVisible();
    await expect(page.getByRole('cell', { name: newest! }).first()).toBeVisible();
    await expect(page.getByRole('cell', { name: inviter! }).first()).toBeVisible();

    // Top bar: live counters from GET /metrics.
    const banner = page.getByRole('banner');
    await expect(banner.getByText('Total Users')).toBeVisible();
    await expect(banner.getByText('Online')).toBeVisible();
    await expect(banner.getByText('Active Games')).toBeVisible();
    const total = metrics.totalUsers;
    await expect(banner).toContainText(new RegExp(`${total}|${(total / 1000).toFixed(1)}k`));
  });
});
