import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { MemoryRouter, Route, Routes } from '@manager/platform';
import { afterEach, describe, expect, it, vi } from 'vitest';
import routes from './routes';

const get = vi.fn();
vi.mock('@manager/platform', async (importOriginal) => {
  const real = await importOriginal<typeof import('@manager/platform')>();
  return { ...real, http: { ...real.http, get: (...args: unknown[]) => get(...args) } };
});

const user = {
  telegramId: 4242,
  username: 'prefetched_anna',
  firstName: 'Anna',
  lastName: null,
  avatar: null,
  isPremium: false,
  countryName: null,
  countryFlag: null,
  lang: 'en',
  tonBalance: 1,
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
  updatedAt: '2026-11-01T00:00:00.000Z',
  createdAt: '2026-11-01T00:00:00.000Z',
  lastActive: null,
};

afterEach(() => get.mockReset());

describe('mf-users route prefetch (the shell warms the first page with it)', () => {
  it('fills the very query the users list reads at /users/list', async () => {
    const usersList = routes.find((r) => r.path === '/users/list')!;
    get.mockResolvedValueOnce({
      code: 200,
      data: { users: [user], pagination: { totalPages: 1, totalUsers: 1, currentPage: 1, usersPerPage: 50 } },
    });
    // Nothing is fetched after the prefetch: any later call never answers.
    get.mockReturnValue(new Promise(() => undefined));
    const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
    await usersList.prefetch!(client);
    expect(get).toHaveBeenCalledTimes(1);
    expect(get).toHaveBeenCalledWith('/users', { params: { page: 1, limit: 50, search: undefined } });

    render(
      <QueryClientProvider client={client}>
        <MemoryRouter initialEntries={['/users/list']}>
          <Suspense fallback="loading">
            <Routes>
              <Route path={usersList.path} element={<usersList.Component />} />
            </Routes>
          </Suspense>
        </MemoryRouter>
      </QueryClientProvider>,
    );
    expect(await screen.findByText('@prefetched_anna', {}, { timeout: 15_000 })).toBeTruthy();
    expect(get).toHaveBeenCalledTimes(1);
  }, 20_000);
});
