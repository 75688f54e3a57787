import type { DashboardStatsResponse } from '@manager/contract';
import { MemoryRouter } from '@manager/platform';
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
    {
      telegramId: 11,
      username: 'alice',
      refTelegramId: 12,
      refUsername: 'bob',
      countryName: null,
      countryFlag: null,
      timeAgo: '2 hours ago',
    },
  ],
  top10TaskCompleters: [{ telegramId: 13, username: 'carol', countryFlag: null, count: 42 }],
  top10Referrers: [{ telegramId: 14, username: 'dave', countryFlag: null, refCount: 7 }],
};

function renderPage() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <MemoryRouter>
      <QueryClientProvider client={client}>
        <DashboardPage />
      </QueryClientProvider>
    </MemoryRouter>,
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

  it('names each player by a link to their page, and each card opens its list', async () => {
    vi.mocked(getDashboardStats).mockResolvedValue(stats);
    renderPage();
    const href = async (name: string | RegExp) =>
      (await screen.findByRole('link', { name })).getAttribute('href');
    expect(await href('alice')).toBe('/users/detail/11');
    expect(await href('bob')).toBe('/users/detail/12');
    expect(await href('carol')).toBe('/users/detail/13');
    expect(await href('dave')).toBe('/users/detail/14');
    expect(await href(/Total Pending Withdrawals/)).toBe('/transactions/withdrawals?status=pending');
    expect(await href(/Total Done Withdrawals/)).toBe('/transactions/withdrawals?status=approved');
    expect(await href(/Total Inventory/)).toBe('/transactions/inventory');
    expect(await href(/Total Ton/)).toBe('/users/list');
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
