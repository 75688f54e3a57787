import { MemoryRouter, useLocation, useNavigate } from '@manager/platform';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render } from '@testing-library/react';
import type { ReactElement } from 'react';

/**
 * Renders a page at `url` under a memory router and a query client that does not retry, and
 * gives the address it shows now (`search()`) and the browser's Back (`back()`).
 */
export function renderPage(page: ReactElement, url: string) {
  const nav: { location?: ReturnType<typeof useLocation>; navigate?: ReturnType<typeof useNavigate> } = {};
  function Probe() {
    nav.location = useLocation();
    nav.navigate = useNavigate();
    return null;
  }
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const view = render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[url]}>
        {page}
        <Probe />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return {
    ...view,
    search: () => new URLSearchParams(nav.location!.search),
    back: () => act(async () => void nav.navigate!(-1)),
  };
}
