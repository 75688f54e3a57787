import { renderRoutesAt } from '@manager/platform/testing';
import { http, useAuthStore } from '@manager/platform';
import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import routes from './routes';

describe('mf-settings routes', { timeout: 20_000 }, () => {
  it('exposes the documented absolute path', () => {
    expect(routes.map((r) => r.path)).toEqual(['/settings']);
  });

  it('renders Settings at /settings: the form, then the two-factor section', async () => {
    useAuthStore.setState({ isAuthenticated: true, loading: false, admin: { id: 1, username: 'admin', twoFactorEnabled: false } });
    vi.spyOn(http, 'get').mockResolvedValue({
      code: 200,
      data: { technicalMode: false, playToStars: 1, playToRedChip: 2, bannerOneImageUrl: null, bannerOneUrl: 'close', bannerOneStatus: false, bannerTwoImageUrl: null, bannerTwoUrl: 'close', bannerTwoStatus: false },
    });
    renderRoutesAt(routes, '/settings');
    expect(await screen.findByRole('heading', { level: 1, name: 'Settings' })).toBeTruthy();
    expect(screen.getByText('Manage application settings')).toBeTruthy();
    expect(await screen.findByRole('button', { name: 'Save Settings' })).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Two-Factor Authentication' })).toBeTruthy();
  });
});
