import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../src/layout';
import { fakeRelease, snapshot, tempWorkspace } from './helpers';

/** The CLI as `pnpm release|promote|rollback|releases` runs it (package.json scripts). */
function bin(env: Record<string, string>, ...argv: string[]) {
  const result = spawnSync(
    process.execPath,
    [path.join(REPO_ROOT, 'packages/releases/bin/cli.mjs'), ...argv],
    {
      cwd: REPO_ROOT,
      encoding: 'utf8',
      env: { ...process.env, ...env },
    },
  );
  return { code: result.status, out: result.stdout.trim(), err: result.stderr.trim() };
}

/**
 * A console API that is not running: a loopback port just freed. The binary never tells an API
 * the developer may have running (a notice would land in its admins' inboxes).
 */
async function closedApi(): Promise<string> {
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return `http://127.0.0.1:${port}`;
}

describe('the release CLI binary', () => {
  it('runs from the root scripts with RELEASES_DIR and CONSOLE_BUILD_JSON', async () => {
    const scripts = JSON.parse(fs.readFileSync(path.join(REPO_ROOT, 'package.json'), 'utf8')).scripts;
    for (const command of ['release', 'verify', 'promote', 'rollback', 'releases']) {
      expect(scripts[command]).toBe(`node packages/releases/bin/cli.mjs ${command}`);
    }
    const ws = tempWorkspace();
    fakeRelease(ws, 'settings', '0.1.0-aaaaaaaa');
    const api = await closedApi();
    const env = { RELEASES_DIR: ws.dir, CONSOLE_BUILD_JSON: ws.consoleBuildJson, CONSOLE_API_URL: api };
    // Promoted all the same: an API that cannot be told is a warning, the exit code stays 0.
    expect(bin(env, 'promote', 'settings', '0.1.0-aaaaaaaa')).toEqual({
      code: 0,
      out: 'settings 0.1.0-aaaaaaaa is live for everyone',
      err: `warning: the console's inbox was not told: ${api}/releases/notices did not answer (ECONNREFUSED; start the API, or set CONSOLE_API_URL and RELEASES_TOKEN)`,
    });
    expect(JSON.parse(fs.readFileSync(path.join(ws.dir, 'remotes.json'), 'utf8')).settings.version).toBe(
      '0.1.0-aaaaaaaa',
    );
  });

  it('exits 1 with one clear line for bad input, and changes nothing', async () => {
    const ws = tempWorkspace();
    fakeRelease(ws, 'settings', '0.1.0-aaaaaaaa');
    const env = {
      RELEASES_DIR: ws.dir,
      CONSOLE_BUILD_JSON: ws.consoleBuildJson,
      CONSOLE_API_URL: await closedApi(),
    };
    const before = snapshot(ws.dir);
    expect(bin(env, 'promote', 'setings', '0.1.0-aaaaaaaa')).toEqual({
      code: 1,
      out: '',
      err: 'unknown remote "setings": one of users, commerce, transactions, engagement, settings, or a remote released from its own folder',
    });
    expect(bin(env, 'promote', 'settings', '0.1.0-ffffffff')).toMatchObject({
      code: 1,
      err: 'settings has no release 0.1.0-ffffffff (pnpm releases settings lists them)',
    });
    expect(bin(env, 'rollback', 'settings')).toMatchObject({
      code: 1,
      err: 'settings has no earlier release to roll back to',
    });
    expect(bin(env, 'release', 'nope')).toMatchObject({
      code: 1,
      err: 'unknown remote "nope": one of users, commerce, transactions, engagement, settings, or a remote released from its own folder',
    });
    expect(snapshot(ws.dir)).toEqual(before);
  });
});
