import fs from 'node:fs';
import path from 'node:path';
import { runtimeConfigSchema, remotesManifestSchema } from '@manager/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runtimeConfig, servedRemotes } from '@manager/stack/served';
import { createStaticServer } from '@manager/stack/static-server';
import { cli, fakeRelease, tempWorkspace } from './helpers';

/**
 * The console's static server of `pnpm start` and the Playwright stack: releases served as a
 * CDN would (immutable), the live pointer and build.json revalidated on every load.
 */
const ws = tempWorkspace();
const shellDist = path.join(ws.dir, '..', 'shell-dist');
const settingsDist = path.join(ws.dir, '..', 'settings-dist');
const IMMUTABLE = 'public, max-age=31536000, immutable';
let server: ReturnType<typeof createStaticServer>;
let base: string;

beforeAll(async () => {
  fs.mkdirSync(path.join(shellDist, 'assets'), { recursive: true });
  fs.writeFileSync(path.join(shellDist, 'index.html'), '<!doctype html><title>console</title>');
  fs.writeFileSync(path.join(shellDist, 'build.json'), '{"name":"shell"}');
  fs.writeFileSync(path.join(shellDist, 'assets/index-abc.js'), 'console.log(1)');
  fs.mkdirSync(settingsDist, { recursive: true });
  fs.writeFileSync(
    path.join(settingsDist, 'build.json'),
    JSON.stringify({
      name: 'mf-settings',
      version: '0.1.0',
      commit: 'abc123',
      builtAt: '2026-01-01T00:00:00.000Z',
      shared: {},
    }),
  );
  const v = fakeRelease(ws, 'users', '0.1.0-11111111');
  fs.writeFileSync(path.join(ws.dir, 'users', v.version, 'remoteEntry.js'), 'export const get = 1;');
  fs.mkdirSync(path.join(ws.dir, 'users', v.version, 'assets'));
  fs.writeFileSync(path.join(ws.dir, 'users', v.version, 'assets/page-x.js'), 'export default 1;');
  expect((await cli(ws, 'promote', 'users', v.version)).code).toBe(0);

  const workingTree = {
    users: { origin: 'http://localhost:4174', dist: path.join(ws.dir, '..', 'users-dist') },
    settings: { origin: 'http://localhost:4178', dist: settingsDist },
  };
  server = createStaticServer({
    root: shellDist,
    host: '127.0.0.1',
    port: 0,
    spa: true,
    dynamic: { '/remotes.json': () => servedRemotes({ releasesDir: ws.dir, workingTree }) },
    mounts: { '/releases/': ws.dir },
  });
  await server.start();
  base = `http://127.0.0.1:${server.port}`;
});

afterAll(() => server.stop());

const get = (p: string, headers: Record<string, string> = {}) => fetch(`${base}${p}`, { headers });

