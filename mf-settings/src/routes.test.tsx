import { http, useAuthStore } from '@manager/platform';
import { screen } from '@testing-library/react';
import { Suspense } from 'react';
import { MemoryRouter, Route, Routes } from '@manager/platform';
import { describe, expect, it, vi } from 'vitest';
import routes from './routes';
import { renderWithQuery } from './test/render';

function renderAt(url: string) {
  return renderWithQuery(
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

describe('mf-settings routes', { timeout: 20_000 }, () => {
  it('exposes absolute spec paths with titles', () => {
    expect(routes.map((r) => r.path)).toEqual(['/settings']);
  });

  it('renders Settings at /settings: the form, then the two-factor section', async () => {
    useAuthStore.setState({ isAuthenticated: true, loading: false, admin: { id: 1, username: 'admin', twoFactorEnabled: false } });
    vi.spyOn(http, 'get').mockResolvedValue({
      code: 200,
      data: { technicalMode: false, playToStars: 1, playToRedChip: 2, bannerOneImageUrl: null, bannerOneUrl: 'close', bannerOneStatus: false, bannerTwoImageUrl: null, bannerTwoUrl: 'close', bannerTwoStatus: false },
    });
    renderAt('/settings');
    expect(await screen.findByRole('heading', { level: 1, name: 'Settings' })).toBeTruthy();
    expect(screen.getByText('Manage application settings')).toBeTruthy();
    expect(await screen.findByRole('button', { name: 'Save Settings' })).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Two-Factor Authentication' })).toBeTruthy();
  });
});
