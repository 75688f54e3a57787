import type { UserSummary } from '@manager/contract';
import { http } from '@manager/platform';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { stubCsvExport } from '../../../test/csv-export';
import { renderPage } from '../../../test/render-page';
import UsersPage from './users-page';

const player = (telegramId: number, username: string, isPremium: boolean): UserSummary => ({
  telegramId,
  username,
  firstName: null,
  lastName: null,
  avatar: null,
  isPremium,
  countryName: null,
  countryFlag: null,
  lang: null,
  tonBalance: 0,
  starsBalance: 0,
  redChipBalance: 0,
  playBalance: 0,
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
});
const users = [
  player(1, 'ann', true),
  player(2, 'bob', false),
  player(3, 'cid', true),
  player(4, 'dan', false),
];
const rows = () => screen.getAllByRole('row').filter((row) => row.textContent?.includes('ID: '));

/** The server's answer: 120 players (half premium), the page's rows of the type asked for. */
function answer(params: { type?: string }) {
  const rows = users.filter((u) => params.type === undefined || u.isPremium === (params.type === 'premium'));
  const totalUsers = params.type === undefined ? 120 : 60;
  return {
    code: 200,
    data: { users: rows, pagination: { totalPages: 3, totalUsers, currentPage: 1, usersPerPage: 50 } },
  };
}

let get: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  get = vi
    .spyOn(http, 'get')
    .mockImplementation(async (_url: string, config?: { params?: { type?: string } }) =>
      answer(config?.params ?? {}),
    );
});
afterEach(() => vi.restoreAllMocks());

describe('Users list', () => {
  it('shows the view of the address: page, search, status and type go to the call; rows and totals are its answer', async () => {
    renderPage(<UsersPage />, '/users/list?q=ann&page=2&type=premium&status=online');
    await waitFor(() => expect(rows()).toHaveLength(2));
    expect(get).toHaveBeenLastCalledWith('/users', {
      params: { page: 2, limit: 50, search: 'ann', status: 'online', type: 'premium' },
    });
    expect(screen.getByRole<HTMLInputElement>('searchbox', { name: 'Search users' }).value).toBe('ann');
    expect(screen.getByRole('button', { name: 'Page 2' }).getAttribute('aria-current')).toBe('page');
    // Total Users is the filtered total the pager counts; the other cards count the page's rows.
    expect(screen.getByRole('group', { name: 'Premium' }).textContent).toContain('2');
    expect(screen.getByRole('group', { name: 'Total Users' }).textContent).toContain('60');
  });

  it("Rows per page is the call's limit (`?size=`); Clear Filters drops search and filters but keeps it", async () => {
    const { search } = renderPage(<UsersPage />, '/users/list?q=ann&type=premium&size=20');
    await waitFor(() => expect(rows()).toHaveLength(2));
    expect(get).toHaveBeenLastCalledWith('/users', {
      params: { page: 1, limit: 20, search: 'ann', status: undefined, type: 'premium' },
    });
    await act(async () => void fireEvent.click(screen.getByRole('button', { name: 'Clear Filters' })));
    expect(search().toString()).toBe('size=20');
    await waitFor(() =>
      expect(get).toHaveBeenLastCalledWith('/users', {
        params: { page: 1, limit: 20, search: undefined, status: undefined, type: undefined },
      }),
    );
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Clear Filters' }).disabled).toBe(true);
  });

  it('a page, a filter and a settled search are views of their own: Back returns to the one before', async () => {
    const { search, back } = renderPage(<UsersPage />, '/users/list?q=ann');
    await waitFor(() => expect(rows()).toHaveLength(4));

    await act(async () => void fireEvent.click(screen.getByRole('button', { name: 'Page 2' })));
    expect(search().toString()).toBe('q=ann&page=2');

    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Type filter' }));
    await act(async () => void fireEvent.click(await screen.findByTitle('Premium')));
    expect(search().toString()).toBe('q=ann&type=premium');
    await waitFor(() => expect(rows()).toHaveLength(2));

    fireEvent.change(screen.getByRole('searchbox', { name: 'Search users' }), { target: { value: 'bob' } });
    await waitFor(() => expect(search().get('q')).toBe('bob'));
    await waitFor(() =>
      expect(get).toHaveBeenLastCalledWith('/users', {
        params: { page: 1, limit: 50, search: 'bob', type: 'premium' },
      }),
    );

    await back();
    expect(search().toString()).toBe('q=ann&type=premium');
    await waitFor(() =>
      expect(screen.getByRole<HTMLInputElement>('searchbox', { name: 'Search users' }).value).toBe('ann'),
    );
    await back();
    expect(search().toString()).toBe('q=ann&page=2');
    await waitFor(() => expect(rows()).toHaveLength(4));
    expect(screen.getByRole('button', { name: 'Page 2' }).getAttribute('aria-current')).toBe('page');
  });

  it('Export CSV asks for every player of the search (not the page) and shows its progress', async () => {
    const csv = stubCsvExport();
    renderPage(<UsersPage />, '/users/list?q=ann&page=2');
    await waitFor(() => expect(rows()).toHaveLength(4));
    await act(async () => void fireEvent.click(screen.getByRole('button', { name: /Export CSV/ })));
    expect(csv.url().pathname).toBe('/manager/users/export');
    expect(csv.url().search).toBe('?search=ann');

    await act(async () => csv.send('telegramId,username\r\n1,ann\r\n3,cid\r\n'));
    expect((await screen.findByRole('status')).textContent).toBe('Exporting 2 of 120 rows');
    await act(async () => csv.end());
    expect(await screen.findByRole('button', { name: /Export CSV/ })).toBeTruthy();
    expect(csv.saved).toHaveBeenCalledTimes(1);
  });
});
