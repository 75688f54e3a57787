import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sharedRequirements, type AreaInfo, type AreaName, type ReleaseNotice } from '@manager/contract';
import type { CanaryAdminsCheck } from '../src/canary-admins';
import { run, type Io } from '../src/cli';
import { REPO_ROOT, type ReleaseInfo, type Workspace } from '../src/layout';
import type { AnnounceRelease } from '../src/release-notice';
import { writeVerification, type Verification } from '../src/verification';

/** What the console in these tests provides (its build.json `shared`). */
export const CONSOLE_SHARED = { react: '19.3.1', '@manager/ui': '0.6.0', '@manager/platform': '0.5.0' };

const created: string[] = [];

/** Removes the folders tempWorkspace made (test/setup.ts, after each test file). */
export function removeTempWorkspaces(): void {
  for (const dir of created.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
}

/** The administrators of the console in these tests. */
export const ADMINS = ['admin', 'admin2fa', 'qa'];

/**
 * The console API's answer about canary names (POST /releases/canary-admins, tested in
 * packages/api) for a console whose administrators are `names` and `disabled`.
 */
export function knownAdmins(names: string[], disabled: string[] = []): CanaryAdminsCheck {
  return async (usernames) => ({
    unknown: usernames
      .filter((u) => !names.includes(u) && !disabled.includes(u))
      .map((username) => {
        const like = names.find((n) => n.toLowerCase() === username.toLowerCase());
        return like ? { username, didYouMean: like } : { username };
      }),
    disabled: usernames.filter((u) => disabled.includes(u)),
  });
}

/**
 * The console API's side of the notices (POST /releases/notices, tested in packages/api): an
 * inbox that keeps what it is told, in order.
 */
export function inbox(): { announce: AnnounceRelease; told: ReleaseNotice[] } {
  const told: ReleaseNotice[] = [];
  return { announce: async (notice) => void told.push(notice), told };
}

/**
 * A fresh RELEASES_DIR, a console build.json beside it, the console's admins (ADMINS), an inbox
 * that takes every notice (`inbox()` to read them), a fixed user and a ticking clock.
 */
export function tempWorkspace(consoleShared: Record<string, string> = CONSOLE_SHARED): Workspace {
  const base = fs.mkdtempSync(path.join(os.tmpdir(), 'manager-releases-test-'));
  created.push(base);
  const consoleBuildJson = path.join(base, 'console-build.json');
  fs.writeFileSync(
    consoleBuildJson,
    JSON.stringify({
      name: 'shell',
      version: '0.1.0',
      commit: 'abc',
      builtAt: '2026-01-01T00:00:00.000Z',
      shared: consoleShared,
    }),
  );
  let tick = Date.parse('2026-03-01T10:00:00.000Z');
  return {
    root: REPO_ROOT,
    dir: path.join(base, 'releases'),
    consoleBuildJson,
    canaryAdmins: knownAdmins(ADMINS),
    announce: inbox().announce,
    user: 'tester',
    now: () => new Date((tick += 1000)),
  };
}

/** A verification that passed, as `verify` records it after a green run. */
export const PASSED: Verification = {
  at: '2026-02-01T01:00:00.000Z',
  by: 'tester',
  passed: true,
  suiteCommit: 'suite0000000',
  tests: { passed: 40, failed: 0, flaky: 0, skipped: 0 },
};

/**
 * A release folder as `release` leaves it, without building (promote reads only release.json),
 * with a passed verification unless `verified: false` (the gate's own tests).
 */
export function fakeRelease(
  ws: Workspace,
  remote: AreaName,
  version: string,
  {
    shared = CONSOLE_SHARED,
    builtAt = '2026-02-01T00:00:00.000Z',
    commit = `c-${version}`,
    verified = true,
    area,
  }: {
    shared?: Record<string, string>;
    builtAt?: string;
    commit?: string;
    verified?: boolean;
    area?: AreaInfo;
  } = {},
): ReleaseInfo {
  const folder = path.join(ws.dir, remote, version);
  fs.mkdirSync(folder, { recursive: true });
  const info: ReleaseInfo = {
    remote,
    version,
    commit,
    builtAt,
    requires: sharedRequirements(shared),
    shared,
    ...(area ? { area } : {}),
  };
  fs.writeFileSync(path.join(folder, 'release.json'), JSON.stringify(info));
  fs.writeFileSync(path.join(folder, 'mf-manifest.json'), '{}');
  if (verified) writeVerification(ws, remote, version, PASSED);
  return info;
}

/** Every file under `dir` with its content: to prove a refused command wrote nothing. */
export function snapshot(dir: string): Record<string, string> {
  const out: Record<string, string> = {};
  const walk = (rel: string) => {
    const abs = path.join(dir, rel);
    if (!fs.existsSync(abs)) return;
    for (const e of fs.readdirSync(abs, { withFileTypes: true })) {
      const child = path.join(rel, e.name);
      if (e.isDirectory()) walk(child);
      else out[child] = fs.readFileSync(path.join(dir, child), 'utf8');
    }
  };
  walk('');
  return out;
}

export const readLiveFile = (ws: Workspace) =>
  JSON.parse(fs.readFileSync(path.join(ws.dir, 'remotes.json'), 'utf8'));
export const readHistoryFile = (ws: Workspace, remote: AreaName) =>
  JSON.parse(fs.readFileSync(path.join(ws.dir, remote, 'history.json'), 'utf8'));

/** Runs the CLI in this process; returns its exit code and what it printed. */
export async function cli(ws: Workspace, ...argv: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const io: Io = { out: (l) => out.push(l), err: (l) => err.push(l) };
  const code = await run(argv, ws, io);
  return { code, out: out.join('\n'), err: err.join('\n') };
}
