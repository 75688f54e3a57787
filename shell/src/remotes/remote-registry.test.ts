import { loadRemote, registerRemotes } from '@module-federation/runtime';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { initRemotes, loadRemoteRoutes } from './remote-registry';

vi.mock('@module-federation/runtime', () => ({ registerRemotes: vi.fn(), loadRemote: vi.fn() }));

const manifest = {
  users: 'http://localhost:4174/mf-manifest.json',
  commerce: 'http://localhost:4175/mf-manifest.json',
  transactions: 'http://localhost:4176/mf-manifest.json',
  engagement: 'http://localhost:4177/mf-manifest.json',
  // Relative entries resolve against remotes.json's own URL.
  settings: 'settings/mf-manifest.json',
};

function serve(body: unknown, status = 200) {
  return vi.spyOn(globalThis, 'fetch').mockResolvedValue(new Response(JSON.stringify(body), { status }));
}

afterEach(() => vi.restoreAllMocks());

describe('remote registry', () => {
  it('registers every remote of remotes.json by its manifest URL', async () => {
    const fetch = serve(manifest);
    await initRemotes('/deploy/remotes.json');
    expect(fetch.mock.calls[0]?.[1]).toMatchObject({ cache: 'no-cache' });
    const [remotes, options] = vi.mocked(registerRemotes).mock.calls[0]!;
    expect(options).toEqual({ force: false });
    expect(remotes).toContainEqual({ name: 'mf_users', entry: manifest.users });
    expect(remotes).toContainEqual({
      name: 'mf_settings',
      entry: `${window.location.origin}/deploy/settings/mf-manifest.json`,
    });
  });

  it('a routes load that starts while remotes.json is still on its way waits for it', async () => {
    let answer!: (r: Response) => void;
    vi.spyOn(globalThis, 'fetch').mockReturnValue(new Promise<Response>((resolve) => (answer = resolve)));
    vi.mocked(registerRemotes).mockClear();
    vi.mocked(loadRemote).mockClear();
    vi.mocked(loadRemote).mockResolvedValue({ default: [] });
    const init = initRemotes('/remotes.json');
    const routes = loadRemoteRoutes('users', false);
    await new Promise((r) => setTimeout(r, 20));
    expect(loadRemote).not.toHaveBeenCalled();
    answer(new Response(JSON.stringify(manifest)));
    await init;
    await expect(routes).resolves.toEqual([]);
    // Registered once (by initRemotes), before the routes were asked for.
    expect(registerRemotes).toHaveBeenCalledTimes(1);
    expect(vi.mocked(registerRemotes).mock.invocationCallOrder[0]).toBeLessThan(vi.mocked(loadRemote).mock.invocationCallOrder[0]!);
  });

  it('rejects a remotes.json that misses a remote', async () => {
    serve({ users: manifest.users });
    await expect(initRemotes('/remotes.json')).rejects.toThrow();
  });

  it('loads ./routes, and on retry re-registers that remote with force', async () => {
    serve(manifest);
    const routes = [{ path: '/settings', title: 'Settings', Component: () => null }];
    vi.mocked(loadRemote).mockResolvedValue({ default: routes });
    vi.mocked(registerRemotes).mockClear();
    await expect(loadRemoteRoutes('settings', true)).resolves.toBe(routes);
    expect(loadRemote).toHaveBeenCalledWith('mf_settings/routes');
    const [remotes, options] = vi.mocked(registerRemotes).mock.calls[0]!;
    expect(remotes).toHaveLength(1);
    expect(remotes[0]?.name).toBe('mf_settings');
    expect(options).toEqual({ force: true });
  });

  it('after a failed remotes.json, each remote is registered by its own first load', async () => {
    vi.resetModules();
    const fresh = await import('./remote-registry');
    const runtime = await import('@module-federation/runtime');
    vi.mocked(runtime.registerRemotes).mockClear();
    vi.mocked(runtime.loadRemote).mockResolvedValue({ default: [] });
    const fetch = vi.spyOn(globalThis, 'fetch').mockResolvedValueOnce(new Response('{}', { status: 503 }));
    await expect(fresh.initRemotes('/remotes.json')).rejects.toThrow('HTTP 503');
    fetch.mockResolvedValue(new Response(JSON.stringify(manifest)));
    await fresh.loadRemoteRoutes('users', false);
    await fresh.loadRemoteRoutes('commerce', false);
    const names = vi.mocked(runtime.registerRemotes).mock.calls.map(([remotes]) => remotes.map((r) => r.name));
    expect(names).toEqual([['mf_users'], ['mf_commerce']]);
  });

  it('a load started before Retry does not overwrite what Retry loaded', async () => {
    vi.resetModules();
    const fresh = await import('./remote-registry');
    const runtime = await import('@module-federation/runtime');
    vi.spyOn(globalThis, 'fetch').mockImplementation(async () => new Response(JSON.stringify(manifest)));
    await fresh.initRemotes('/remotes.json');
    const stale = [{ path: '/old', title: 'Old', Component: () => null }];
    const current = [{ path: '/new', title: 'New', Component: () => null }];
    let finishOld!: (m: { default: typeof stale }) => void;
    vi.mocked(runtime.loadRemote)
      .mockReturnValueOnce(new Promise((resolve) => (finishOld = resolve)))
      .mockResolvedValueOnce({ default: current });
    const old = fresh.loadRemoteRoutes('settings', false);
    await vi.waitFor(() => expect(finishOld).toBeTypeOf('function'));
    await expect(fresh.loadRemoteRoutes('settings', true)).resolves.toBe(current);
    finishOld({ default: stale });
    await old;
    expect(fresh.loadedRemoteRoutes('settings')).toBe(current);
  });

  it('refuses a module without a routes table', async () => {
    vi.mocked(loadRemote).mockResolvedValue({ default: 'nope' });
    await expect(loadRemoteRoutes('users', false)).rejects.toThrow('mf_users/routes has no routes table');
  });
});
