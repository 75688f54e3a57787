import type { RemoteName } from '@manager/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

vi.mock('@module-federation/runtime', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@module-federation/runtime')>()),
  registerRemotes: vi.fn(),
  loadRemote: vi.fn(),
}));
vi.mock('@manager/platform', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@manager/platform')>()),
  toast: { error: vi.fn(), success: vi.fn() },
}));

const origin = window.location.origin;
const manifest = {
  users: 'http://localhost:4174/mf-manifest.json',
  commerce: 'http://localhost:4175/mf-manifest.json',
  transactions: 'http://localhost:4176/mf-manifest.json',
  engagement: 'http://localhost:4177/mf-manifest.json',
  // Relative entries resolve against remotes.json's own URL.
  settings: 'settings/mf-manifest.json',
};
const released = {
  ...manifest,
  settings: {
    entry: 'releases/settings/0.1.0-aaaaaaaa/mf-manifest.json',
    version: '0.1.0-aaaaaaaa',
    commit: 'abc123',
    builtAt: '2026-01-02T00:00:00.000Z',
    requires: { '@manager/ui': '>=0.5.0 <1.0.0' },
    canary: {
      entry: 'releases/settings/0.1.0-bbbbbbbb/mf-manifest.json',
      version: '0.1.0-bbbbbbbb',
      admins: ['admin2fa'],
    },
  },
};
const LIVE = `${origin}/releases/settings/0.1.0-aaaaaaaa/mf-manifest.json`;
const CANARY = `${origin}/releases/settings/0.1.0-bbbbbbbb/mf-manifest.json`;
const routesTable = [{ path: '/settings', title: 'Settings', Component: () => null }];

/** The registry and what it talks to, fresh for each test (the registry holds page state). */
async function fresh() {
  vi.resetModules();
  const registry = await import('./remote-registry');
  const runtime = await import('@module-federation/runtime');
  const versions = await import('./versions');
  const platform = await import('@manager/platform');
  vi.mocked(runtime.registerRemotes).mockReset();
  vi.mocked(runtime.loadRemote).mockReset().mockResolvedValue({ default: routesTable });
  vi.mocked(platform.toast.error).mockReset();
  const signIn = (username: string | null) =>
    platform.useAuthStore.setState({
      isAuthenticated: username !== null,
      admin: username === null ? null : { id: 1, username, twoFactorEnabled: false },
    });
  signIn(null);
  const registered = () =>
    vi.mocked(runtime.registerRemotes).mock.calls.map(([remotes, options]) => ({ remotes, options }));
  return { registry, runtime, versions, signIn, registered };
}

/** Answers remotes.json (and build.json files) from a table the test can change. */
function serve(files: Record<string, unknown>) {
  return vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
    const url = new URL(String(input instanceof Request ? input.url : input), window.location.href);
    const key = Object.keys(files).find((k) => url.href.endsWith(k));
    if (!key) return new Response('not found', { status: 404 });
    return new Response(JSON.stringify(files[key]));
  });
}

beforeEach(() => sessionStorage.clear());
afterEach(() => vi.restoreAllMocks());

