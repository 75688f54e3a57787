import { afterEach, beforeEach, expect, it } from 'vitest';
import type { ReactNode } from 'react';
import { act, renderHook, waitFor } from '@testing-library/react';
import type MockAdapter from 'axios-mock-adapter';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useAuthStore, useMetrics } from '../src';
import { admin, ok, setup, storeSession } from './helpers';

let mock: MockAdapter;
const live = { totalUsers: 1200, onlineUsers: 37, activeGames: 4 };
const zeros = { totalUsers: 0, onlineUsers: 0, activeGames: 0 };

beforeEach(() => {
  ({ mock } = setup());
  storeSession();
  mock.onGet('/manager/metrics').reply(200, ok(live));
});
afterEach(() => mock.restore());

function render() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  return renderHook(() => useMetrics(), { wrapper });
}

it('shows zeros and calls nothing while signed out, live counters once signed in', async () => {
  const { result, unmount } = render();
  expect(result.current).toEqual(zeros);
  expect(mock.history.get).toHaveLength(0);

  act(() =>
    useAuthStore.setState({ isAuthenticated: true, admin, permissions: new Set(['dashboard.read']) }),
  );
  await waitFor(() => expect(result.current).toEqual(live));
  unmount();
});

it('drops the last numbers as soon as the admin signs out', async () => {
  useAuthStore.setState({ isAuthenticated: true, admin, permissions: new Set(['dashboard.read']) });
  const { result, unmount } = render();
  await waitFor(() => expect(result.current).toEqual(live));
  const calls = mock.history.get?.length;

  act(() => useAuthStore.setState({ isAuthenticated: false, admin: null }));
  expect(result.current).toEqual(zeros);
  await new Promise((resolve) => setTimeout(resolve, 50));
  expect(mock.history.get).toHaveLength(calls ?? 0);
  unmount();
});

it('polls nothing for an admin without dashboard.read (a custom role): no refusal every few seconds', async () => {
  useAuthStore.setState({ isAuthenticated: true, admin, permissions: new Set(['users.read']) });
  const { result, unmount } = render();
  await new Promise((resolve) => setTimeout(resolve, 50));
  expect(result.current).toEqual(zeros);
  expect(mock.history.get ?? []).toHaveLength(0);
  unmount();
});
