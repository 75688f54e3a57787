import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test, expect, stackOnly } from './support/test';
import { releaseSettings, releasesCli } from './support/releases';
import { WorkspaceCopy } from './support/workspace-copy';

type Verification = {
  passed: boolean;
  suiteCommit: string;
  tests: { passed: number; failed: number; flaky: number; skipped: number };
};

test.describe(
  'Settings: verify',
  stackOnly(
    'builds releases in a copy of the workspace and runs the suite on a stack of its own (VERIFY_PORT_OFFSET)',
    '@settings',
  ),
  () => {
    /**
     * The release gate as a team meets it: two releases of `mf-settings` built in a throwaway
     * copy of the workspace into a release folder of this test's own (the suite's stack never
     * sees them), each run through `pnpm verify`, which pins it for the test admins on a second
     * stack and runs the smoke and journey specs there. One works; the other's Audit Log fails
     * as it renders, which breaks the balance-to-audit journey. Minutes: two builds, two runs.
     */
    let dir: string;
    let copy: WorkspaceCopy;
    test.beforeAll(() => {
      dir = fs.mkdtempSync(path.join(os.tmpdir(), 'manager-e2e-verify-'));
      copy = WorkspaceCopy.create();
    });
    test.afterAll(() => {
      copy?.remove();
      fs.rmSync(dir, { recursive: true, force: true });
    });

    // The suite inside this one runs on one worker: beside this run's own workers and two
    // stacks on a machine of few cores, more browsers only slow each other down. It serves the
    // builds this run's stack serves, without building: a build would empty the folders under
    // the specs running beside this one (an app looks changed after a source file came and went).
    const verify = (version: string) =>
      releasesCli(['verify', 'settings', version], dir, { E2E_WORKERS: '1', SKIP_BUILD: '1' });

    const verification = (version: string): Verification =>
      (
        JSON.parse(fs.readFileSync(path.join(dir, 'settings', 'verifications.json'), 'utf8')) as Record<
          string,
          Verification
        >
      )[version]!;

    test('a good release passes and may go live; one that breaks a journey fails and promote refuses it', async () => {
      test.setTimeout(25 * 60_000);
      const good = await releaseSettings(copy, { marker: 'A release that works' }, dir);
      const passed = await verify(good.version);
      expect(passed.code, passed.output).toBe(0);
      expect(passed.output).toContain(`settings ${good.version}: verification passed`);
      const ok = verification(good.version);
      expect(ok.passed).toBe(true);
      // The smoke and journey specs, every one of them run and passed.
      expect(ok.tests).toMatchObject({ failed: 0, flaky: 0, skipped: 0 });
      expect(ok.tests.passed).toBeGreaterThanOrEqual(6);
      expect(ok.suiteCommit).toMatch(/^[0-9a-f]{12}(\+changes)?$/);
      const live = await releasesCli(['promote', 'settings', good.version], dir);
      expect(live.code, live.output).toBe(0);

      // Verified as a canary over the good one, which is live now.
      const broken = await releaseSettings(
        copy,
        { marker: 'A release whose audit log fails', breakAudit: true },
        dir,
      );
      const failed = await verify(broken.version);
      expect(failed.code, failed.output).toBe(1);
      expect(failed.output).toMatch(
        new RegExp(`settings ${broken.version}: verification failed .*\\(\\d+ of \\d+ tests failed`),
      );
      const bad = verification(broken.version);
      expect(bad.passed).toBe(false);
      expect(bad.tests.failed).toBeGreaterThanOrEqual(1);

      const refused = await releasesCli(['promote', 'settings', broken.version], dir);
      expect(refused.code).toBe(1);
      expect(refused.output).toContain(`settings ${broken.version} failed verification`);
      expect(refused.output).toContain('promote --force promotes it anyway');
      // Nothing changed: the good release is still the live one.
      const list = await releasesCli(['releases', 'settings'], dir);
      expect(list.output).toMatch(new RegExp(`${good.version} .*passed.* live`));
    });
  },
);
