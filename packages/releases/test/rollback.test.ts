import { describe, expect, it } from 'vitest';
import { cli, fakeRelease, readHistoryFile, readLiveFile, snapshot, tempWorkspace } from './helpers';

describe('rollback', () => {
  it('points back to the release live before, and walks further back on the next one', async () => {
    const ws = tempWorkspace();
    for (const v of ['0.1.0-aaaaaaaa', '0.1.0-bbbbbbbb', '0.1.0-cccccccc']) {
      fakeRelease(ws, 'settings', v);
      await cli(ws, 'promote', 'settings', v);
    }
    expect(await cli(ws, 'rollback', 'settings')).toMatchObject({
      code: 0,
      out: 'settings is back to 0.1.0-bbbbbbbb for everyone (0.1.0-cccccccc taken down)',
    });
    expect(readLiveFile(ws).settings).toMatchObject({
      entry: 'releases/settings/0.1.0-bbbbbbbb/mf-manifest.json',
      version: '0.1.0-bbbbbbbb',
    });
    await cli(ws, 'rollback', 'settings');
    expect(readLiveFile(ws).settings.version).toBe('0.1.0-aaaaaaaa');
    const history = readHistoryFile(ws, 'settings');
    expect(history.live).toEqual(['0.1.0-aaaaaaaa']);
    expect(history.events.slice(-2)).toMatchObject([
      { action: 'rollback', version: '0.1.0-bbbbbbbb', from: '0.1.0-cccccccc', by: 'tester' },
      { action: 'rollback', version: '0.1.0-aaaaaaaa', from: '0.1.0-bbbbbbbb', by: 'tester' },
    ]);
  });

  it('with a canary set, removes the canary and leaves the live release', async () => {
    const ws = tempWorkspace();
    fakeRelease(ws, 'settings', '0.1.0-aaaaaaaa');
    fakeRelease(ws, 'settings', '0.1.0-bbbbbbbb');
    fakeRelease(ws, 'settings', '0.1.0-cccccccc');
    await cli(ws, 'promote', 'settings', '0.1.0-aaaaaaaa');
    await cli(ws, 'promote', 'settings', '0.1.0-bbbbbbbb');
    await cli(ws, 'promote', 'settings', '0.1.0-cccccccc', '--canary', 'admin2fa');
    expect((await cli(ws, 'rollback', 'settings')).out).toBe(
      'settings canary 0.1.0-cccccccc removed; everyone has 0.1.0-bbbbbbbb',
    );
    const { settings } = readLiveFile(ws);
    expect(settings.version).toBe('0.1.0-bbbbbbbb');
    expect(settings).not.toHaveProperty('canary');
    expect(readHistoryFile(ws, 'settings').events.at(-1)).toMatchObject({
      action: 'rollback-canary',
      version: '0.1.0-bbbbbbbb',
      from: '0.1.0-cccccccc',
    });
    // The next rollback takes back the live release.
    await cli(ws, 'rollback', 'settings');
    expect(readLiveFile(ws).settings.version).toBe('0.1.0-aaaaaaaa');
  });

  it.each([
    ['never promoted', [] as string[]],
    ['promoted once', ['0.1.0-aaaaaaaa']],
    ['rolled back to the first', ['0.1.0-aaaaaaaa', '0.1.0-bbbbbbbb', 'rollback']],
  ])('%s: "no earlier release", exit 1, nothing written', async (_, steps) => {
    const ws = tempWorkspace();
    fakeRelease(ws, 'settings', '0.1.0-aaaaaaaa');
    fakeRelease(ws, 'settings', '0.1.0-bbbbbbbb');
    for (const step of steps) {
      expect(
        step === 'rollback'
          ? (await cli(ws, 'rollback', 'settings')).code
          : (await cli(ws, 'promote', 'settings', step)).code,
      ).toBe(0);
    }
    const before = snapshot(ws.dir);
    expect(await cli(ws, 'rollback', 'settings')).toMatchObject({
      code: 1,
      out: '',
      err: 'settings has no earlier release to roll back to',
    });
    expect(snapshot(ws.dir)).toEqual(before);
  });

  it("rolling back a canary over the console's own build leaves the remote unpromoted", async () => {
    const ws = tempWorkspace();
    fakeRelease(ws, 'users', '0.1.0-11111111');
    fakeRelease(ws, 'settings', '0.1.0-bbbbbbbb');
    await cli(ws, 'promote', 'users', '0.1.0-11111111');
    await cli(ws, 'promote', 'settings', '0.1.0-bbbbbbbb', '--canary', 'admin2fa');
    expect(await cli(ws, 'rollback', 'settings')).toMatchObject({
      code: 0,
      out: "settings canary 0.1.0-bbbbbbbb removed; everyone has the console's own build",
    });
    expect(Object.keys(readLiveFile(ws))).toEqual(['users']);
    expect(readHistoryFile(ws, 'settings').events.at(-1)).toMatchObject({
      action: 'rollback-canary',
      from: '0.1.0-bbbbbbbb',
    });
    // Nothing is left to roll back.
    expect((await cli(ws, 'rollback', 'settings')).err).toBe(
      'settings has no earlier release to roll back to',
    );
  });
});
