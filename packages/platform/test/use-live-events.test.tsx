import { afterEach, beforeAll, beforeEach, expect, it, vi } from 'vitest';
import type { ReactNode } from 'react';
import { act, renderHook } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { EVENTS_PATH } from '@manager/contract';
import { useAuthStore, useLiveEvents } from '../src';
import { getLiveStatus } from '../src/live/status.ts';
import { admin, setup, storeSession } from './helpers';

const streamCalls = (fetch: ReturnType<typeof vi.fn>) =>
  fetch.mock.calls.filter(([url]) => String(url).endsWith(EVENTS_PATH)).length;

// The connection's code is a chunk loaded on demand: loaded once here, its import settles at once.
beforeAll(() => import('../src/live/connection/index.ts'));

beforeEach(() => {
  setup();
  storeSession();
  vi.useFakeTimers();
});
afterEach(() => vi.useRealTimers());

/** Every stream stays open until the hook aborts it (sign-out, unmount). */
const streamsThatStayOpen = () =>
  vi
    .spyOn(globalThis, 'fetch')
    .mockImplementation(
      (_url, init) =>
        new Promise((_resolve, reject) =>
          init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))),
        ),
    );

function render(client: QueryClient) {
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  return renderHook(() => useLiveEvents(), { wrapper });
}

it('opens the stream once the first screen has its data, and closes it at sign-out', async () => {
  const fetch = streamsThatStayOpen();
  const client = new QueryClient();
  act(() => useAuthStore.setState({ isAuthenticated: true, admin, permissions: new Set() }));
  const { unmount } = render(client);
  expect(getLiveStatus()).toBe('connecting');

  // The page is still reading its data: no stream yet.
  let answer!: (rows: string[]) => void;
  void client.fetchQuery({
    queryKey: ['manager', 'things', 'list', {}],
    queryFn: () => new Promise((r) => (answer = r)),
  });
  await act(() => vi.advanceTimersByTimeAsync(3_000));
  expect(streamCalls(fetch)).toBe(0);

  // Its data is in: the stream opens a moment later.
  await act(async () => answer(['a']));
  await act(() => vi.advanceTimersByTimeAsync(3_000));
  await vi.waitFor(() => expect(streamCalls(fetch)).toBe(1));

  act(() => useAuthStore.setState({ isAuthenticated: false }));
  expect(getLiveStatus()).toBe('off');
  unmount();
});

it('a page that reads nothing opens it after ten seconds at the latest', async () => {
  const fetch = streamsThatStayOpen();
  act(() => useAuthStore.setState({ isAuthenticated: true, admin, permissions: new Set() }));
  const { unmount } = render(new QueryClient());
  await act(() => vi.advanceTimersByTimeAsync(9_000));
  expect(streamCalls(fetch)).toBe(0);
  await act(() => vi.advanceTimersByTimeAsync(5_000));
  await vi.waitFor(() => expect(streamCalls(fetch)).toBe(1));
  unmount();
  expect(getLiveStatus()).toBe('off');
});
