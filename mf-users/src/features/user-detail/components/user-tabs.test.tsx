import type { UserDetail } from '@manager/contract';
import { http, MemoryRouter } from '@manager/platform';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderPage } from '../../../test/render-page';
import { UserTabs } from './user-tabs';

const user = {
  telegramId: 42,
  username: 'neo',
  firstName: 'Neo',
  lastName: null,
  avatar: null,
  isPremium: false,
  countryName: null,
  countryFlag: null,
  lang: 'en',
  tonBalance: 1.5,
  starsBalance: 10,
  redChipBalance: 2,
  playBalance: 3,
  refNormal: 0,
  refPremium: 0,
  refTon: 0,
  refRedChip: 0,
  totalGames: 0,
  gamesWon: 0,
  gamesLost: 0,
  referralsCount: 0,
  dailyStrike: 0,
  maxStrike: 0,
  updatedAt: '2026-01-01T00:00:00Z',
  createdAt: '2026-01-01T00:00:00Z',
  lastActive: null,
  recentWithdrawals: [],
  referredBy: null,
  games: [],
  inventories: [],
} satisfies UserDetail;

afterEach(() => vi.restoreAllMocks());

describe('UserTabs', () => {
  it("has a History tab last, which asks for the player's rows only once opened", async () => {
    const get = vi
      .spyOn(http, 'get')
      .mockResolvedValue({ code: 200, data: { entries: [], nextCursor: null } });
    render(
      <QueryClientProvider client={new QueryClient()}>
        <MemoryRouter>
          <UserTabs user={user} />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual([
      'Account Info',
      'Withdrawals',
      'Referred By',
      'Games',
      'Inventory',
      'History',
    ]);
    expect(get).not.toHaveBeenCalled();
    await act(async () => void fireEvent.click(screen.getByRole('tab', { name: 'History' })));
    expect(await screen.findByText('No history for this player')).toBeTruthy();
    expect(get).toHaveBeenCalledWith('/audit', { params: expect.objectContaining({ userTelegramId: '42' }) });
  });

  it('keeps the open tab in the address: a link opens it, each switch is a view Back returns from', async () => {
    vi.spyOn(http, 'get').mockResolvedValue({ code: 200, data: { entries: [], nextCursor: null } });
    const { search, back } = renderPage(<UserTabs user={user} />, '/users/detail/42?tab=history');
    expect(await screen.findByText('No history for this player')).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'History' }).getAttribute('aria-selected')).toBe('true');

    await act(async () => void fireEvent.click(screen.getByRole('tab', { name: 'Referred By' })));
    expect(search().toString()).toBe('tab=referred');
    expect(screen.getByText('Not referred by anyone')).toBeTruthy();
    await act(async () => void fireEvent.click(screen.getByRole('tab', { name: 'Account Info' })));
    expect(search().toString()).toBe('');
    await back();
    expect(screen.getByRole('tab', { name: 'Referred By' }).getAttribute('aria-selected')).toBe('true');
  });

  it('a tab list keeps its filter under its prefix; an empty filtered list offers Clear Filters', async () => {
    const withdrawal = (name: string, status: boolean, rejected: boolean) => ({
      inventory: { name },
      createdAt: '2026-01-02T00:00:00Z',
      status,
      rejected,
      currency: 'TON',
      amount: 1,
    });
    const withWithdrawals = {
      ...user,
      recentWithdrawals: [withdrawal('Done gift', true, false), withdrawal('Waiting gift', false, false)],
    };
    const { search } = renderPage(<UserTabs user={withWithdrawals} />, '/users/detail/42?tab=withdrawals');
    expect(await screen.findByText('Done gift')).toBeTruthy();
    const choose = async (label: string) => {
      fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Withdrawal status filter' }));
      await act(async () => void fireEvent.click(await screen.findByTitle(label)));
    };
    await choose('Pending');
    await waitFor(() => expect(search().toString()).toBe('tab=withdrawals&w.status=pending'));
    await waitFor(() => expect(screen.queryByText('Done gift')).toBeNull());
    expect(screen.getByText('Waiting gift')).toBeTruthy();

    await choose('Rejected');
    expect(await screen.findByText('No withdrawals')).toBeTruthy();
    const clears = screen.getAllByRole('button', { name: 'Clear Filters' });
    expect(clears).toHaveLength(2);
    await act(async () => void fireEvent.click(clears[1]!));
    await waitFor(() => expect(search().toString()).toBe('tab=withdrawals'));
    expect(await screen.findByText('Done gift')).toBeTruthy();
    expect(screen.getByText('Waiting gift')).toBeTruthy();
  });

  it('opens Account Info for an unknown tab', () => {
    renderPage(<UserTabs user={user} />, '/users/detail/42?tab=nope');
    expect(screen.getByRole('tab', { name: 'Account Info' }).getAttribute('aria-selected')).toBe('true');
  });
});