describe('remote registry', () => {
  it("reads remotes.json without the HTTP cache and publishes every remote's live build, entries made absolute", async () => {
    const { registry, versions, registered } = await fresh();
    const fetch = serve({ '/deploy/remotes.json': released });
    await registry.initRemotes('/deploy/remotes.json');
    expect(fetch.mock.calls[0]?.[1]).toMatchObject({ cache: 'no-cache' });
    const { live } = versions.getConsoleVersions();
    expect(live.users).toMatchObject({
      entry: manifest.users,
      version: null,
      requires: {},
      canary: false,
      override: false,
    });
    expect(live.settings).toEqual({
      entry: `${origin}/deploy/releases/settings/0.1.0-aaaaaaaa/mf-manifest.json`,
      version: '0.1.0-aaaaaaaa',
      commit: 'abc123',
      builtAt: '2026-01-02T00:00:00.000Z',
      requires: { '@manager/ui': '>=0.5.0 <1.0.0' },
      canary: false,
      override: false,
    });
    // Registration waits for a remote's first load: it depends on who is signed in then.
    expect(registered()).toEqual([]);
  });

  it('a routes load that starts while remotes.json is still on its way waits for it', async () => {
    const { registry, runtime, registered } = await fresh();
    let answer!: (r: Response) => void;
    vi.spyOn(globalThis, 'fetch').mockReturnValue(new Promise<Response>((resolve) => (answer = resolve)));
    const init = registry.initRemotes('/remotes.json');
    const routes = registry.loadRemoteRoutes('users', false);
    await new Promise((r) => setTimeout(r, 20));
    expect(runtime.loadRemote).not.toHaveBeenCalled();
    answer(new Response(JSON.stringify(manifest)));
    await init;
    await expect(routes).resolves.toBe(routesTable);
    expect(registered()).toEqual([
      { remotes: [{ name: 'mf_users', entry: manifest.users }], options: { force: false } },
    ]);
    expect(vi.mocked(runtime.registerRemotes).mock.invocationCallOrder[0]).toBeLessThan(
      vi.mocked(runtime.loadRemote).mock.invocationCallOrder[0]!,
    );
  });

  it('accepts a remotes.json that lacks some remotes: only those fail, with their own message', async () => {
    const { registry, versions, registered } = await fresh();
    // The live pointer as the release folder holds it: promoted remotes only.
    serve({ '/remotes.json': { settings: released.settings } });
    await registry.initRemotes('/remotes.json');
    expect(Object.keys(versions.getConsoleVersions().live)).toEqual(['settings']);
    await expect(registry.loadRemoteRoutes('users', false)).rejects.toThrow('users is not in remotes.json');
    expect(registry.currentTarget('users')).toBeUndefined();
    await expect(registry.loadRemoteRoutes('settings', false)).resolves.toBe(routesTable);
    expect(registered()).toEqual([
      { remotes: [{ name: 'mf_settings', entry: LIVE }], options: { force: false } },
    ]);
  });

  it('loads ./routes of the live build and records it as loaded; Retry reads remotes.json again and registers with force', async () => {
    const { registry, runtime, versions, signIn, registered } = await fresh();
    signIn('admin');
    const fetch = serve({ '/remotes.json': released });
    await registry.initRemotes('/remotes.json');
    await expect(registry.loadRemoteRoutes('settings', false)).resolves.toBe(routesTable);
    expect(runtime.loadRemote).toHaveBeenCalledWith('mf_settings/routes');
    expect(versions.getConsoleVersions().loaded.settings).toMatchObject({
      entry: LIVE,
      version: '0.1.0-aaaaaaaa',
    });
    expect(fetch).toHaveBeenCalledTimes(1);
    await registry.loadRemoteRoutes('settings', true);
    expect(fetch).toHaveBeenCalledTimes(2);
    expect(registered()).toEqual([
      { remotes: [{ name: 'mf_settings', entry: LIVE }], options: { force: false } },
      { remotes: [{ name: 'mf_settings', entry: LIVE }], options: { force: true } },
    ]);
  });

  it('gives a listed admin the canary (exact username) and everyone else the live build', async () => {
    const { registry, versions, signIn, registered } = await fresh();
    serve({ '/remotes.json': released });
    signIn('admin2fa');
    await registry.initRemotes('/remotes.json');
    expect(versions.getConsoleVersions().live.settings).toMatchObject({
      entry: CANARY,
      version: '0.1.0-bbbbbbbb',
      canary: true,
    });
    await registry.loadRemoteRoutes('settings', false);
    expect(versions.getConsoleVersions().loaded.settings).toMatchObject({ entry: CANARY, canary: true });

    // Another admin in this tab (signed out, then in): the next load registers their build.
    signIn('Admin2fa');
    await registry.republishLive();
    expect(versions.getConsoleVersions().live.settings).toMatchObject({ entry: LIVE, canary: false });
    await registry.loadRemoteRoutes('settings', false);
    expect(registered()).toEqual([
      { remotes: [{ name: 'mf_settings', entry: CANARY }], options: { force: false } },
      { remotes: [{ name: 'mf_settings', entry: LIVE }], options: { force: true } },
    ]);
    expect(versions.getConsoleVersions().loaded.settings).toMatchObject({ entry: LIVE, canary: false });
  });

  it('a reload on an area page loads the canary of the admin whose session is still being checked', async () => {
    const { registry, versions, registered } = await fresh();
    const platform = await import('@manager/platform');
    serve({ '/remotes.json': released });
    // As bootstrap leaves it on a reload: a stored session, its profile not read yet.
    localStorage.setItem(
      'adminData',
      JSON.stringify({ id: 2, username: 'admin2fa', twoFactorEnabled: true }),
    );
    platform.useAuthStore.setState({ loading: true, isAuthenticated: false, admin: null });
    try {
      await registry.initRemotes('/remotes.json');
      await registry.loadRemoteRoutes('settings', false);
      expect(registered()).toEqual([
        { remotes: [{ name: 'mf_settings', entry: CANARY }], options: { force: false } },
      ]);
      expect(versions.getConsoleVersions().loaded.settings).toMatchObject({ entry: CANARY, canary: true });
    } finally {
      localStorage.removeItem('adminData');
      platform.useAuthStore.setState({ loading: false });
    }
  });

  it('another admin signing in in this tab: the builds loaded for the previous one are no longer named', async () => {
    const { registry, versions, signIn } = await fresh();
    const { consoleVersionText } = await import('../lib/console-version');
    serve({ '/remotes.json': released });
    signIn('admin2fa');
    await registry.initRemotes('/remotes.json');
    await registry.loadRemoteRoutes('settings', false);
    expect(consoleVersionText(versions.getConsoleVersions())).toContain('settings@0.1.0-bbbbbbbb');
    // Logout without a reload, then another admin.
    signIn(null);
    signIn('admin');
    await registry.republishLive();
    const current = versions.getConsoleVersions();
    expect(current.loaded.settings).toBeUndefined();
    expect(consoleVersionText(current)).not.toContain('settings@');
    // Nothing to offer as an update: this admin has not run Settings yet.
    expect(current.live.settings?.entry).toBe(LIVE);
  });

  it('a load in flight for one admin is not handed to the next one', async () => {
    const { registry, runtime, signIn, registered } = await fresh();
    serve({ '/remotes.json': released });
    signIn(null);
    await registry.initRemotes('/remotes.json');
    let finish!: (m: { default: typeof routesTable }) => void;
    vi.mocked(runtime.loadRemote).mockReturnValueOnce(new Promise((resolve) => (finish = resolve)));
    const first = registry.loadRemoteRoutes('settings', false);
    await vi.waitFor(() => expect(runtime.loadRemote).toHaveBeenCalledTimes(1));
    signIn('admin2fa');
    await registry.loadRemoteRoutes('settings', false);
    finish({ default: routesTable });
    await first;
    expect(registered().map(({ remotes }) => (remotes[0] as { entry?: string } | undefined)?.entry)).toEqual([
      LIVE,
      CANARY,
    ]);
  });

  it('refuses to load a release this console cannot satisfy, with the sentence for its area', async () => {
    const { registry, runtime, registered } = await fresh();
    const needsNewer = {
      ...released,
      settings: {
        entry: 'settings/mf-manifest.json',
        requires: { '@manager/ui': '>=0.7.0 <1.0.0', react: '>=19.0.0 <20.0.0' },
      },
    };
    serve({ '/remotes.json': needsNewer });
    await registry.initRemotes('/remotes.json');
    const load = registry.loadRemoteRoutes('settings', false);
    await expect(load).rejects.toThrow(
      'Settings needs a newer console (ui >= 0.7.0, this console has 0.6.0)',
    );
    await expect(load).rejects.toMatchObject({ name: 'SkewError' });
    expect(registered()).toEqual([]);
    expect(runtime.loadRemote).not.toHaveBeenCalled();
  });

  it('an allowed override of this tab wins over remotes.json; its build.json gives version and needs', async () => {
    const { registry, versions, registered } = await fresh();
    const qa = 'http://localhost:5178/qa/mf-manifest.json';
    sessionStorage.setItem('manager.remoteOverrides', JSON.stringify({ settings: qa }));
    serve({
      '/remotes.json': released,
      '/qa/build.json': {
        name: 'mf-settings',
        version: '0.2.0',
        commit: 'qa1',
        builtAt: '2026-02-01T00:00:00.000Z',
        shared: { '@manager/ui': '0.5.0' },
      },
    });
    await registry.initRemotes('/remotes.json', { overrideOrigins: ['http://localhost:5178'] });
    expect(versions.getConsoleVersions().live.settings).toEqual({
      entry: qa,
      version: '0.2.0',
      commit: 'qa1',
      builtAt: '2026-02-01T00:00:00.000Z',
      requires: { '@manager/ui': '>=0.5.0 <1.0.0' },
      canary: false,
      override: true,
    });
    await registry.loadRemoteRoutes('settings', false);
    expect(registered()[0]?.remotes).toEqual([{ name: 'mf_settings', entry: qa }]);
    expect(versions.getConsoleVersions().loaded.settings).toMatchObject({ entry: qa, override: true });
  });

  it('an override without build.json: unknown version, nothing required', async () => {
    const { registry, versions } = await fresh();
    sessionStorage.setItem(
      'manager.remoteOverrides',
      JSON.stringify({ users: `${origin}/qa/mf-manifest.json` }),
    );
    serve({ '/remotes.json': manifest });
    await registry.initRemotes('/remotes.json', { overrideOrigins: [origin] });
    expect(versions.getConsoleVersions().live.users).toMatchObject({
      entry: `${origin}/qa/mf-manifest.json`,
      version: null,
      requires: {},
      override: true,
    });
  });

  it('a stored override the config does not allow is refused with a toast (once), and the live build loads', async () => {
    const { registry, versions, registered } = await fresh();
    const platform = await import('@manager/platform');
    sessionStorage.setItem(
      'manager.remoteOverrides',
      JSON.stringify({ settings: 'https://evil.example/mf-manifest.json' }),
    );
    serve({ '/remotes.json': released });
    await registry.initRemotes('/remotes.json', { overrideOrigins: [origin] });
    await registry.loadRemoteRoutes('settings', false);
    expect(platform.toast.error).toHaveBeenCalledTimes(1);
    expect(platform.toast.error).toHaveBeenCalledWith(
      'Override of Settings refused: https://evil.example is not allowed',
    );
    expect(registered()[0]?.remotes).toEqual([{ name: 'mf_settings', entry: LIVE }]);
    expect(versions.getConsoleVersions().loaded.settings?.override).toBe(false);
  });

  it('checkForUpdates reads remotes.json again and publishes the new live build; what runs stays', async () => {
    const { registry, versions } = await fresh();
    const files: Record<string, unknown> = { '/remotes.json': released };
    serve(files);
    await registry.initRemotes('/remotes.json');
    await registry.loadRemoteRoutes('settings', false);
    files['/remotes.json'] = {
      ...released,
      settings: { entry: 'releases/settings/0.1.0-cccccccc/mf-manifest.json', version: '0.1.0-cccccccc' },
    };
    await registry.checkForUpdates();
    const { loaded, live } = versions.getConsoleVersions();
    expect(live.settings?.entry).toBe(`${origin}/releases/settings/0.1.0-cccccccc/mf-manifest.json`);
    expect(loaded.settings?.entry).toBe(LIVE);
  });

  it('the same admin keeps the build this tab runs until the update is taken; the update loads the live one', async () => {
    const { registry, versions, registered } = await fresh();
    const files: Record<string, unknown> = { '/remotes.json': released };
    serve(files);
    await registry.initRemotes('/remotes.json');
    await registry.loadRemoteRoutes('settings', false);
    const NEXT = `${origin}/releases/settings/0.1.0-cccccccc/mf-manifest.json`;
    files['/remotes.json'] = {
      ...released,
      settings: { entry: 'releases/settings/0.1.0-cccccccc/mf-manifest.json' },
    };
    await registry.checkForUpdates();
    // Another mount of the area, the idle prefetch: still the build on screen.
    expect(registry.currentTarget('settings')?.entry).toBe(LIVE);
    await registry.loadRemoteRoutes('settings', false);
    expect(versions.getConsoleVersions().loaded.settings?.entry).toBe(LIVE);
    expect(registered()).toHaveLength(1);
    // Taking the update.
    await registry.loadRemoteRoutes('settings', true);
    expect(registered()[1]).toEqual({
      remotes: [{ name: 'mf_settings', entry: NEXT }],
      options: { force: true },
    });
    expect(versions.getConsoleVersions().loaded.settings?.entry).toBe(NEXT);
    expect(registry.currentTarget('settings')?.entry).toBe(NEXT);
  });

  it('a remote never loaded in this tab loads the live build of the last check', async () => {
    const { registry, registered } = await fresh();
    const files: Record<string, unknown> = { '/remotes.json': released };
    serve(files);
    await registry.initRemotes('/remotes.json');
    files['/remotes.json'] = {
      ...released,
      settings: { entry: 'releases/settings/0.1.0-cccccccc/mf-manifest.json' },
    };
    await registry.checkForUpdates();
    await registry.loadRemoteRoutes('settings', false);
    expect(registered()[0]?.remotes).toEqual([
      { name: 'mf_settings', entry: `${origin}/releases/settings/0.1.0-cccccccc/mf-manifest.json` },
    ]);
  });

  it('after a failed remotes.json, each remote is registered by its own first load', async () => {
    const { registry, registered } = await fresh();
    const fetch = vi.spyOn(globalThis, 'fetch').mockResolvedValueOnce(new Response('{}', { status: 503 }));
    await expect(registry.initRemotes('/remotes.json')).rejects.toThrow('HTTP 503');
    fetch.mockResolvedValue(new Response(JSON.stringify(manifest)));
    await registry.loadRemoteRoutes('users', false);
    await registry.loadRemoteRoutes('commerce', false);
    expect(registered().map(({ remotes }) => remotes.map((r) => r.name))).toEqual([
      ['mf_users'],
      ['mf_commerce'],
    ]);
  });

  it('a load started before Retry does not overwrite what Retry loaded', async () => {
    const { registry, runtime } = await fresh();
    vi.spyOn(globalThis, 'fetch').mockImplementation(async () => new Response(JSON.stringify(manifest)));
    await registry.initRemotes('/remotes.json');
    const stale = [{ path: '/old', title: 'Old', Component: () => null }];
    const current = [{ path: '/new', title: 'New', Component: () => null }];
    let finishOld!: (m: { default: typeof stale }) => void;
    vi.mocked(runtime.loadRemote)
      .mockReturnValueOnce(new Promise((resolve) => (finishOld = resolve)))
      .mockResolvedValueOnce({ default: current });
    const old = registry.loadRemoteRoutes('settings', false);
    await vi.waitFor(() => expect(runtime.loadRemote).toHaveBeenCalledTimes(1));
    await expect(registry.loadRemoteRoutes('settings', true)).resolves.toBe(current);
    finishOld({ default: stale });
    await old;
    expect(registry.loadedRemoteRoutes('settings')).toBe(current);
  });

  it('an answer of remotes.json older than the newest applied one is ignored', async () => {
    const { registry, versions } = await fresh();
    serve({ '/remotes.json': released });
    await registry.initRemotes('/remotes.json');
    const answers: ((r: Response) => void)[] = [];
    vi.spyOn(globalThis, 'fetch').mockImplementation(
      () => new Promise<Response>((resolve) => answers.push(resolve)),
    );
    const NEXT = 'releases/settings/0.1.0-cccccccc/mf-manifest.json';
    const check = registry.checkForUpdates();
    const update = registry.loadRemoteRoutes('settings', true);
    await vi.waitFor(() => expect(answers).toHaveLength(2));
    answers[1]!(new Response(JSON.stringify({ ...released, settings: { entry: NEXT } })));
    await update;
    // The first request answers last, with the file as it was before.
    answers[0]!(new Response(JSON.stringify(released)));
    await check;
    expect(versions.getConsoleVersions().live.settings?.entry).toBe(`${origin}/${NEXT}`);
    expect(registry.currentTarget('settings')?.entry).toBe(`${origin}/${NEXT}`);
  });

  it('a load that a fresh one overtook registers nothing after it and answers with the fresh one', async () => {
    const { registry, versions, registered } = await fresh();
    const NEXT = 'releases/settings/0.1.0-cccccccc/mf-manifest.json';
    let file: unknown = released;
    let answerBuild!: (r: Response) => void;
    const buildJson = new Promise<Response>((resolve) => (answerBuild = resolve));
    // An override of another remote: publishing `live` waits for its build.json.
    sessionStorage.setItem(
      'manager.remoteOverrides',
      JSON.stringify({ users: `${origin}/qa/mf-manifest.json` }),
    );
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) =>
      String(input).endsWith('/qa/build.json') ? buildJson : new Response(JSON.stringify(file)),
    );
    const init = registry.initRemotes('/remotes.json', { overrideOrigins: [origin] });
    const first = registry.loadRemoteRoutes('settings', false);
    await new Promise((r) => setTimeout(r, 20));
    file = { ...released, settings: { entry: NEXT } };
    const update = registry.loadRemoteRoutes('settings', true);
    await new Promise((r) => setTimeout(r, 20));
    answerBuild(new Response('{}', { status: 404 }));
    await init;
    await expect(update).resolves.toBe(routesTable);
    await expect(first).resolves.toBe(routesTable);
    expect(registered()).toEqual([
      { remotes: [{ name: 'mf_settings', entry: `${origin}/${NEXT}` }], options: { force: false } },
    ]);
    expect(versions.getConsoleVersions().loaded.settings?.entry).toBe(`${origin}/${NEXT}`);
  });

  it('refuses a module without a routes table', async () => {
    const { registry, runtime } = await fresh();
    serve({ '/remotes.json': manifest });
    vi.mocked(runtime.loadRemote).mockResolvedValue({ default: 'nope' });
    await expect(registry.loadRemoteRoutes('users' as RemoteName, false)).rejects.toThrow(
      'mf_users/routes has no routes table',
    );
  });
});
