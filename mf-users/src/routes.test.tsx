import { render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import routes from './routes';

function renderAt(url: string) {
  return render(
    <MemoryRouter initialEntries={[url]}>
      <Suspense fallback="loading">
        <Routes>
          {routes.map(({ path, Component }) => (
            <Route key={path} path={path} element={<Component />} />
          ))}
        </Routes>
      </Suspense>
    </MemoryRouter>,
  );
}

describe('mf-users routes', () => {
  it('exposes the spec paths with absolute paths and titles', () => {
    expect(routes.map((r) => r.path)).toEqual([
      '/users/list',
      '/users/stats',
      '/users/detail/:telegramId',
      '/game/list',
      '/game/settings',
    ]);
  });

  it('renders the Game Settings page heading', async () => {
    renderAt('/game/settings');
    expect(await screen.findByRole('heading', { level: 1, name: 'Game Settings' })).toBeTruthy();
  });

  it('passes the telegram id to the user detail page', async () => {
    renderAt('/users/detail/777');
    expect(await screen.findByRole('heading', { level: 1, name: 'User detail' })).toBeTruthy();
    expect(screen.getByText('777')).toBeTruthy();
  });
});
