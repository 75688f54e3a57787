import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import {
  CONSOLE_SHARED,
  cli,
  fakeRelease,
  readHistoryFile,
  readLiveFile,
  snapshot,
  tempWorkspace,
} from './helpers';

const servers: http.Server[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => new Promise((resolve) => s.close(resolve))));
});

/** A console on loopback answering `/build.json` with `status` and `body`; its base URL. */
async function liveConsole(status: number, body: string): Promise<string> {
  const server = http.createServer((req, res) => {
    res.writeHead(req.url === '/build.json' ? status : 404, { 'content-type': 'application/json' });
    res.end(req.url === '/build.json' ? body : '{}');
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

describe('promote checks the release against the live console', () => {
  const newerUi = { react: '19.3.1', '@manager/ui': '0.99.0', '@manager/platform': '0.5.0' };

  it("refuses a release built against a newer ui than the console, in the shell's words, writing nothing", async () => {
    const ws = tempWorkspace();
    fakeRelease(ws, 'settings', '0.1.0-aaaaaaaa');
    fakeRelease(ws, 'settings', '0.1.0-99999999', { shared: newerUi });
    await cli(ws, 'promote', 'settings', '0.1.0-aaaaaaaa');
    const before = snapshot(ws.dir);
    const result = await cli(ws, 'promote', 'settings', '0.1.0-99999999');
    expect(result.code).toBe(1);
    expect(result.err).toBe(
      'Settings needs a newer console (ui >= 0.99.0, this console has 0.6.0)\npromote --force promotes it anyway',
    );
    expect(snapshot(ws.dir)).toEqual(before);
    // A canary is checked the same way.
    expect((await cli(ws, 'promote', 'settings', '0.1.0-99999999', '--canary', 'admin2fa')).code).toBe(1);
    expect(snapshot(ws.dir)).toEqual(before);
  });

  it('--force promotes it anyway, warns, and the history says it was forced', async () => {
    const ws = tempWorkspace();
    fakeRelease(ws, 'settings', '0.1.0-99999999', { shared: newerUi });
    const result = await cli(ws, 'promote', 'settings', '0.1.0-99999999', '--force');
    expect(result).toMatchObject({ code: 0, out: 'settings 0.1.0-99999999 is live for everyone' });
    expect(result.err).toBe(
      'warning: promoted over the skew check: Settings needs a newer console (ui >= 0.99.0, this console has 0.6.0)',
    );
    expect(readLiveFile(ws).settings.requires['@manager/ui']).toBe('>=0.99.0 <1.0.0');
    expect(readHistoryFile(ws, 'settings').events[0]).toMatchObject({ action: 'promote', forced: true });
  });

  it('reads the console from CONSOLE_BUILD_JSON; without one it refuses unless forced', async () => {
    const ws = { ...tempWorkspace(), consoleBuildJson: '/nonexistent/build.json' };
    fakeRelease(ws, 'settings', '0.1.0-aaaaaaaa');
    const result = await cli(ws, 'promote', 'settings', '0.1.0-aaaaaaaa');
    expect(result.code).toBe(1);
    expect(result.err).toContain(
      'cannot check settings against the live console: no /nonexistent/build.json',
    );
    expect(snapshot(ws.dir)).not.toHaveProperty('remotes.json');
    expect((await cli(ws, 'promote', 'settings', '0.1.0-aaaaaaaa', '--force')).code).toBe(0);
  });

  it("reads the live console's build.json from a URL as well as a file", async () => {
    const build = { name: 'shell', version: '0.1.0', commit: 'abc', builtAt: '2026-01-01T00:00:00.000Z' };
    const older = await liveConsole(
      200,
      JSON.stringify({ ...build, shared: { ...CONSOLE_SHARED, '@manager/ui': '0.5.0' } }),
    );
    const ws = { ...tempWorkspace(), consoleBuildJson: `${older}/build.json` };
    fakeRelease(ws, 'settings', '0.1.0-aaaaaaaa');
    const refused = await cli(ws, 'promote', 'settings', '0.1.0-aaaaaaaa');
    expect(refused.code).toBe(1);
    expect(refused.err).toContain('Settings needs a newer console (ui >= 0.6.0, this console has 0.5.0)');
    expect(snapshot(ws.dir)).not.toHaveProperty('remotes.json');

    const current = await liveConsole(200, JSON.stringify({ ...build, shared: CONSOLE_SHARED }));
    const promoted = await cli(
      { ...ws, consoleBuildJson: `${current}/build.json` },
      'promote',
      'settings',
      '0.1.0-aaaaaaaa',
    );
    expect(promoted).toMatchObject({ code: 0, out: 'settings 0.1.0-aaaaaaaa is live for everyone', err: '' });
  });

  it('a console URL that fails or answers no build.json is refused with what happened, unless forced', async () => {
    const ws = tempWorkspace();
    fakeRelease(ws, 'settings', '0.1.0-aaaaaaaa');
    const missing = `${await liveConsole(404, '{}')}/build.json`;
    const notFound = await cli({ ...ws, consoleBuildJson: missing }, 'promote', 'settings', '0.1.0-aaaaaaaa');
    expect(notFound.code).toBe(1);
    expect(notFound.err).toContain(
      `cannot check settings against the live console: ${missing} answered HTTP 404`,
    );

    const html = `${await liveConsole(200, '<html>')}/build.json`;
    const notJson = await cli({ ...ws, consoleBuildJson: html }, 'promote', 'settings', '0.1.0-aaaaaaaa');
    expect(notJson.err).toContain('its build.json is not a build.json');

    // Nothing listens on a port just freed.
    const gone = await liveConsole(200, '{}');
    await new Promise((resolve) => servers.pop()!.close(resolve));
    const down = await cli(
      { ...ws, consoleBuildJson: `${gone}/build.json` },
      'promote',
      'settings',
      '0.1.0-aaaaaaaa',
    );
    expect(down.err).toContain(`${gone}/build.json did not answer (ECONNREFUSED`);
    expect(snapshot(ws.dir)).not.toHaveProperty('remotes.json');
    expect(
      (
        await cli(
          { ...ws, consoleBuildJson: `${gone}/build.json` },
          'promote',
          'settings',
          '0.1.0-aaaaaaaa',
          '--force',
        )
      ).code,
    ).toBe(0);
  });
});
