import type { DashboardStatsResponse } from '@manager/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { getDashboardStats } from '../api/get-dashboard-stats';
import { DashboardPage } from './dashboard-page';

vi.mock('../api/get-dashboard-stats', () => ({ getDashboardStats: vi.fn() }));

const stats: DashboardStatsResponse = {
  totalTon: 1234.567,
  totalStars: 2_500_000,
  totalRedChip: 12.345,
  totalInventory: 0,
  totalPendingWithdrawals: 3,
  totalDoneWithdrawals: 1_500_000_000,
  top10Countries: [{ countryName: 'Germany', countryFlag: '🇩🇪', userCount: 900, percentage: 12.345 }],
  lastRegisteredUsers: [
    { username: 'alice', refUsername: 'bob', countryName: null, countryFlag: null, timeAgo: '2 hours ago' },
  ],
  top10TaskCompleters: [{ username: 'carol', countryFlag: null, count: 42 }],
  top10Referrers: [{ username: 'dave', countryFlag: null, refCount: 7 }],
};

function renderPage() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <DashboardPage />
    </QueryClientProvider>,
  );
}

describe('DashboardPage', () => {
  it('shows the loading state, then cards with abbreviated numbers and the tables', async () => {
    vi.mocked(getDashboardStats).mockResolvedValue(stats);
    renderPage();
    expect(screen.getByText('Loading Dashboard')).toBeTruthy();
    expect(screen.getByText('Fetching platform statistics...')).toBeTruthy();
    expect(await screen.findByText('Total Ton')).toBeTruthy();
    expect(screen.getByText('1.2k')).toBeTruthy();
    expect(screen.getByText('2.5m')).toBeTruthy();
    expect(screen.getByText('12.35')).toBeTruthy();
    expect(screen.getByText('1.5b')).toBeTruthy();
    for (const title of ['Top 10 Countries', 'Last 10 Users', 'Top 10 Task Completed', 'Top 10 Inviters']) {
      expect(screen.getByText(title)).toBeTruthy();
    }
    expect(screen.getByText('12.35%')).toBeTruthy();
    expect(screen.getByText('2 hours ago')).toBeTruthy();
  });

  it('shows the error with a working Retry', async () => {
    vi.mocked(getDashboardStats).mockRejectedValueOnce(new Error('Failed to fetch dashboard stats'));
    renderPage();
    expect(await screen.findByText('Failed to fetch dashboard stats')).toBeTruthy();
    vi.mocked(getDashboardStats).mockResolvedValueOnce(null);
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('No data available')).toBeTruthy();
  });
});
