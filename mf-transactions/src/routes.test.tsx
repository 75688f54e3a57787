import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { MemoryRouter, Route, Routes } from '@manager/platform';
import { describe, expect, it } from 'vitest';
import routes from './routes';

function renderAt(url: string) {
  // Pages load through TanStack Query; with no API configured their lists fail silently (empty).
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
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
}

describe('mf-transactions routes', { timeout: 30_000 }, () => {
  it('exposes absolute spec paths with titles', () => {
    expect(routes.map((r) => r.path)).toEqual(['/transactions/withdrawals', '/transactions/deposits', '/transactions/inventory', '/transactions/packages']);
  });

  it('renders Withdrawals at /transactions/withdrawals', async () => {
    renderAt('/transactions/withdrawals');
    expect(await screen.findByRole('heading', { level: 1, name: 'Withdrawals' })).toBeTruthy();
  });

  it('renders Deposits at /transactions/deposits', async () => {
    renderAt('/transactions/deposits');
    expect(await screen.findByRole('heading', { level: 1, name: 'Deposits' })).toBeTruthy();
  });

  it('renders Inventory at /transactions/inventory', async () => {
    renderAt('/transactions/inventory');
    expect(await screen.findByRole('heading', { level: 1, name: 'Inventory' })).toBeTruthy();
  });

  it('renders Packages at /transactions/packages', async () => {
    renderAt('/transactions/packages');
    expect(await screen.findByRole('heading', { level: 1, name: 'Packages' })).toBeTruthy();
  });
});
