import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { RELEASE_BUILT_IN, type AreaInfo, type ReleaseNotice } from '@manager/contract';
import { afterEach, describe, expect, it } from 'vitest';
import { ReleaseError } from '../src/errors';
import { announceOverHttp } from '../src/release-notice';
import { verify } from '../src/verify';
import { cli, fakeRelease, inbox, readHistoryFile, readLiveFile, snapshot, tempWorkspace } from './helpers';

const V1 = '0.1.0-aaaaaaaa';
const V2 = '0.1.0-bbbbbbbb';
const V3 = '0.1.0-cccccccc';

/** A workspace whose console keeps what it is told, with releases V1..V3 of settings. */
function listening() {
  const { announce, told } = inbox();
  const ws = { ...tempWorkspace(), announce };
  for (const v of [V1, V2, V3]) fakeRelease(ws, 'settings', v);
  return { ws, told };
}

describe("promote and rollback tell the console's inbox", () => {
  it('a promote tells once what is live for everyone; one that changed nothing tells nothing', async () => {
    const { ws, told } = listening();
    expect(await cli(ws, 'promote', 'settings', V1)).toMatchObject({ code: 0, err: '' });
    expect(told).toEqual([{ area: 'settings', version: V1, change: 'promoted' }]);
    expect((await cli(ws, 'promote', 'settings', V1)).out).toContain('nothing changed');
    expect(told).toHaveLength(1);
  });

  it('a canary names its admins, who alone got it; promoted for everyone, it tells everyone', async () => {
    const { ws, told } = listening();
    await cli(ws, 'promote', 'settings', V1);
    await cli(ws, 'promote', 'settings', V2, '--canary', 'admin2fa,qa');
    await cli(ws, 'promote', 'settings', V2);
    expect(told.slice(1)).toEqual([
      { area: 'settings', version: V2, change: 'promoted', canary: ['admin2fa', 'qa'] },
      { area: 'settings', version: V2, change: 'promoted' },
    ]);
  });

  it('a rollback tells the version live now', async () => {
    const { ws, told } = listening();
    for (const v of [V1, V2, V3]) await cli(ws, 'promote', 'settings', v);
    expect((await cli(ws, 'rollback', 'settings')).code).toBe(0);
    expect(told.at(-1)).toEqual({ area: 'settings', version: V2, change: 'rolled-back' });
    await cli(ws, 'rollback', 'settings');
    expect(told.at(-1)).toEqual({ area: 'settings', version: V1, change: 'rolled-back' });
    expect(told).toHaveLength(5);
  });

  it("a canary's rollback tells its admins what they run again", async () => {
    const { ws, told } = listening();
    await cli(ws, 'promote', 'settings', V1);
    await cli(ws, 'promote', 'settings', V2, '--canary', 'admin2fa');
    await cli(ws, 'rollback', 'settings');
    expect(told.at(-1)).toEqual({
      area: 'settings',
      version: V1,
      change: 'rolled-back',
      canary: ['admin2fa'],
    });

    // Over the console's own build (a remote never promoted), that build is what they run again.
    fakeRelease(ws, 'users', '0.1.0-11111111');
    await cli(ws, 'promote', 'users', '0.1.0-11111111', '--canary', 'qa');
    await cli(ws, 'rollback', 'users');
    expect(told.at(-1)).toEqual({
      area: 'users',
      version: RELEASE_BUILT_IN,
      change: 'rolled-back',
      canary: ['qa'],
    });
  });

  it('an area from outside the console taken down is told as rolled back to none', async () => {
    const area: AreaInfo = {
      label: 'Outside',
      permission: 'dashboard.read',
      pages: [{ path: '/outside/balances', title: 'Balances' }],
    };
    const { ws, told } = listening();
    fakeRelease(ws, 'outside', '0.1.0-aaaa1111', { area });
    await cli(ws, 'promote', 'outside', '0.1.0-aaaa1111');
    expect((await cli(ws, 'rollback', 'outside')).out).toContain('taken down');
    expect(told.at(-1)).toEqual({ area: 'outside', version: 'none', change: 'rolled-back' });
  });

  it('a refused promote or rollback tells nothing, nor does the pin verify makes', async () => {
    const { ws, told } = listening();
    expect((await cli(ws, 'rollback', 'settings')).code).toBe(1);
    expect((await cli(ws, 'promote', 'settings', V1, '--canary', 'admn2fa')).code).toBe(1);
    await cli(ws, 'promote', 'settings', V1);
    const green = () => ({ passed: 1, failed: 0, flaky: 0, skipped: 0 });
    expect((await verify(ws, 'settings', V2, green, 'suite1234567')).passed).toBe(true);
    expect(told).toEqual([{ area: 'settings', version: V1, change: 'promoted' }]);
  });

  it('an inbox that cannot be told is a warning: the promote and the rollback are done, exit 0', async () => {
    const ws = tempWorkspace();
    const failing = {
      ...ws,
      announce: async () => {
        throw new ReleaseError('http://127.0.0.1:3000/releases/notices answered HTTP 500');
      },
    };
    fakeRelease(ws, 'settings', V1);
    fakeRelease(ws, 'settings', V2);
    const warning =
      "warning: the console's inbox was not told: http://127.0.0.1:3000/releases/notices answered HTTP 500";
    expect(await cli(failing, 'promote', 'settings', V1)).toEqual({
      code: 0,
      out: `settings ${V1} is live for everyone`,
      err: warning,
    });
    expect(await cli(failing, 'promote', 'settings', V2)).toMatchObject({ code: 0, err: warning });
    expect(readLiveFile(ws).settings.version).toBe(V2);
    expect(await cli(failing, 'rollback', 'settings')).toEqual({
      code: 0,
      out: `settings is back to ${V1} for everyone (${V2} taken down)`,
      err: warning,
    });
    expect(readLiveFile(ws).settings.version).toBe(V1);
    expect(readHistoryFile(ws, 'settings').events.map((e: { action: string }) => e.action)).toEqual([
      'promote',
      'promote',
      'rollback',
    ]);

    // Not even an unexpected error undoes a release that is live: still a warning.
    const broken = { ...ws, announce: () => Promise.reject(new TypeError('x is not a function')) };
    expect(await cli(broken, 'promote', 'settings', V2)).toMatchObject({
      code: 0,
      err: "warning: the console's inbox was not told: x is not a function",
    });
  });

  it("the warning comes after the promote's own", async () => {
    const ws = {
      ...tempWorkspace(),
      announce: async () => {
        throw new ReleaseError('down');
      },
    };
    fakeRelease(ws, 'settings', V1, { verified: false });
    const forced = await cli(ws, 'promote', 'settings', V1, '--force');
    expect(forced.code).toBe(0);
    expect(forced.err.split('\n')).toEqual([
      expect.stringMatching(/^warning: promoted unverified: /),
      "warning: the console's inbox was not told: down",
    ]);
  });
});

