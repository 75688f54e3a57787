import { describe, expect, it } from 'vitest';
import { cli, fakeRelease, tempWorkspace } from './helpers';

describe('releases <remote>', () => {
  it('lists every release newest first with build time, commit, verification and the live and canary marks', async () => {
    const ws = tempWorkspace();
    fakeRelease(ws, 'settings', '0.1.0-aaaaaaaa', {
      builtAt: '2026-02-01T08:00:00.000Z',
      commit: '1111111aaaaa',
      verified: false,
    });
    fakeRelease(ws, 'settings', '0.1.0-bbbbbbbb', {
      builtAt: '2026-02-02T09:30:00.000Z',
      commit: '2222222bbbbb-dirty',
    });
    fakeRelease(ws, 'settings', '0.2.0-cccccccc', {
      builtAt: '2026-02-03T10:45:00.000Z',
      commit: '3333333ccccc',
    });
    fakeRelease(ws, 'users', '0.1.0-11111111');
    // Built from uncommitted changes: live only when forced.
    expect((await cli(ws, 'promote', 'settings', '0.1.0-bbbbbbbb', '--force')).code).toBe(0);
    await cli(ws, 'promote', 'settings', '0.2.0-cccccccc', '--canary', 'admin2fa,qa');
    const result = await cli(ws, 'releases', 'settings');
    expect(result.code).toBe(0);
    expect(result.out).toBe(
      [
        'VERSION         BUILT                    COMMIT              VERIFIED                                                       LIVE',
        '0.2.0-cccccccc  2026-02-03 10:45:00 UTC  3333333ccccc        passed 2026-02-01 01:00:00 UTC (40 tests, suite suite0000000)  canary: admin2fa, qa',
        '0.1.0-bbbbbbbb  2026-02-02 09:30:00 UTC  2222222bbbbb-dirty  passed 2026-02-01 01:00:00 UTC (40 tests, suite suite0000000)  live',
        '0.1.0-aaaaaaaa  2026-02-01 08:00:00 UTC  1111111aaaaa        not verified',
      ].join('\n'),
    );
  });

  it('says when a remote has no releases', async () => {
    const ws = tempWorkspace();
    expect(await cli(ws, 'releases', 'commerce')).toMatchObject({
      code: 0,
      out: 'commerce has no releases yet (pnpm release commerce makes one)',
    });
  });
});
