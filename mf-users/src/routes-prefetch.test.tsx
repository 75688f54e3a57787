import { requestsAfterPrefetch } from '@manager/platform/testing';
import { screen } from '@testing-library/react';
import { expect, it } from 'vitest';
import routes from './routes';

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

it('/users/list: the prefetch fills the very query the page reads (the shell warms the page with it)', async () => {
  const page = routes.find((r) => r.path === '/users/list')!;
  expect(await requestsAfterPrefetch(page, { code: 200, data: { users: [user], pagination: { totalPages: 1, totalUsers: 1, currentPage: 1, usersPerPage: 50 } } })).toEqual(['/users']);
  expect(screen.getByText('@prefetched_anna')).toBeTruthy();
}, 20_000);
