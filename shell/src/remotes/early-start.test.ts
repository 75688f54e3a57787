import { useAuthStore } from '@manager/platform';
import * as ui from '@manager/ui';
import type { RemoteRoute } from '@manager/platform';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { routeMatches, startFirstPage } from './early-start';
import { loadRemoteRoutes } from './remote-registry';

vi.mock('./remote-registry', () => ({ loadRemoteRoutes: vi.fn() }));

const route = (path: string, preload?: () => Promise<unknown>): RemoteRoute => ({
  path,
  title: path,
  Component: () => null,
  preload,
});
const checking = () => useAuthStore.setState({ loading: true, isAuthenticated: false });
const signedOut = () => useAuthStore.setState({ loading: false, isAuthenticated: false });

describe('startFirstPage', () => {
  afterEach(() => {
    vi.restoreAllMocks();
    vi.mocked(loadRemoteRoutes).mockReset();
  });

  it('matches route paths with parameters, segment by segment', () => {
    expect(routeMatches('/users/detail/:telegramId', '/users/detail/42')).toBe(true);
    expect(routeMatches('/users/list', '/users/list/')).toBe(true);
    expect(routeMatches('/users/list', '/users/stats')).toBe(false);
    expect(routeMatches('/users/detail/:telegramId', '/users/detail')).toBe(false);
  });

  it('while the stored session is checked on a remote page: loads that remote, the matching page only, and antd', async () => {
    checking();
    const antd = vi.spyOn(ui, 'loadAntdOnDemand');
    const detail = vi.fn(async () => ({}));
    const list = vi.fn(async () => ({}));
    vi.mocked(loadRemoteRoutes).mockResolvedValue([
      route('/users/list', list),
      route('/users/detail/:telegramId', detail),
    ]);
    startFirstPage('/users/detail/7');
    await vi.waitFor(() => expect(detail).toHaveBeenCalledTimes(1));
    expect(loadRemoteRoutes).toHaveBeenCalledWith('users', false);
    expect(list).not.toHaveBeenCalled();
    expect(antd).toHaveBeenCalledTimes(1);
  });

  it('on a shell page with a session: nothing; signed out: only antd, for the sign-in form', () => {
    const antd = vi.spyOn(ui, 'loadAntdOnDemand');
    checking();
    startFirstPage('/dashboard');
    expect(antd).not.toHaveBeenCalled();
    signedOut();
    startFirstPage('/users/list');
    expect(antd).toHaveBeenCalledTimes(1);
    expect(loadRemoteRoutes).not.toHaveBeenCalled();
  });
});
