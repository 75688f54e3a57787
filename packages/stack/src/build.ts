// Builds the shell and the remotes whose sources changed since their last build.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { REMOTES, apps } from './apps';

/** The shell and the remotes, from the one list of apps (packages/contract/src/apps.json). */
export const APPS: string[] = [apps.shell.folder, ...REMOTES.map((name) => apps.remotes[name].folder)];
// Whole package folders (not only src): a version bump in package.json changes every app's
// share manifest, so watching only src would leave the other apps stale.
const SHARED_INPUTS = [
  'packages/contract',
  'packages/platform',
  'packages/ui',
  'packages/dev-harness',
  'packages/vite-config',
  'pnpm-lock.yaml',
];
const STAMP = '.build-stamp';

/**
 * The newest change under `p`, without its `dist` and `node_modules`. A folder's own time
 * counts below the top (a source file added, renamed or deleted), not for the top itself: an
 * app's or a package's folder changes when its `dist` is made again (a build, `pnpm pack`),
 * which is no change of what a build reads.
 */
export function newestMtime(p: string, top = true): number {
  let st: fs.Stats;
  try {
    st = fs.statSync(p);
  } catch {
    return 0;
  }
  if (!st.isDirectory()) return st.mtimeMs;
  let max = top ? 0 : st.mtimeMs;
  for (const name of fs.readdirSync(p)) {
    if (name === 'node_modules' || name === 'dist') continue;
    max = Math.max(max, newestMtime(path.join(p, name), false));
  }
  return max;
}

/** True when `app` has no build, or any of its inputs is newer than the build. */
export function isStale(root: string, app: string): boolean {
  const stamp = path.join(root, app, 'dist', STAMP);
  const built = fs.existsSync(stamp) ? fs.statSync(stamp).mtimeMs : 0;
  if (!built) return true;
  const inputs = [app, ...SHARED_INPUTS].map((p) => newestMtime(path.join(root, p)));
  return Math.max(...inputs) > built;
}

/**
 * Builds the stale apps in one pnpm run, as many at once as there are cores: each Vite build
 * keeps about one core busy, and the apps do not depend on each other's output. The stamps
 * are written once every build has passed (a failed run builds them all again next time).
 */
export function buildStale(
  root: string,
  { force = false, log = console.log }: { force?: boolean; log?: (message: string) => void } = {},
): void {
  const stale = APPS.filter((app) => force || isStale(root, app));
  if (stale.length === 0) return;
  log(`building ${stale.join(', ')}...`);
  const startedAt = new Date();
  const filters = stale.flatMap((app) => ['--filter', app]);
  const r = spawnSync('pnpm', [...filters, `--workspace-concurrency=${os.availableParallelism()}`, 'build'], {
    cwd: root,
    stdio: 'inherit',
  });
  if (r.status !== 0) throw new Error(`build of ${stale.join(', ')} failed`);
  for (const app of stale) markBuilt(root, app, startedAt);
}

/**
 * Marks `app` built from its sources as they were at `startedAt`, when its build began: a file
 * saved while the build ran (perhaps after the build read it) is newer than the stamp, so the
 * next run builds the app again instead of serving code without that change.
 */
export function markBuilt(root: string, app: string, startedAt: Date): void {
  const stamp = path.join(root, app, 'dist', STAMP);
  fs.writeFileSync(stamp, startedAt.toISOString());
  fs.utimesSync(stamp, startedAt, startedAt);
}
