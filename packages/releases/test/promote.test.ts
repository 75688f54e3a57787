import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { cli, fakeRelease, readHistoryFile, readLiveFile, snapshot, tempWorkspace } from './helpers';

describe('promote', () => {
  it('points remotes.json at the release, relative to /remotes.json, with what the shell needs', async () => {
    const ws = tempWorkspace();
    const v1 = fakeRelease(ws, 'settings', '0.1.0-aaaaaaaa');
    const result = await cli(ws, 'promote', 'settings', v1.version);
    expect(result).toMatchObject({ code: 0, out: 'settings 0.1.0-aaaaaaaa is live for everyone' });
    expect(readLiveFile(ws)).toEqual({
      settings: {
        entry: 'releases/settings/0.1.0-aaaaaaaa/mf-manifest.json',
        version: '0.1.0-aaaaaaaa',
        commit: 'c-0.1.0-aaaaaaaa',
        builtAt: '2026-02-01T00:00:00.000Z',
        requires: {
          react: '>=19.3.1 <20.0.0',
          '@manager/ui': '>=0.6.0 <1.0.0',
          '@manager/platform': '>=0.5.0 <1.0.0',
        },
      },
    });
  });

  it('keeps the other remotes and records every promote with its time and user', async () => {
    const ws = tempWorkspace();
    fakeRelease(ws, 'users', '0.1.0-11111111');
    fakeRelease(ws, 'settings', '0.1.0-aaaaaaaa');
    fakeRelease(ws, 'settings', '0.1.0-bbbbbbbb');
    await cli(ws, 'promote', 'users', '0.1.0-11111111');
    await cli(ws, 'promote', 'settings', '0.1.0-aaaaaaaa');
    expect((await cli(ws, 'promote', 'settings', '0.1.0-bbbbbbbb')).out).toBe(
      'settings 0.1.0-bbbbbbbb is live for everyone (was 0.1.0-aaaaaaaa)',
    );
    const live = readLiveFile(ws);
    expect(Object.keys(live).sort()).toEqual(['settings', 'users']);
    expect(live.settings.version).toBe('0.1.0-bbbbbbbb');
    const history = readHistoryFile(ws, 'settings');
    const at = expect.stringMatching(/^2026-03-01T10:00:\d\d\.000Z$/);
    expect(history).toEqual({
      live: ['0.1.0-aaaaaaaa', '0.1.0-bbbbbbbb'],
      events: [
        { action: 'promote', version: '0.1.0-aaaaaaaa', at, by: 'tester' },
        { action: 'promote', version: '0.1.0-bbbbbbbb', at, by: 'tester' },
      ],
    });
    expect(history.events[0].at < history.events[1].at).toBe(true);
  });

  it('promoting the live release again says so and writes nothing', async () => {
    const ws = tempWorkspace();
    fakeRelease(ws, 'settings', '0.1.0-aaaaaaaa');
    await cli(ws, 'promote', 'settings', '0.1.0-aaaaaaaa');
    const before = snapshot(ws.dir);
    expect(await cli(ws, 'promote', 'settings', '0.1.0-aaaaaaaa')).toMatchObject({
      code: 0,
      out: 'settings 0.1.0-aaaaaaaa is live already; nothing changed',
    });
    expect(snapshot(ws.dir)).toEqual(before);
  });

  it.each([
    [
      ['promote', 'setings', '0.1.0-aaaaaaaa'],
      'unknown remote "setings": one of users, commerce, transactions, engagement, settings',
    ],
    [
      ['promote', 'settings', '0.1.0-cccccccc'],
      'settings has no release 0.1.0-cccccccc (pnpm releases settings lists them)',
    ],
    [
      ['promote', 'settings', '../users/0.1.0-11111111'],
      'settings has no release ../users/0.1.0-11111111 (pnpm releases settings lists them)',
    ],
    [['promote', 'settings'], 'name a version of settings (pnpm releases settings lists them)'],
    [
      ['promote', 'settings', '0.1.0-aaaaaaaa', '--canary', ' , '],
      '--canary needs admin usernames: --canary admin2fa[,other]',
    ],
    [['promote', 'settings', '0.1.0-aaaaaaaa', '--canry', 'x'], "Unknown option '--canry'"],
    [
      ['rollback', 'nope'],
      'unknown remote "nope": one of users, commerce, transactions, engagement, settings',
    ],
    [['releases'], 'name a remote: one of users, commerce, transactions, engagement, settings'],
    [['deploy', 'settings'], 'unknown command "deploy"'],
  ])('refuses %j with a clear message, exit 1, and changes nothing', async (argv, message) => {
    const ws = tempWorkspace();
    fakeRelease(ws, 'users', '0.1.0-11111111');
    fakeRelease(ws, 'settings', '0.1.0-aaaaaaaa');
    fakeRelease(ws, 'settings', '0.1.0-bbbbbbbb');
    await cli(ws, 'promote', 'settings', '0.1.0-bbbbbbbb');
    const before = snapshot(ws.dir);
    const result = await cli(ws, ...argv);
    expect(result.code).toBe(1);
    expect(result.err).toContain(message);
    expect(result.out).toBe('');
    expect(snapshot(ws.dir)).toEqual(before);
  });
});

