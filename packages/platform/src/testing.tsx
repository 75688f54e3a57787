/**
 * Test helpers for remotes (`@manager/platform/testing`; tests only, never app code).
 */
import { QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { vi } from 'vitest';
import { http } from './http/client';
import { prefetchCache, type RemoteRoute } from './remote';
import { MemoryRouter, Route, Routes } from './router';

/**
 * What the shell does with a route's `prefetch` (shell/src/remotes/warm-pages.tsx), then a
 * visit: every GET answers `response`; the route prefetches into the cache the shell uses,
 * the page is rendered at its path from that cache, and once its heading is shown and its
 * effects ran, the paths of every GET made are returned. A page that reads the prefetched
 * query asks for nothing more: one path. One whose query differs from its prefetch's fetches
 * on mount: a second.
 */
export async function requestsAfterPrefetch(route: RemoteRoute, response: unknown): Promise<string[]> {
  if (!route.prefetch) throw new Error(`${route.path} has no prefetch`);
  const get = vi.spyOn(http, 'get').mockResolvedValue(response);
  try {
    const client = prefetchCache();
    await route.prefetch(client);
    render(
      <QueryClientProvider client={client}>
        <MemoryRouter initialEntries={[route.path]}>
          <Suspense fallback={null}>
            <Routes>
              <Route path={route.path} element={<route.Component />} />
            </Routes>
          </Suspense>
        </MemoryRouter>
      </QueryClientProvider>,
    );
    await screen.findByRole('heading', { level: 1 }, { timeout: 15_000 });
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    return get.mock.calls.map(([path]) => path);
  } finally {
    get.mockRestore();
  }
}
