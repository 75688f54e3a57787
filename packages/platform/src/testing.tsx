/**
 * Test helpers for remotes (`@manager/platform/testing`; tests only, never app code).
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import type { RemoteRoute } from './remote';
import { MemoryRouter, Route, Routes } from './router';

/**
 * What the shell does with a route's `prefetch` (shell/src/remotes/warm-pages.tsx), then a
 * visit: prefetches into a fresh cache whose data never goes stale, renders the page at its
 * path from that cache and waits for its heading. A page that reads the prefetched query asks
 * for nothing more; one whose query key differs from its prefetch's fetches on mount, which the
 * test sees as one more request.
 */
export async function renderAfterPrefetch(route: RemoteRoute): Promise<QueryClient> {
  if (!route.prefetch) throw new Error(`${route.path} has no prefetch`);
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
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
  // The page's effects (where a query would start its fetch) have run.
  await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
  return client;
}
