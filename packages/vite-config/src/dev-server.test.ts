import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createServer as createViteServer, type ViteDevServer } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import apps from '../../contract/src/apps.json';
import { apiProxy, devEnv, devPort, devRemotes, devServer } from './dev-server.ts';

describe("a dev server's environment", () => {
  it("defaults to pnpm api's API and the development key, and PORT_OFFSET moves both the API and the ports", () => {
    expect(devEnv({})).toEqual({ apiUrl: 'http://127.0.0.1:3000', apiKey: 'local-dev-key', offset: 0 });
    expect(devEnv({ PORT_OFFSET: '20' }).apiUrl).toBe('http://127.0.0.1:3020');
    expect(devPort('users', { PORT_OFFSET: '20' })).toBe(apps.remotes.users.devPort + 20);
    expect(devPort('shell', {})).toBe(apps.shell.devPort);
    expect(devPort('shell', { PORT: '6000', PORT_OFFSET: '20' })).toBe(6000);
    expect(devPort('shell', { PORT: '0' })).toBe(0);
    expect(devPort('shell', { PORT: '' })).toBe(apps.shell.devPort);
  });

  it('takes API_URL without a trailing slash, and refuses what is not a URL or an offset', () => {
    expect(devEnv({ API_URL: 'http://api.test:8080/' }).apiUrl).toBe('http://api.test:8080');
    expect(() => devEnv({ API_URL: 'api:3000 ' })).toThrow(/API_URL must be a URL/);
    expect(() => devEnv({ PORT_OFFSET: '-1' })).toThrow(/PORT_OFFSET must be a whole number/);
  });

  it("lists each remote's dev server for the shell, on the page's host name", () => {
    expect(devRemotes('http://127.0.0.1:5193', { PORT_OFFSET: '20', PORT: '5193' })).toEqual(
      Object.fromEntries(
        Object.entries(apps.remotes).map(([name, app]) => [
          name,
          `http://127.0.0.1:${app.devPort + 20}/mf-manifest.json`,
        ]),
      ),
    );
  });

  it("passes only the API's paths on", () => {
    const [pattern] = Object.keys(apiProxy('http://127.0.0.1:3000'));
    const passes = (path: string) => new RegExp(pattern!).test(path);
    expect(
      ['/auth/login', '/manager/users?page=1', '/uploads/a.png', '/manager', '/manager?x=1'].every(passes),
    ).toBe(true);
    expect(['/authors', '/users/list', '/managers', '/', '/config.json'].some(passes)).toBe(false);
  });
});

describe('a dev server in front of an API', () => {
  let api: Server;
  let vite: ViteDevServer;
  let origin: string;
  const seen: { url?: string; key?: string | string[] }[] = [];

  beforeAll(async () => {
    api = createServer((req, res) => {
      seen.push({ url: req.url, key: req.headers['x-api-key'] });
      res.setHeader('Content-Type', 'application/json');
      res.end(JSON.stringify({ from: 'api', url: req.url }));
    });
    await new Promise<void>((resolve) => api.listen(0, '127.0.0.1', resolve));
    const apiUrl = `http://127.0.0.1:${(api.address() as AddressInfo).port}`;
    const saved = { ...process.env };
    Object.assign(process.env, { API_URL: apiUrl, API_KEY: 'team-key', PORT: '0' });
    delete process.env.PORT_OFFSET;
    try {
      vite = await createViteServer({
        configFile: false,
        root: new URL('.', import.meta.url).pathname,
        logLevel: 'silent',
        plugins: [devServer('shell')],
      });
    } finally {
      process.env = saved;
    }
    await vite.listen();
    origin = `http://127.0.0.1:${(vite.httpServer!.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    await vite?.close();
    await new Promise((resolve) => api?.close(resolve));
  });

  it('answers config.json with its own origin as the API, and the key from the environment', async () => {
    const config = await (await fetch(`${origin}/config.json`)).json();
    expect(config).toMatchObject({
      apiBaseUrl: origin,
      apiKey: 'team-key',
      uploadsBaseUrl: `${origin}/uploads/`,
    });
  });

  it('passes a call on to the API and returns its answer', async () => {
    const answer = await fetch(`${origin}/manager/users?page=2`, { headers: { 'x-api-key': 'team-key' } });
    expect(await answer.json()).toEqual({ from: 'api', url: '/manager/users?page=2' });
    expect(seen.at(-1)).toEqual({ url: '/manager/users?page=2', key: 'team-key' });
  });

  it("answers the shell's remotes.json with the remotes' dev servers", async () => {
    const remotes = (await (await fetch(`${origin}/remotes.json`)).json()) as Record<string, string>;
    expect(Object.keys(remotes)).toEqual(Object.keys(apps.remotes));
    expect(remotes.users).toBe(`http://127.0.0.1:${apps.remotes.users.devPort}/mf-manifest.json`);
  });

  it("under `vite preview` the shell's remotes.json names the remotes' preview ports", () => {
    expect(devRemotes('http://localhost:4173', {}, 'preview').settings).toBe(
      `http://localhost:${apps.remotes.settings.port}/mf-manifest.json`,
    );
  });
});
