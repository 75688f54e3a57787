import type { RemoteRoute } from '@manager/platform';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { routeMatches, startRemoteForPath } from './early-start';
import { loadRemoteRoutes } from './remote-registry';

vi.mock('./remote-registry', () => ({ loadRemoteRoutes: vi.fn() }));

const route = (path: string, preload?: () => Promise<unknown>): RemoteRoute => ({ path, title: path, Component: () => null, preload });

describe('startRemoteForPath', () => {
  afterEach(() => {
    localStorage.clear();
    vi.mocked(loadRemoteRoutes).mockReset();
  });

  it('matches route paths with parameters, segment by segment', () => {
    expect(routeMatches('/users/detail/:telegramId', '/users/detail/42')).toBe(true);
    expect(routeMatches('/users/list', '/users/list/')).toBe(true);
    expect(routeMatches('/users/list', '/users/stats')).toBe(false);
    expect(routeMatches('/users/detail/:telegramId', '/users/detail')).toBe(false);
  });

  it('with a stored session, loads the remote of the path and preloads only the matching page', async () => {
    localStorage.setItem('accessToken', 'token');
    const detail = vi.fn(async () => ({}));
    const list = vi.fn(async () => ({}));
    vi.mocked(loadRemoteRoutes).mockResolvedValue([route('/users/list', list), route('/users/detail/:telegramId', detail)]);
    startRemoteForPath('/users/detail/7');
    await vi.waitFor(() => expect(detail).toHaveBeenCalledTimes(1));
    expect(loadRemoteRoutes).toHaveBeenCalledWith('users', false);
    expect(list).not.toHaveBeenCalled();
  });

  it('does nothing on a shell page or without a stored session', () => {
    startRemoteForPath('/users/list');
    localStorage.setItem('accessToken', 'token');
    startRemoteForPath('/dashboard');
    startRemoteForPath('/login');
    expect(loadRemoteRoutes).not.toHaveBeenCalled();
  });
});
