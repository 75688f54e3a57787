import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { canaryAdminsOverHttp } from '../src/canary-admins';
import { cli, fakeRelease, knownAdmins, readLiveFile, snapshot, tempWorkspace } from './helpers';

describe('promote --canary checks the names against the console', () => {
  it('refuses a typo, naming it and the spelling that exists, writing nothing', async () => {
    const ws = tempWorkspace();
    fakeRelease(ws, 'settings', '0.1.0-aaaaaaaa');
    fakeRelease(ws, 'settings', '0.1.0-bbbbbbbb');
    await cli(ws, 'promote', 'settings', '0.1.0-aaaaaaaa');
    const before = snapshot(ws.dir);
    const refused = await cli(ws, 'promote', 'settings', '0.1.0-bbbbbbbb', '--canary', 'admin2fa,admn2fa,QA');
    expect(refused).toMatchObject({
      code: 1,
      err: 'no administrator is named admn2fa, QA (did you mean qa?): a canary reaches admins by their exact username\npromote --force promotes it anyway',
    });
    expect(snapshot(ws.dir)).toEqual(before);
    expect((await cli(ws, 'promote', 'settings', '0.1.0-bbbbbbbb', '--canary', 'admin2fa,qa')).code).toBe(0);
    expect(readLiveFile(ws).settings.canary.admins).toEqual(['admin2fa', 'qa']);
  });

  it('refuses a disabled admin: the canary would reach nobody there', async () => {
    const ws = { ...tempWorkspace(), canaryAdmins: knownAdmins(['admin'], ['gone']) };
    fakeRelease(ws, 'settings', '0.1.0-bbbbbbbb');
    const refused = await cli(ws, 'promote', 'settings', '0.1.0-bbbbbbbb', '--canary', 'gone');
    expect(refused.err).toContain('gone is disabled: the canary would reach nobody there');
    expect(snapshot(ws.dir)).not.toHaveProperty('remotes.json');
  });

  it('a promote for everyone asks nothing', async () => {
    const ws = {
      ...tempWorkspace(),
      canaryAdmins: async () => {
        throw new Error('not asked');
      },
    };
    fakeRelease(ws, 'settings', '0.1.0-aaaaaaaa');
    expect((await cli(ws, 'promote', 'settings', '0.1.0-aaaaaaaa')).code).toBe(0);
  });
});

describe("the question over HTTP (the API's side: packages/api, release-routes.test.ts)", () => {
  const servers: http.Server[] = [];
  afterEach(async () => {
    await Promise.all(servers.splice(0).map((s) => new Promise((resolve) => s.close(resolve))));
  });

  /** An API on loopback answering the route with `status` and `body`; records what it was sent. */
  async function api(status: number, body: unknown) {
    const seen: { authorization?: string; body: unknown }[] = [];
    const server = http.createServer((req, res) => {
      let text = '';
      req.on('data', (c: Buffer) => (text += c.toString()));
      req.on('end', () => {
        if (req.method === 'POST' && req.url === '/releases/canary-admins')
          seen.push({ authorization: req.headers.authorization, body: JSON.parse(text) });
        res.writeHead(req.url === '/releases/canary-admins' ? status : 404, {
          'content-type': 'application/json',
        });
        res.end(JSON.stringify(body));
      });
    });
    servers.push(server);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, seen };
  }

  it('sends the names with the release token and reads the answer', async () => {
    const answer = { unknown: [{ username: 'x' }], disabled: [] };
    const { url, seen } = await api(200, { code: 0, message: 'Success', data: answer });
    expect(await canaryAdminsOverHttp(`${url}/`, 'the-token')(['x', 'admin'])).toEqual(answer);
    expect(seen).toEqual([{ authorization: 'Bearer the-token', body: { usernames: ['x', 'admin'] } }]);
  });

  it.each([
    [401, "refused the release token (set RELEASES_TOKEN to the API's)"],
    [404, 'has no release route (set RELEASES_TOKEN on the API)'],
    [500, 'answered HTTP 500'],
  ])('HTTP %i is refused, saying what to do (--force promotes anyway)', async (status, why) => {
    const { url } = await api(status, { message: 'no' });
    const ws = { ...tempWorkspace(), canaryAdmins: canaryAdminsOverHttp(url, 't') };
    fakeRelease(ws, 'settings', '0.1.0-bbbbbbbb');
    const refused = await cli(ws, 'promote', 'settings', '0.1.0-bbbbbbbb', '--canary', 'admin2fa');
    expect(refused.code).toBe(1);
    expect(refused.err).toContain(
      `cannot check the canary's admins against the console's API: ${url}/releases/canary-admins ${why}`,
    );
    expect(snapshot(ws.dir)).not.toHaveProperty('remotes.json');
    const forced = await cli(ws, 'promote', 'settings', '0.1.0-bbbbbbbb', '--canary', 'admin2fa', '--force');
    expect(forced.code).toBe(0);
    expect(forced.err).toContain('warning: the canary misses admins: cannot check');
  });

  it('an API that is not running is refused with how to point at one', async () => {
    const { url } = await api(200, {});
    await new Promise((resolve) => servers.pop()!.close(resolve));
    await expect(canaryAdminsOverHttp(url, 't')(['a'])).rejects.toThrow(
      `${url}/releases/canary-admins did not answer (ECONNREFUSED; start the API, or set CONSOLE_API_URL and RELEASES_TOKEN)`,
    );
  });
});