describe("the notice over HTTP (the API's side: packages/api, release-routes.test.ts)", () => {
  const servers: http.Server[] = [];
  afterEach(async () => {
    for (const s of servers) s.closeAllConnections();
    await Promise.all(servers.splice(0).map((s) => new Promise((resolve) => s.close(resolve))));
  });

  /** An API on loopback answering the route with `status` and `body` (or never); records what it was sent. */
  async function api(status: number | 'never', body: unknown = {}) {
    const seen: { authorization?: string; type?: string; body: unknown }[] = [];
    const server = http.createServer((req, res) => {
      let text = '';
      req.on('data', (c: Buffer) => (text += c.toString()));
      req.on('end', () => {
        if (req.method === 'POST' && req.url === '/releases/notices')
          seen.push({
            authorization: req.headers.authorization,
            type: req.headers['content-type'],
            body: JSON.parse(text),
          });
        if (status === 'never') return;
        res.writeHead(req.url === '/releases/notices' ? status : 404, { 'content-type': 'application/json' });
        res.end(JSON.stringify(body));
      });
    });
    servers.push(server);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, seen };
  }

  it('sends the notice with the release token and takes the receipt', async () => {
    const { url, seen } = await api(200, { code: 0, message: 'Success', data: { told: 3 } });
    const notice: ReleaseNotice = { area: 'settings', version: V2, change: 'promoted', canary: ['admin2fa'] };
    await expect(announceOverHttp(`${url}/`, 'the-token')(notice)).resolves.toBeUndefined();
    expect(seen).toEqual([
      {
        authorization: 'Bearer the-token',
        type: 'application/json',
        body: { area: 'settings', version: V2, change: 'promoted', canary: ['admin2fa'] },
      },
    ]);
  });

  it.each([
    [
      401,
      { message: 'Invalid release token' },
      "refused the release token (set RELEASES_TOKEN to the API's)",
    ],
    [
      404,
      { message: 'Not found' },
      'has no release notices route (set RELEASES_TOKEN on the API, or update it)',
    ],
    [500, { message: 'Internal error' }, 'answered HTTP 500: Internal error'],
    [200, '<html>', "answered something else than the API's receipt"],
  ])('HTTP %i is a ReleaseError saying what to do', async (status, body, why) => {
    const { url } = await api(status, body);
    const told = announceOverHttp(url, 't')({ area: 'settings', version: V1, change: 'rolled-back' });
    await expect(told).rejects.toThrow(ReleaseError);
    await expect(told).rejects.toThrow(`${url}/releases/notices ${why}`);
  });

  it('an API that is not running, or does not answer in time, is a ReleaseError too', async () => {
    const { url } = await api(200);
    await new Promise((resolve) => servers.pop()!.close(resolve));
    const notice = { area: 'settings', version: V1, change: 'promoted' } as const;
    await expect(announceOverHttp(url, 't')(notice)).rejects.toThrow(
      `${url}/releases/notices did not answer (ECONNREFUSED; start the API, or set CONSOLE_API_URL and RELEASES_TOKEN)`,
    );
    const silent = await api('never');
    await expect(announceOverHttp(silent.url, 't', 200)(notice)).rejects.toThrow(
      `${silent.url}/releases/notices did not answer (no answer within 0.2 s; start the API`,
    );
  });

  it('a notice the API would refuse is not sent', async () => {
    const { url, seen } = await api(200, { data: { told: 0 } });
    const long = { area: 'settings', version: 'x'.repeat(65), change: 'promoted' } as const;
    await expect(announceOverHttp(url, 't')(long)).rejects.toThrow(
      /^the notice of settings x+ is not one the API takes \(version: /,
    );
    expect(seen).toEqual([]);
  });

  it('through the CLI, a refused token is a warning after a promote that is done', async () => {
    const { url, seen } = await api(401, { message: 'Invalid release token' });
    const ws = { ...tempWorkspace(), announce: announceOverHttp(url, 'wrong') };
    fakeRelease(ws, 'settings', V1);
    const before = snapshot(ws.dir);
    const result = await cli(ws, 'promote', 'settings', V1);
    expect(result).toEqual({
      code: 0,
      out: `settings ${V1} is live for everyone`,
      err: `warning: the console's inbox was not told: ${url}/releases/notices refused the release token (set RELEASES_TOKEN to the API's)`,
    });
    expect(snapshot(ws.dir)).not.toEqual(before);
    expect(readLiveFile(ws).settings.version).toBe(V1);
    expect(seen).toHaveLength(1);
  });
});
