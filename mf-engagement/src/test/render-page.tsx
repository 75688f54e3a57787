import { MemoryRouter, Route, Routes, useLocation, useNavigate } from '@manager/platform';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render } from '@testing-library/react';
import type { ComponentType } from 'react';

/**
 * A page at `url` under a memory router and a fresh query client (`client`, to deliver live
 * events to); `search()` reads the address as the page left it, `back()` steps back in its history.
 */
export function renderPage(Page: ComponentType, url: string) {
  const nav: { search?: string; navigate?: ReturnType<typeof useNavigate> } = {};
  function Probe() {
    nav.search = useLocation().search;
    nav.navigate = useNavigate();
    return null;
  }
  const path = url.split('?')[0]!;
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const view = render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[url]}>
        <Probe />
        <Routes>
          <Route path={path} element={<Page />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return { ...view, client, search: () => nav.search, back: () => act(() => void nav.navigate!(-1)) };
}
