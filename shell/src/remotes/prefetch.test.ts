import type { RemoteRoute } from '@manager/platform';
import { afterEach, describe, expect, it, vi } from 'vitest';
import * as ui from '@manager/ui';
import { prefetchRemotesWhenIdle } from './prefetch';
import { loadRemoteRoutes } from './remote-registry';

vi.mock('./remote-registry', () => ({ loadRemoteRoutes: vi.fn() }));

const route = (path: string, preload?: () => Promise<unknown>): RemoteRoute => ({
  path,
  title: path,
  Component: () => null,
  preload,
});

describe('prefetchRemotesWhenIdle', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.mocked(loadRemoteRoutes).mockReset();
  });

  it('after the start delay, loads each remote and preloads its pages; a failing remote does not stop the rest', async () => {
    vi.useFakeTimers();
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const usersPage = vi.fn(async () => ({}));
    const settingsPage = vi.fn(async () => ({}));
    const order: string[] = [];
    vi.mocked(loadRemoteRoutes).mockImplementation(async (name) => {
      order.push(name);
      if (name === 'commerce') throw new Error('down');
      return name === 'users'
        ? [route('/users/list', usersPage), route('/users/stats')]
        : [route('/settings', settingsPage)];
    });
    const antd = vi.spyOn(ui, 'loadAntdOnDemand').mockImplementation(async () => {
      order.push('antd');
      return {} as Awaited<ReturnType<typeof ui.loadAntdOnDemand>>;
    });
    prefetchRemotesWhenIdle(['users', 'commerce', 'settings']);
    expect(loadRemoteRoutes).not.toHaveBeenCalled();
    await vi.runAllTimersAsync();
    // antd's on-demand components come first: every remote page uses them.
    expect(order).toEqual(['antd', 'users', 'commerce', 'settings']);
    expect(antd).toHaveBeenCalledTimes(1);
    expect(vi.mocked(loadRemoteRoutes).mock.calls).toEqual([
      ['users', false],
      ['commerce', false],
      ['settings', false],
    ]);
    expect(usersPage).toHaveBeenCalledTimes(1);
    expect(settingsPage).toHaveBeenCalledTimes(1);
  });

  it('does nothing once cancelled (the layout unmounted, e.g. sign-out)', async () => {
    vi.useFakeTimers();
    const cancel = prefetchRemotesWhenIdle(['users']);
    cancel();
    await vi.runAllTimersAsync();
    expect(loadRemoteRoutes).not.toHaveBeenCalled();
  });
});