describe('the console static server', () => {
  it.each(['mf-manifest.json', 'remoteEntry.js', 'assets/page-x.js', 'release.json'])(
    'serves /releases/<remote>/<version>/%s as immutable (a version folder never changes)',
    async (file) => {
      const res = await get(`/releases/users/0.1.0-11111111/${file}`);
      expect(res.status).toBe(200);
      expect(res.headers.get('cache-control')).toBe(IMMUTABLE);
      expect(res.headers.get('access-control-allow-origin')).toBe('*');
    },
  );

  it('compresses release files like the rest', async () => {
    const res = await get('/releases/users/0.1.0-11111111/remoteEntry.js', { 'accept-encoding': 'gzip' });
    expect(res.headers.get('content-encoding')).toBe('gzip');
    expect(await res.text()).toBe('export const get = 1;');
  });

  it.each([
    '/releases/remotes.json',
    '/releases/users/history.json',
    '/releases/.lock',
    '/releases/users/0.1.0-11111111/missing.js',
    '/releases/users/0.1.0-11111111',
    '/releases/users/0.1.0-11111111/',
    '/releases/users/0.1.0-11111111/..%2f..%2fremotes.json',
    '/releases/users/..%2fusers/0.1.0-11111111/remoteEntry.js',
    '/releases/.staging/users-1/remoteEntry.js',
    '/releases/users/0.1.0-11111111/%E0%A4%A',
  ])('answers %s with 404, never the pointer, the history, dot-names or the SPA page', async (p) => {
    const res = await get(p);
    expect(res.status).toBe(404);
    expect(await res.text()).not.toContain('<title>console</title>');
  });

  it('answers a path that does not decode with 400 and keeps serving', async () => {
    expect((await get('/assets/%E0%A4%A')).status).toBe(400);
    expect((await get('/build.json')).status).toBe(200);
  });

  it('serves build.json and remotes.json with no-cache, hashed assets as immutable', async () => {
    expect((await get('/build.json')).headers.get('cache-control')).toBe('no-cache');
    expect((await get('/remotes.json')).headers.get('cache-control')).toBe('no-cache');
    expect((await get('/assets/index-abc.js')).headers.get('cache-control')).toBe(IMMUTABLE);
  });

  it('serves remotes.json as the live pointer merged over the working tree builds', async () => {
    const body = (await (await get('/remotes.json')).json()) as { users: { entry: string } };
    expect(body).toEqual({
      users: expect.objectContaining({
        entry: 'releases/users/0.1.0-11111111/mf-manifest.json',
        version: '0.1.0-11111111',
      }),
      settings: {
        entry: 'http://localhost:4178/mf-manifest.json',
        version: '0.1.0',
        commit: 'abc123',
        builtAt: '2026-01-01T00:00:00.000Z',
      },
    });
    // The entry resolves beside /remotes.json, where /releases/ is served.
    expect(new URL(body.users.entry, `${base}/remotes.json`).href).toBe(
      `${base}/releases/users/0.1.0-11111111/mf-manifest.json`,
    );
    expect(remotesManifestSchema.partial().safeParse(body).success).toBe(true);
  });

  it("merges a canary of a remote never promoted over the working tree's build", async () => {
    fakeRelease(ws, 'settings', '0.1.0-cccccccc');
    await cli(ws, 'promote', 'settings', '0.1.0-cccccccc', '--canary', 'admin2fa');
    try {
      const body = (await (await get('/remotes.json')).json()) as { settings: unknown };
      expect(body.settings).toEqual({
        entry: 'http://localhost:4178/mf-manifest.json',
        version: '0.1.0',
        commit: 'abc123',
        builtAt: '2026-01-01T00:00:00.000Z',
        canary: expect.objectContaining({
          entry: 'releases/settings/0.1.0-cccccccc/mf-manifest.json',
          admins: ['admin2fa'],
        }),
      });
      // What the shell reads: valid as remotes.json.
      expect(remotesManifestSchema.partial().safeParse(body).success).toBe(true);
    } finally {
      await cli(ws, 'rollback', 'settings');
    }
  });

  it('reads the live pointer on every request: a promote shows at once', async () => {
    fakeRelease(ws, 'users', '0.1.0-22222222');
    await cli(ws, 'promote', 'users', '0.1.0-22222222');
    const body = (await (await get('/remotes.json')).json()) as { users: { version: string } };
    expect(body.users.version).toBe('0.1.0-22222222');
  });
});

describe('what the stack serves', () => {
  it('remotes.json without a live pointer: every remote from its own server', async () => {
    const served = servedRemotes({
      releasesDir: '/nonexistent',
      workingTree: { users: { origin: 'http://localhost:4174', dist: '/nonexistent/dist' } },
    });
    expect(served).toEqual({ users: { entry: 'http://localhost:4174/mf-manifest.json' } });
  });

  it('config.json allows overrides from the console origin only, and matches the schema', async () => {
    const config = runtimeConfig({
      env: {},
      apiOrigin: 'http://localhost:3000',
      consoleOrigin: 'http://localhost:4173',
      apiKey: 'k',
    });
    expect(config.remoteOverrideOrigins).toEqual(['http://localhost:4173']);
    expect(runtimeConfigSchema.parse(config).remoteOverrideOrigins).toEqual(['http://localhost:4173']);
  });
});
