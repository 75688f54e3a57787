import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { AREA_NAME, areaSchema, DEV_RELEASES_TOKEN, REMOTE_NAMES, type AreaName } from '@manager/contract';
import { z } from 'zod';
import { canaryAdminsOverHttp, type CanaryAdminsCheck } from './canary-admins';
import { ReleaseError } from './errors';
import { announceOverHttp, type AnnounceRelease } from './release-notice';

/** The repository this CLI belongs to (a throwaway copy of it releases its own sources). */
export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

/**
 * Where releases live and what they are checked against. Passed explicitly so tests (and the
 * end-to-end stack) point the CLI at their own folder.
 */
export interface Workspace {
  /** The repository whose `mf-*` folders are built. */
  root: string;
  /** RELEASES_DIR: `remotes.json`, and `<remote>/<version>/` and `<remote>/history.json`. */
  dir: string;
  /**
   * The live console's `build.json`, against which `promote` checks a release's `requires`: a
   * file, or the live console's own URL (`https://console.example.com/build.json`).
   */
  consoleBuildJson: string;
  /** Asks the console's API which of a canary's usernames are no active administrator. */
  canaryAdmins: CanaryAdminsCheck;
  /** Tells the console's API what a promote or a rollback made live, for every admin's inbox. */
  announce: AnnounceRelease;
  /** Who runs the command (kept in the history). */
  user: string;
  now: () => Date;
}

/** RELEASES_DIR (default `<repo>/releases`) and CONSOLE_BUILD_JSON, relative to the repo. */
export function workspaceFromEnv(env: NodeJS.ProcessEnv = process.env, root = REPO_ROOT): Workspace {
  // One API and one token for both: the canary check and the notice are the same API's release routes.
  const apiUrl = env.CONSOLE_API_URL || 'http://127.0.0.1:3000';
  const token = env.RELEASES_TOKEN || DEV_RELEASES_TOKEN;
  return {
    root,
    dir: path.resolve(root, env.RELEASES_DIR || 'releases'),
    consoleBuildJson: consoleBuildSource(root, env.CONSOLE_BUILD_JSON),
    canaryAdmins: canaryAdminsOverHttp(apiUrl, token),
    announce: announceOverHttp(apiUrl, token),
    user: currentUser(),
    now: () => new Date(),
  };
}

/** CONSOLE_BUILD_JSON: a URL as given, a file relative to the repository. */
function consoleBuildSource(root: string, value: string | undefined): string {
  if (value && /^https?:\/\//i.test(value)) return value;
  return path.resolve(root, value || 'shell/dist/build.json');
}

function currentUser(): string {
  try {
    return os.userInfo().username;
  } catch {
    return process.env.USER ?? 'unknown';
  }
}

/**
 * A remote named on the command line: one of the console's five, or an area from outside the
 * console (docs/decisions/0026) that has releases in RELEASES_DIR already.
 */
export function parseRemote(name: string | undefined, ws?: Workspace): AreaName {
  const known = `one of ${REMOTE_NAMES.join(', ')}, or a remote released from its own folder`;
  if (!name) throw new ReleaseError(`name a remote: ${known}`);
  if ((REMOTE_NAMES as readonly string[]).includes(name)) return name;
  if (ws && AREA_NAME.test(name) && fs.existsSync(remoteDir(ws, name))) return name;
  throw new ReleaseError(`unknown remote "${name}": ${known}`);
}

/** What `release` writes beside a build: `<dir>/<remote>/<version>/release.json`. */
export const releaseInfoSchema = z.object({
  remote: z.string().regex(AREA_NAME),
  version: z.string().min(1),
  commit: z.string().min(1),
  builtAt: z.string().min(1),
  requires: z.record(z.string(), z.string()),
  shared: z.record(z.string(), z.string()),
  /** The area of a remote from outside the console, as its build states it. */
  area: areaSchema.optional(),
});
export type ReleaseInfo = z.infer<typeof releaseInfoSchema>;

export const remoteDir = (ws: Workspace, remote: AreaName) => path.join(ws.dir, remote);
export const releaseDir = (ws: Workspace, remote: AreaName, version: string) =>
  path.join(ws.dir, remote, version);
export const liveFile = (ws: Workspace) => path.join(ws.dir, 'remotes.json');
export const historyFile = (ws: Workspace, remote: AreaName) => path.join(ws.dir, remote, 'history.json');

/** A version names one folder: no separators, no dot-names (they never come from `release`). */
export const VERSION = /^[0-9A-Za-z][0-9A-Za-z.+_-]*$/;

/** The release `version` of `remote`, or a refusal naming what exists. */
export function readRelease(ws: Workspace, remote: AreaName, version: string | undefined): ReleaseInfo {
  if (!version) throw new ReleaseError(`name a version of ${remote} (pnpm releases ${remote} lists them)`);
  const file = path.join(releaseDir(ws, remote, version), 'release.json');
  if (!VERSION.test(version) || !fs.existsSync(file)) {
    throw new ReleaseError(`${remote} has no release ${version} (pnpm releases ${remote} lists them)`);
  }
  let parsed;
  try {
    parsed = releaseInfoSchema.safeParse(JSON.parse(fs.readFileSync(file, 'utf8')));
  } catch {
    parsed = undefined;
  }
  // A release.json names the remote and version of its folder: one copied elsewhere is not it.
  if (!parsed?.success || parsed.data.remote !== remote || parsed.data.version !== version)
    throw new ReleaseError(`${file} is not a release.json (a release folder is never edited: release again)`);
  return parsed.data;
}

/** Every release of `remote`, newest build first. */
export function listReleases(ws: Workspace, remote: AreaName): ReleaseInfo[] {
  const folder = remoteDir(ws, remote);
  if (!fs.existsSync(folder)) return [];
  return fs
    .readdirSync(folder, { withFileTypes: true })
    .filter(
      (e) =>
        e.isDirectory() && VERSION.test(e.name) && fs.existsSync(path.join(folder, e.name, 'release.json')),
    )
    .map((e) => readRelease(ws, remote, e.name))
    .sort((a, b) => b.builtAt.localeCompare(a.builtAt) || a.version.localeCompare(b.version));
}

/** The manifest URL of a release as `remotes.json` holds it: relative to `/remotes.json`. */
export const releaseEntry = (remote: AreaName, version: string) =>
  `releases/${remote}/${version}/mf-manifest.json`;