it('refuses a release folder whose release.json is damaged, writing nothing', async () => {
  const ws = tempWorkspace();
  fakeRelease(ws, 'settings', '0.1.0-aaaaaaaa');
  fs.writeFileSync(path.join(ws.dir, 'settings/0.1.0-aaaaaaaa/release.json'), '{"remote":');
  const result = await cli(ws, 'promote', 'settings', '0.1.0-aaaaaaaa');
  expect(result).toMatchObject({
    code: 1,
    err: `${path.join(ws.dir, 'settings/0.1.0-aaaaaaaa/release.json')} is not a release.json (a release folder is never edited: release again)`,
  });
  expect(snapshot(ws.dir)).not.toHaveProperty('remotes.json');
});

describe('promote --canary', () => {
  it('gives the release to the listed admins only and keeps the live one for everyone else', async () => {
    const ws = tempWorkspace();
    fakeRelease(ws, 'settings', '0.1.0-aaaaaaaa');
    fakeRelease(ws, 'settings', '0.1.0-bbbbbbbb');
    await cli(ws, 'promote', 'settings', '0.1.0-aaaaaaaa');
    const result = await cli(ws, 'promote', 'settings', '0.1.0-bbbbbbbb', '--canary', 'admin2fa,qa');
    expect(result).toMatchObject({
      code: 0,
      out: 'settings 0.1.0-bbbbbbbb is the canary for admin2fa, qa; everyone else keeps 0.1.0-aaaaaaaa',
    });
    const { settings } = readLiveFile(ws);
    expect(settings).toMatchObject({
      entry: 'releases/settings/0.1.0-aaaaaaaa/mf-manifest.json',
      version: '0.1.0-aaaaaaaa',
      canary: {
        entry: 'releases/settings/0.1.0-bbbbbbbb/mf-manifest.json',
        version: '0.1.0-bbbbbbbb',
        admins: ['admin2fa', 'qa'],
      },
    });
    const history = readHistoryFile(ws, 'settings');
    expect(history.live).toEqual(['0.1.0-aaaaaaaa']);
    expect(history.events.at(-1)).toMatchObject({
      action: 'canary',
      version: '0.1.0-bbbbbbbb',
      admins: ['admin2fa', 'qa'],
      by: 'tester',
    });
  });

  it('accepts --canary=a,b and replaces an earlier canary', async () => {
    const ws = tempWorkspace();
    for (const v of ['0.1.0-aaaaaaaa', '0.1.0-bbbbbbbb', '0.1.0-cccccccc']) fakeRelease(ws, 'settings', v);
    await cli(ws, 'promote', 'settings', '0.1.0-aaaaaaaa');
    await cli(ws, 'promote', 'settings', '0.1.0-bbbbbbbb', '--canary', 'admin2fa');
    await cli(ws, 'promote', 'settings', '0.1.0-cccccccc', '--canary=qa');
    expect(readLiveFile(ws).settings.canary).toMatchObject({ version: '0.1.0-cccccccc', admins: ['qa'] });
  });

  it('promoting without --canary makes the release live for everyone and clears the canary', async () => {
    const ws = tempWorkspace();
    fakeRelease(ws, 'settings', '0.1.0-aaaaaaaa');
    fakeRelease(ws, 'settings', '0.1.0-bbbbbbbb');
    await cli(ws, 'promote', 'settings', '0.1.0-aaaaaaaa');
    await cli(ws, 'promote', 'settings', '0.1.0-bbbbbbbb', '--canary', 'admin2fa');
    const result = await cli(ws, 'promote', 'settings', '0.1.0-bbbbbbbb');
    expect(result.out).toBe(
      'settings 0.1.0-bbbbbbbb is live for everyone (was 0.1.0-aaaaaaaa); canary 0.1.0-bbbbbbbb cleared',
    );
    const { settings } = readLiveFile(ws);
    expect(settings.version).toBe('0.1.0-bbbbbbbb');
    expect(settings).not.toHaveProperty('canary');
    expect(readHistoryFile(ws, 'settings').live).toEqual(['0.1.0-aaaaaaaa', '0.1.0-bbbbbbbb']);
  });

  it('promoting the live release without --canary clears a canary of another', async () => {
    const ws = tempWorkspace();
    fakeRelease(ws, 'settings', '0.1.0-aaaaaaaa');
    fakeRelease(ws, 'settings', '0.1.0-bbbbbbbb');
    await cli(ws, 'promote', 'settings', '0.1.0-aaaaaaaa');
    await cli(ws, 'promote', 'settings', '0.1.0-bbbbbbbb', '--canary', 'admin2fa');
    expect((await cli(ws, 'promote', 'settings', '0.1.0-aaaaaaaa')).out).toBe(
      'settings 0.1.0-aaaaaaaa is live for everyone; canary 0.1.0-bbbbbbbb cleared',
    );
    expect(readLiveFile(ws).settings).not.toHaveProperty('canary');
    expect(readHistoryFile(ws, 'settings').live).toEqual(['0.1.0-aaaaaaaa']);
  });

  it('a canary of the live release is refused, writing nothing', async () => {
    const ws = tempWorkspace();
    fakeRelease(ws, 'settings', '0.1.0-bbbbbbbb');
    await cli(ws, 'promote', 'settings', '0.1.0-bbbbbbbb');
    const before = snapshot(ws.dir);
    const result = await cli(ws, 'promote', 'settings', '0.1.0-bbbbbbbb', '--canary', 'admin2fa');
    expect(result).toMatchObject({ code: 1, err: 'settings 0.1.0-bbbbbbbb is live for everyone already' });
    expect(snapshot(ws.dir)).toEqual(before);
  });

  it("the first canary into an empty releases folder keeps the console's own build for everyone else", async () => {
    const ws = tempWorkspace();
    fakeRelease(ws, 'settings', '0.1.0-bbbbbbbb');
    const result = await cli(ws, 'promote', 'settings', '0.1.0-bbbbbbbb', '--canary', 'admin2fa');
    expect(result).toMatchObject({
      code: 0,
      out: "settings 0.1.0-bbbbbbbb is the canary for admin2fa; everyone else keeps the console's own build",
    });
    // No entry for everyone: the server merges the canary over the working tree's build.
    expect(readLiveFile(ws)).toEqual({
      settings: {
        canary: expect.objectContaining({
          entry: 'releases/settings/0.1.0-bbbbbbbb/mf-manifest.json',
          version: '0.1.0-bbbbbbbb',
          admins: ['admin2fa'],
        }),
      },
    });
    expect(readHistoryFile(ws, 'settings')).toMatchObject({
      live: [],
      events: [{ action: 'canary', version: '0.1.0-bbbbbbbb', admins: ['admin2fa'] }],
    });
    expect((await cli(ws, 'releases', 'settings')).out).toContain('canary: admin2fa');

    // Promoted for everyone later, it replaces the canary like any promote.
    expect((await cli(ws, 'promote', 'settings', '0.1.0-bbbbbbbb')).out).toBe(
      'settings 0.1.0-bbbbbbbb is live for everyone; canary 0.1.0-bbbbbbbb cleared',
    );
    expect(readLiveFile(ws).settings).not.toHaveProperty('canary');
  });

  it('refuses a release built from uncommitted changes unless forced, and the history says so', async () => {
    const ws = tempWorkspace();
    fakeRelease(ws, 'settings', '0.1.0-aaaaaaaa-dirty', { commit: '3f9a2c1b0d4e-dirty' });
    const before = snapshot(ws.dir);
    const refused = await cli(ws, 'promote', 'settings', '0.1.0-aaaaaaaa-dirty');
    expect(refused).toMatchObject({
      code: 1,
      err: 'settings 0.1.0-aaaaaaaa-dirty was built from uncommitted changes (commit 3f9a2c1b0d4e-dirty): commit them and release again\npromote --force promotes it anyway',
    });
    expect(snapshot(ws.dir)).toEqual(before);
    // A canary too: a canary reaches real admins.
    expect((await cli(ws, 'promote', 'settings', '0.1.0-aaaaaaaa-dirty', '--canary', 'admin2fa')).code).toBe(
      1,
    );
    expect(snapshot(ws.dir)).toEqual(before);

    const forced = await cli(ws, 'promote', 'settings', '0.1.0-aaaaaaaa-dirty', '--force');
    expect(forced.code).toBe(0);
    expect(forced.err).toBe(
      'warning: promoted from uncommitted changes: settings 0.1.0-aaaaaaaa-dirty was built from uncommitted changes (commit 3f9a2c1b0d4e-dirty): commit them and release again',
    );
    expect(readHistoryFile(ws, 'settings').events).toEqual([
      expect.objectContaining({ action: 'promote', dirty: true }),
    ]);
  });

  it('names every reason at once: unverified and built from uncommitted changes', async () => {
    const ws = tempWorkspace();
    fakeRelease(ws, 'settings', '0.1.0-aaaaaaaa-dirty', { commit: 'c-dirty', verified: false });
    const refused = await cli(ws, 'promote', 'settings', '0.1.0-aaaaaaaa-dirty');
    expect(refused.err.split('\n')).toEqual([
      expect.stringContaining('was built from uncommitted changes'),
      expect.stringContaining('has not been verified'),
      'promote --force promotes it anyway',
    ]);
  });
});
