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

describe('mf-commerce routes', () => {
  it('exposes absolute spec paths with titles', () => {
    expect(routes.map((r) => r.path)).toEqual(['/marketplace/list', '/marketplace/orders', '/marketplace/settings', '/shop/list', '/shop/orders', '/shop/settings', '/shop/loot-boxes']);
  });

  it('renders Marketplace at /marketplace/list', async () => {
    renderAt('/marketplace/list');
    expect(await screen.findByRole('heading', { level: 1, name: 'Marketplace' })).toBeTruthy();
  });

  it('renders Marketplace Orders at /marketplace/orders', async () => {
    renderAt('/marketplace/orders');
    expect(await screen.findByRole('heading', { level: 1, name: 'Marketplace Orders' })).toBeTruthy();
  });

  it('renders Marketplace Settings at /marketplace/settings', async () => {
    renderAt('/marketplace/settings');
    expect(await screen.findByRole('heading', { level: 1, name: 'Marketplace Settings' })).toBeTruthy();
  });

  it('renders Shop at /shop/list', async () => {
    renderAt('/shop/list');
    expect(await screen.findByRole('heading', { level: 1, name: 'Shop' })).toBeTruthy();
  });

  it('renders Shop Orders at /shop/orders', async () => {
    renderAt('/shop/orders');
    expect(await screen.findByRole('heading', { level: 1, name: 'Shop Orders' })).toBeTruthy();
  });

  it('renders Shop Settings at /shop/settings', async () => {
    renderAt('/shop/settings');
    expect(await screen.findByRole('heading', { level: 1, name: 'Shop Settings' })).toBeTruthy();
  });

  it('renders Loot Boxes at /shop/loot-boxes', async () => {
    renderAt('/shop/loot-boxes');
    expect(await screen.findByRole('heading', { level: 1, name: 'Loot Boxes' })).toBeTruthy();
  });
});
