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
      ['/settings/security', 'My security'],
      ['/audit', 'Audit Log'],
      ['/admins', 'Administrators'],
    ]);
  });

  it('renders the Audit Log at /audit', async () => {
    vi.spyOn(http, 'get').mockResolvedValue({
      code: 200,
      data: { entries: [], nextCursor: null, admins: [] },
    });
    renderRoutesAt(routes, '/audit');
    expect(await screen.findByRole('heading', { level: 1, name: 'Audit Log' })).toBeTruthy();
    expect(await screen.findByText('No audit entries found')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Verify chain' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Export CSV' })).toBeTruthy();
  });

  it('renders Settings at /settings: the form, then the sessions, then the two-factor section', async () => {
    useAuthStore.setState({
      isAuthenticated: true,
      loading: false,
      admin: { id: 1, username: 'admin', twoFactorEnabled: false },
    });
    const settings = {
      technicalMode: false,
      playToStars: 1,
      playToRedChip: 2,
      bannerOneImageUrl: null,
      bannerOneUrl: 'close',
      bannerOneStatus: false,
      bannerTwoImageUrl: null,
      bannerTwoUrl: 'close',
      bannerTwoStatus: false,
    };
    const session = {
      id: 's1',
      browser: 'Chrome 131',
      system: 'macOS',
      ip: '127.0.0.1',
      signedInAt: '2026-03-05T14:07:00Z',
      lastActiveAt: '2026-03-05T14:07:00Z',
      current: true,
    };
    vi.spyOn(http, 'get').mockImplementation(async (url: string) => ({
      code: 200,
      data: url === '/auth/sessions' ? { sessions: [session] } : settings,
    }));
    renderRoutesAt(routes, '/settings');
    expect(await screen.findByRole('heading', { level: 1, name: 'Settings' })).toBeTruthy();
    expect(screen.getByText('Manage application settings')).toBeTruthy();
    expect(await screen.findByRole('button', { name: 'Save Settings' })).toBeTruthy();
    expect(await screen.findByText('This device')).toBeTruthy();
    const regions = screen.getAllByRole('region').map((r) => r.getAttribute('aria-label'));
    expect(regions.filter((name) => name === 'Sessions' || name === 'Two-Factor Authentication')).toEqual([
      'Sessions',
      'Two-Factor Authentication',
    ]);
  });
});
