/**
 * Test helpers for remotes (`@manager/platform/testing`; tests only, never app code).
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, type RenderResult } from '@testing-library/react';
import { Suspense } from 'react';
import { PERMISSION_NAMES, type ConsoleEvent } from '@manager/contract';
import { useAuthStore } from './auth/store.ts';
import { applyEvent } from './live/refresh.ts';
import type { RemoteRoute } from './remote.ts';
import { MemoryRouter, Route, Routes } from './router.ts';

/**
 * Renders a remote's routes at `url` as the shell mounts them: under a router, in Suspense
 * (pages are lazy), with a fresh query client that does not retry (a failed call shows its
 * error at once).
 */
export function renderRoutesAt(
  routes: readonly RemoteRoute[],
  url: string,
): RenderResult & { client: QueryClient } {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  const view = render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[url]}>
        <Suspense fallback="loading">
          <Routes>
            {routes.map(({ path, Component }) => (
              <Route key={path} path={path} element={<Component />} />
            ))}
          </Routes>
        </Suspense>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return { ...view, client };
}

/** Opens the "Confirm it's you" prompt as a 428 would; settles when it is confirmed or cancelled. */
export { askStepUp as openStepUpPrompt } from './step-up/prompt-store.ts';

/**
 * The signed-in admin's permissions for a test (`useCan`): every permission of the catalogue
 * by default, as an Owner; a list to render what a narrower role sees.
 */
export function grantPermissions(permissions: readonly string[] = PERMISSION_NAMES): void {
  useAuthStore.setState({ permissions: new Set(permissions) });
}

/**
 * Delivers one event of the stream to the page, as the connection would: the lists it touches
 * are refreshed in `client`, and forms watching its record are told (`useRecordChanges`). Its
 * `id` and `at` default to a fresh number and now.
 */
export function deliverLiveEvent(
  client: QueryClient,
  event: Omit<ConsoleEvent, 'id' | 'at'> & Partial<Pick<ConsoleEvent, 'id' | 'at'>>,
): void {
  delivered += 1;
  applyEvent(client, { id: String(delivered), at: new Date().toISOString(), ...event });
}
let delivered = 0;
