import { render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes } from '@manager/platform';
import { describe, expect, it } from 'vitest';
import routes from './routes';

function renderAt(url: string) {
  // Pages load their lists through TanStack Query (the shell provides the client).
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

describe('mf-engagement routes', () => {
  it('exposes absolute spec paths with titles', () => {
    expect(routes.map((r) => r.path)).toEqual(['/tasks/list', '/tasks/static', '/mailing', '/tournaments', '/giveaways/list']);
  });

  it('renders Tasks at /tasks/list', async () => {
    renderAt('/tasks/list');
    expect(await screen.findByRole('heading', { level: 1, name: 'Tasks' })).toBeTruthy();
    expect(screen.getByText('Manage and monitor task completion')).toBeTruthy();
  });

  it('renders Static Tasks at /tasks/static', async () => {
    renderAt('/tasks/static');
    expect(await screen.findByRole('heading', { level: 1, name: 'Static Tasks' })).toBeTruthy();
    expect(screen.getByText('Manage static tasks')).toBeTruthy();
  });

  it('renders Mailing at /mailing', async () => {
    renderAt('/mailing');
    expect(await screen.findByRole('heading', { level: 1, name: 'Mailing' })).toBeTruthy();
  });

  it('renders Tournaments at /tournaments', async () => {
    renderAt('/tournaments');
    expect(await screen.findByRole('heading', { level: 1, name: 'Tournaments' })).toBeTruthy();
  });

  it('renders Giveaways at /giveaways/list', async () => {
    renderAt('/giveaways/list');
    expect(await screen.findByRole('heading', { level: 1, name: 'Giveaways' })).toBeTruthy();
    expect(screen.getByText('Manage and monitor giveaway campaigns')).toBeTruthy();
  });
});
