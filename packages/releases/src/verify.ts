import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { MAX_TEST_ADMINS, testAdminNames, type AreaName } from '@manager/contract';
import { ReleaseError } from './errors';
import { readJson, withLock } from './files';
import { REPO_ROOT, historyFile, liveFile, readRelease, releaseDir, type Workspace } from './layout';
import { liveVersion, readLive } from './live';
import { promote } from './promote';
import { writeVerification, type Verification } from './verification';

/** What a run of the suite counted (Playwright's JSON report `stats`). */
export interface SuiteResult {
  passed: number;
  failed: number;
  flaky: number;
  skipped: number;
  /** The run's HTML report folder. */
  report?: string;
}

/** Runs the smoke and journey specs against a stack serving `releasesDir`; the admins the release is pinned for. */
export type SuiteRunner = (releasesDir: string) => SuiteResult;

/**
 * The test admins a verified release is pinned for: the end-to-end stack's seeded pairs
 * (`qa-<n>`, `qa-<n>-totp`, DEMO_TEST_ADMINS), or VERIFY_ADMINS (comma-separated) for a suite
 * that signs in as others.
 */
export function testAdmins(env: NodeJS.ProcessEnv = process.env): string[] {
  if (env.VERIFY_ADMINS)
    return env.VERIFY_ADMINS.split(',')
      .map((s) => s.trim())
      .filter(Boolean);
  return Array.from({ length: MAX_TEST_ADMINS }, (_, i) => testAdminNames(i + 1)).flatMap((n) => [
    n.plain,
    n.totp,
  ]);
}

/**
 * `pnpm verify <remote> <version>`: copies the live pointer and the releases it names into a
 * throwaway folder, pins the release there for the test admins (a canary over the live one; live
 * when the remote has none), runs the suite against a stack serving that folder (every other
 * remote as live), and records the result beside the release. A release the console cannot run
 * fails before any test. The real `remotes.json` is never touched.
 */
export async function verify(
  ws: Workspace,
  remote: AreaName,
  version: string | undefined,
  runSuite: SuiteRunner = runPlaywright,
  suiteCommit: string = currentCommit(ws.root),
): Promise<Verification> {
  const release = readRelease(ws, remote, version);
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), `manager-verify-${remote}-`));
  const record = (v: Omit<Verification, 'at' | 'by' | 'suiteCommit'>): Verification => {
    const verification: Verification = { at: ws.now().toISOString(), by: ws.user, suiteCommit, ...v };
    withLock(ws.dir, () => writeVerification(ws, remote, release.version, verification));
    return verification;
  };
  try {
    const pinned = { ...ws, dir: folder };
    copyLive(ws, pinned, remote, release.version);
    const live = readLive(pinned)[remote];
    try {
      await promote(pinned, remote, release.version, {
        canary: live && liveVersion(live) !== release.version ? testAdmins() : undefined,
        requireVerification: false,
      });
    } catch (error) {
      if (!(error instanceof ReleaseError)) throw error;
      const reason = error.message.split('\n')[0]!;
      return record({ passed: false, tests: { passed: 0, failed: 0, flaky: 0, skipped: 0 }, reason });
    }
    const { report, ...tests } = runSuite(folder);
    return record({ passed: tests.failed === 0 && tests.passed > 0, tests, ...(report ? { report } : {}) });
  } finally {
    fs.rmSync(folder, { recursive: true, force: true });
  }
}

/** The live pointer, each remote's history and every release it names (plus `version`), into `to`. */
function copyLive(from: Workspace, to: Workspace, remote: AreaName, version: string) {
  fs.mkdirSync(to.dir, { recursive: true });
  const live = readLive(from);
  if (fs.existsSync(liveFile(from))) fs.copyFileSync(liveFile(from), liveFile(to));
  const copies = new Set<string>([`${remote}/${version}`]);
  for (const [name, entry] of Object.entries(live) as [AreaName, NonNullable<(typeof live)[AreaName]>][]) {
    const promoted = liveVersion(entry);
    if (promoted) copies.add(`${name}/${promoted}`);
    if (entry.canary?.version) copies.add(`${name}/${entry.canary.version}`);
    if (fs.existsSync(historyFile(from, name))) {
      fs.mkdirSync(path.dirname(historyFile(to, name)), { recursive: true });
      fs.copyFileSync(historyFile(from, name), historyFile(to, name));
    }
  }
  for (const key of copies) {
    const [name, v] = key.split('/') as [AreaName, string];
    fs.cpSync(releaseDir(from, name, v), releaseDir(to, name, v), { recursive: true });
  }
}

/** The repository's commit, `+changes` when its working tree has some. */
function currentCommit(root: string): string {
  const git = (...args: string[]) => spawnSync('git', args, { cwd: root, encoding: 'utf8' });
  const head = git('rev-parse', '--short=12', 'HEAD').stdout.trim() || 'unknown';
  return git('status', '--porcelain').stdout.trim() ? `${head}+changes` : head;
}

/**
 * The end-to-end suite's smoke and journey specs on a stack of their own (ports shifted by
 * VERIFY_PORT_OFFSET, 500 by default, so a running `pnpm start` or e2e stack is left alone),
 * whose console serves `releasesDir`. The stack-wide specs (they promote and stop remotes
 * themselves) are left out.
 */
function runPlaywright(releasesDir: string): SuiteResult {
  const offset = process.env.VERIFY_PORT_OFFSET ?? '500';
  const json = path.join(releasesDir, '..', `${path.basename(releasesDir)}-report.json`);
  const report = path.join(os.tmpdir(), `manager-verify-report-${path.basename(releasesDir)}`);
  const e2e = path.join(REPO_ROOT, 'packages/e2e');
  // SKIP_BUILD=1 (as for `pnpm start`) serves the builds as they are: the end-to-end suite's own
  // stack serves these folders while its release-gate test verifies, and a build empties them.
  if (process.env.SKIP_BUILD !== '1') {
    const built = spawnSync('pnpm', ['--filter', '@manager/stack', 'build:apps'], {
      cwd: REPO_ROOT,
      stdio: 'inherit',
    });
    if (built.status !== 0) throw new ReleaseError('the console did not build: pnpm build says why');
  }
  spawnSync(
    'pnpm',
    [
      'exec',
      'playwright',
      'test',
      '--grep',
      '@smoke|@journey',
      '--grep-invert',
      '@stack-wide',
      '--reporter',
      'list,json,html',
    ],
    {
      cwd: e2e,
      stdio: 'inherit',
      env: {
        ...process.env,
        E2E_PORT_OFFSET: offset,
        E2E_RELEASES_DIR: releasesDir,
        PLAYWRIGHT_JSON_OUTPUT_NAME: json,
        PLAYWRIGHT_HTML_OUTPUT_DIR: report,
        PLAYWRIGHT_HTML_OPEN: 'never',
        E2E_RETRIES: '0',
      },
    },
  );
  const stats = (readJson(json) as { stats?: Record<string, number> } | undefined)?.stats;
  fs.rmSync(json, { force: true });
  if (!stats) throw new ReleaseError('the suite wrote no report: its output above says why');
  return {
    passed: stats.expected ?? 0,
    failed: stats.unexpected ?? 0,
    flaky: stats.flaky ?? 0,
    skipped: stats.skipped ?? 0,
    report,
  };
}
