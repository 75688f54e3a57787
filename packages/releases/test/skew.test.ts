import { describe, expect, it } from 'vitest';
import { cli, fakeRelease, readHistoryFile, readLiveFile, snapshot, tempWorkspace } from './helpers';

describe('promote checks the release against the live console', () => {
  const newerUi = { react: '19.3.1', '@manager/ui': '0.99.0', '@manager/platform': '0.5.0' };

  it("refuses a release built against a newer ui than the console, in the shell's words, writing nothing", () => {
    const ws = tempWorkspace();
    fakeRelease(ws, 'settings', '0.1.0-aaaaaaaa');
    fakeRelease(ws, 'settings', '0.1.0-99999999', { shared: newerUi });
    cli(ws, 'promote', 'settings', '0.1.0-aaaaaaaa');
    const before = snapshot(ws.dir);
    const result = cli(ws, 'promote', 'settings', '0.1.0-99999999');
    expect(result.code).toBe(1);
    expect(result.err).toBe(
      'Settings needs a newer console (ui >= 0.99.0, this console has 0.6.0)\npromote --force promotes it anyway',
    );
    expect(snapshot(ws.dir)).toEqual(before);
    // A canary is checked the same way.
    expect(cli(ws, 'promote', 'settings', '0.1.0-99999999', '--canary', 'admin2fa').code).toBe(1);
    expect(snapshot(ws.dir)).toEqual(before);
  });

  it('--force promotes it anyway, warns, and the history says it was forced', () => {
    const ws = tempWorkspace();
    fakeRelease(ws, 'settings', '0.1.0-99999999', { shared: newerUi });
    const result = cli(ws, 'promote', 'settings', '0.1.0-99999999', '--force');
    expect(result).toMatchObject({ code: 0, out: 'settings 0.1.0-99999999 is live for everyone' });
    expect(result.err).toBe(
      'warning: promoted over the skew check: Settings needs a newer console (ui >= 0.99.0, this console has 0.6.0)',
    );
    expect(readLiveFile(ws).settings.requires['@manager/ui']).toBe('>=0.99.0 <1.0.0');
    expect(readHistoryFile(ws, 'settings').events[0]).toMatchObject({ action: 'promote', forced: true });
  });

  it('reads the console from CONSOLE_BUILD_JSON; without one it refuses unless forced', () => {
    const ws = { ...tempWorkspace(), consoleBuildJson: '/nonexistent/build.json' };
    fakeRelease(ws, 'settings', '0.1.0-aaaaaaaa');
    const result = cli(ws, 'promote', 'settings', '0.1.0-aaaaaaaa');
    expect(result.code).toBe(1);
    expect(result.err).toContain(
      'cannot check settings against the live console: no /nonexistent/build.json',
    );
    expect(snapshot(ws.dir)).not.toHaveProperty('remotes.json');
    expect(cli(ws, 'promote', 'settings', '0.1.0-aaaaaaaa', '--force').code).toBe(0);
  });
});
