import { renderRoutesAt } from '@manager/platform/testing';
import { http, useAuthStore } from '@manager/platform';
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import routes from './routes';

afterEach(() => vi.restoreAllMocks());

describe('mf-settings routes', { timeout: 20_000 }, () => {
  it('exposes the documented absolute paths', () => {
    expect(routes.map((r) => [r.path, r.title])).toEqual([
      ['/settings', 'Settings'],
      ['/audit', 'Audit Log'],
    ]);
  });

  it('renders the Audit Log at /audit', async () => {
    vi.spyOn(http, 'get').mockResolvedValue({ code: 200, data: { entries: [], nextCursor: null, admins: [] } });
    renderRoutesAt(routes, '/audit');
    expect(await screen.findByRole('heading', { level: 1, name: 'Audit Log' })).toBeTruthy();
    expect(await screen.findByText('No audit entries found')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Verify chain' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Export CSV' })).toBeTruthy();
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
