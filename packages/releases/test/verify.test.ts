import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readHistory } from '../src/live';
import { readVerification } from '../src/verification';
import { testAdmins, verify, type SuiteResult } from '../src/verify';
import { cli, fakeRelease, snapshot, tempWorkspace } from './helpers';

const V1 = '0.1.0-aaaaaaaa';
const V2 = '0.1.0-bbbbbbbb';
const GREEN: SuiteResult = { passed: 24, failed: 0, flaky: 0, skipped: 0 };
const RED: SuiteResult = { passed: 21, failed: 3, flaky: 0, skipped: 0 };

/** A suite runner that records what the stack would serve, and answers `result`. */
function suite(result: SuiteResult) {
  const seen: { live: unknown; folders: string[] }[] = [];
  const run = (releasesDir: string) => {
    seen.push({
      live: JSON.parse(fs.readFileSync(path.join(releasesDir, 'remotes.json'), 'utf8')),
      folders: fs.readdirSync(path.join(releasesDir, 'settings')).sort(),
    });
    return result;
  };
  return { run, seen };
}

describe('verify <remote> <version> and the promote gate', () => {
  it('pins the release for the test admins over the live one, in a copy the suite runs against; the live pointer is untouched', async () => {
    const ws = tempWorkspace();
    fakeRelease(ws, 'settings', V1);
    fakeRelease(ws, 'settings', V2, { verified: false });
    expect((await cli(ws, 'promote', 'settings', V1)).code).toBe(0);
    const before = snapshot(ws.dir);
    const { run, seen } = suite(GREEN);

    const v = await verify(ws, 'settings', V2, run, 'suite1234567');

    expect(seen).toHaveLength(1);
    expect(seen[0]!.live).toMatchObject({
      settings: { version: V1, canary: { version: V2, admins: testAdmins() } },
    });
    expect(seen[0]!.folders).toEqual(expect.arrayContaining([V1, V2]));
    expect(v).toMatchObject({ passed: true, suiteCommit: 'suite1234567', tests: GREEN, by: 'tester' });
    // Only the verifications beside the releases changed.
    const after = snapshot(ws.dir);
    expect(Object.keys(after).filter((f) => after[f] !== before[f])).toEqual(['settings/verifications.json']);
    expect(after['remotes.json']).toBe(before['remotes.json']);
    expect(readVerification(ws, 'settings', V2)?.passed).toBe(true);
    expect(await cli(ws, 'promote', 'settings', V2)).toMatchObject({
      code: 0,
      out: `settings ${V2} is live for everyone (was ${V1})`,
    });
  });

  it('pins it live in the copy when the remote has no live release', async () => {
    const ws = tempWorkspace();
    fakeRelease(ws, 'settings', V1, { verified: false });
    const { run, seen } = suite(GREEN);
    await verify(ws, 'settings', V1, run, 's');
    expect(seen[0]!.live).toMatchObject({ settings: { version: V1 } });
    expect(fs.existsSync(path.join(ws.dir, 'remotes.json'))).toBe(false);
  });

  it('refuses to promote a release never verified, or one that failed, in one line each; --force promotes and the history says so', async () => {
    const ws = tempWorkspace();
    fakeRelease(ws, 'settings', V1, { verified: false });
    const untouched = snapshot(ws.dir);
    expect(await cli(ws, 'promote', 'settings', V1)).toMatchObject({
      code: 1,
      err: `settings ${V1} has not been verified: pnpm verify settings ${V1} runs the smoke and journey specs against it\npromote --force promotes it anyway`,
    });
    expect(snapshot(ws.dir)).toEqual(untouched);

    const v = await verify(ws, 'settings', V1, suite(RED).run, 'suite7654321');
    expect(v).toMatchObject({ passed: false, tests: RED });
    const refused = await cli(ws, 'promote', 'settings', V1, '--canary', 'admin2fa');
    expect(refused.code).toBe(1);
    expect(refused.err).toMatch(
      new RegExp(
        `^settings ${V1} failed verification \\(failed .+ UTC \\(3 of 24 tests failed, suite suite7654321\\)\\): fix it and release again, or verify again\\n`,
      ),
    );
    expect((await cli(ws, 'releases', 'settings')).out).toContain('failed');

    const forced = await cli(ws, 'promote', 'settings', V1, '--force');
    expect(forced.code).toBe(0);
    expect(forced.err).toMatch(/^warning: promoted unverified: settings .* failed verification/);
    expect(readHistory(ws, 'settings').events.at(-1)).toMatchObject({
      action: 'promote',
      version: V1,
      unverified: true,
    });
  });

  it('a release the console cannot run fails verification before any test, with the skew message', async () => {
    const ws = tempWorkspace();
    fakeRelease(ws, 'settings', V1, {
      shared: { react: '19.3.1', '@manager/ui': '0.99.0', '@manager/platform': '0.5.0' },
      verified: false,
    });
    const { run, seen } = suite(GREEN);
    const v = await verify(ws, 'settings', V1, run, 's');
    expect(seen).toHaveLength(0);
    expect(v).toMatchObject({
      passed: false,
      reason: expect.stringMatching(/^Settings needs a newer console \(ui >= 0\.99\.0/),
    });
  });

  it('an unknown version is refused and nothing is written', async () => {
    const ws = tempWorkspace();
    fakeRelease(ws, 'settings', V1);
    const before = snapshot(ws.dir);
    expect(await cli(ws, 'verify', 'settings', '9.9.9-zzzzzzzz')).toMatchObject({
      code: 1,
      err: 'settings has no release 9.9.9-zzzzzzzz (pnpm releases settings lists them)',
    });
    expect(snapshot(ws.dir)).toEqual(before);
  });
});
