import { test, expect } from '@playwright/test';
import { apiGet, apiLogin } from './support/env';

type Stats = {
  top10Countries: { countryName: string }[];
  lastRegisteredUsers: { username: string }[];
  top10Referrers: { username: string }[];
};

test('the dashboard shows the seeded figures and the live counters', async ({ page, request }) => {
  const { tokens } = await apiLogin(request);
  const stats = await apiGet<Stats>(request, '/manager/dashboard-stats', tokens.accessToken);
  const metrics = await apiGet<{ totalUsers: number }>(request, '/manager/metrics', tokens.accessToken);

  await page.goto('/dashboard');
  for (const card of ['Total Ton', 'Total Stars', 'Total Red Chip', 'Total Inventory', 'Total Pending Withdrawals', 'Total Done Withdrawals']) {
    await expect(page.getByText(card, { exact: true })).toBeVisible();
  }
  for (const table of ['Top 10 Countries', 'Last 10 Users', 'Top 10 Task Completed', 'Top 10 Inviters']) {
    await expect(page.getByText(table, { exact: true })).toBeVisible();
  }
  expect(stats.top10Countries.length).toBeGreaterThan(0);
  await expect(page.getByRole('cell', { name: new RegExp(stats.top10Countries[0]!.countryName) }).first()).toBeVisible();
  await expect(page.getByRole('cell', { name: stats.lastRegisteredUsers[0]!.username }).first()).toBeVisible();
  await expect(page.getByRole('cell', { name: stats.top10Referrers[0]!.username }).first()).toBeVisible();

  // Top bar: live counters from GET /metrics.
  const banner = page.getByRole('banner');
  await expect(banner.getByText('Total Users')).toBeVisible();
  await expect(banner.getByText('Online')).toBeVisible();
  await expect(banner.getByText('Active Games')).toBeVisible();
  const total = metrics.totalUsers;
  await expect(banner).toContainText(new RegExp(`${total}|${(total / 1000).toFixed(1)}k`));
});
