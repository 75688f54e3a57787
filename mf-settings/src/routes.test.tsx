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

describe('mf-settings routes', () => {
  it('exposes absolute spec paths with titles', () => {
    expect(routes.map((r) => r.path)).toEqual(['/settings']);
  });

  it('renders Settings at /settings', async () => {
    renderAt('/settings');
    expect(await screen.findByRole('heading', { level: 1, name: 'Settings' })).toBeTruthy();
    expect(screen.getByText('Manage application settings')).toBeTruthy();
  });
});
