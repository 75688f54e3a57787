import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import {
  AREA_NAME,
  buildInfoSchema,
  federationName,
  REMOTE_NAMES,
  sharedRequirements,
  type AreaName,
} from '@manager/contract';
import { contentHash } from './content-hash';
import { ReleaseError } from './errors';
import { parseRemote, releaseDir, VERSION, type ReleaseInfo, type Workspace } from './layout';

export interface ReleaseResult {
  release: ReleaseInfo;
  path: string;
  /** False when a release with the same content existed: nothing was written. */
  created: boolean;
}

/**
 * What `release` builds: one of the console's remotes by name (`mf-<remote>` of the repository),
 * or a remote's own folder, e.g. a team's repository (`pnpm release ../mf-outside`): its name is
 * its package's, without a scope and `mf-`, and its build must state its area
 * (docs/decisions/0026).
 */
export function releaseSource(
  ws: Workspace,
  arg: string | undefined,
  cwd: string,
): { remote: AreaName; app: string } {
  const isFolder = arg !== undefined && (arg.includes('/') || arg.startsWith('.'));
  if (!isFolder) {
    const remote = parseRemote(arg);
    return { remote, app: path.join(ws.root, `mf-${remote}`) };
  }
  const app = path.resolve(cwd, arg);
  const file = path.join(app, 'package.json');
  if (!fs.existsSync(file)) throw new ReleaseError(`${app} has no package.json: name a remote's folder`);
  const { name } = JSON.parse(fs.readFileSync(file, 'utf8')) as { name?: string };
  const remote = (name ?? '').replace(/^@[^/]+\//, '').replace(/^mf-/, '');
  if (!AREA_NAME.test(remote))
    throw new ReleaseError(`${file}: name "${name}" does not make an area name (mf-<a-z and 0-9>)`);
  // A folder may release one of the console's own areas only from the console's own folder:
  // code from elsewhere never replaces one of the five.
  const own = path.join(ws.root, `mf-${remote}`);
  if ((REMOTE_NAMES as readonly string[]).includes(remote) && path.resolve(app) !== path.resolve(own))
    throw new ReleaseError(`"${remote}" is one of the console's own areas: release it from ${own}`);
  return { remote, app };
}

/**
 * Builds the remote in `app` (by default `mf-<remote>`) into a fresh folder and files it as `<dir>/<remote>/<version>/`, where
 * version is the package version plus a hash of the build's content. The remote's own `dist`
 * is never touched (`vite build --outDir <temp>`). The build lands in a temporary folder inside
 * RELEASES_DIR and is renamed into place complete, so a version folder is never seen half
 * written, and never changes once there (it is served as immutable).
 */
export function release(
  ws: Workspace,
  remote: AreaName,
  log: (line: string) => void = () => {},
  app: string = path.join(ws.root, `mf-${remote}`),
): ReleaseResult {
  const pkg = JSON.parse(fs.readFileSync(path.join(app, 'package.json'), 'utf8')) as { version: string };
  const staging = path.join(ws.dir, '.staging');
  fs.mkdirSync(staging, { recursive: true });
  const temp = path.join(staging, `${remote}-${process.pid}-${randomBytes(4).toString('hex')}`);
  try {
    log(`building ${path.relative(process.cwd(), app) || app}...`);
    viteBuild(app, temp);
    for (const file of HARNESS_ONLY) fs.rmSync(path.join(temp, file), { force: true });
    const build = buildInfoSchema.parse(JSON.parse(fs.readFileSync(path.join(temp, 'build.json'), 'utf8')));
    // The shell knows the console's own areas; any other must say what it adds.
    if (!(REMOTE_NAMES as readonly string[]).includes(remote) && !build.area)
      throw new ReleaseError(
        `${remote} is not one of the console's areas and its build states none: give remoteViteConfig an area (label, permission, pages)`,
      );
    // Built from uncommitted changes (build.json's commit says so): the version says it too,
    // and promote refuses it unless forced.
    // What the shell registers it as: the federation name must be the release's.
    const manifest = JSON.parse(fs.readFileSync(path.join(temp, 'mf-manifest.json'), 'utf8')) as {
      name?: string;
    };
    if (manifest.name !== federationName(remote))
      throw new ReleaseError(
        `${remote}'s build is named ${manifest.name ?? 'nothing'} in Module Federation: give remoteViteConfig '${federationName(remote)}'`,
      );
    const dirty = build.commit.endsWith('-dirty') ? '-dirty' : '';
    const version = `${pkg.version}-${contentHash(temp)}${dirty}`;
    if (!VERSION.test(version))
      throw new ReleaseError(`${app}/package.json: version "${pkg.version}" is not a version (e.g. 0.1.0)`);
    const target = releaseDir(ws, remote, version);
    if (fs.existsSync(target)) {
      const existing = JSON.parse(fs.readFileSync(path.join(target, 'release.json'), 'utf8')) as ReleaseInfo;
      return { release: existing, path: target, created: false };
    }
    const info: ReleaseInfo = {
      remote,
      version,
      commit: build.commit,
      builtAt: build.builtAt,
      requires: sharedRequirements(build.shared),
      shared: build.shared,
      ...(build.area ? { area: build.area } : {}),
    };
    // The folder says which release it is: build.json (read beside a manifest, e.g. by an
    // override) carries the release version, release.json what promote needs.
    fs.writeFileSync(path.join(temp, 'build.json'), `${JSON.stringify({ ...build, version }, null, 2)}\n`);
    fs.writeFileSync(path.join(temp, 'release.json'), `${JSON.stringify(info, null, 2)}\n`);
    fs.mkdirSync(path.dirname(target), { recursive: true });
    try {
      fs.renameSync(temp, target);
    } catch (error) {
      // Another release of the same content won the race: same folder, same bytes.
      if (!['EEXIST', 'ENOTEMPTY'].includes((error as NodeJS.ErrnoException).code ?? '')) throw error;
      return { release: info, path: target, created: false };
    }
    return { release: info, path: target, created: true };
  } finally {
    fs.rmSync(temp, { recursive: true, force: true });
    try {
      fs.rmdirSync(staging); // only when empty: another release may be building in it
    } catch {
      /* in use */
    }
  }
}

/**
 * What a remote's build may hold that the console never loads: the dev harness's page (its own
 * page under `pnpm start`), and a `config.json` (an API URL and a key). No app tracks one, since
 * the server in front of a page answers it, but one left in a `public/` folder by hand would be
 * copied into the build. A release folder holds what the console loads: the manifest, the
 * entry, its chunks and styles, `build.json`.
 */
export const HARNESS_ONLY = ['index.html', 'config.json'] as const;

/** `vite build` of the app in `app`, with the app's own vite, into `outDir`. */
function viteBuild(app: string, outDir: string): void {
  const require = createRequire(path.join(app, 'package.json'));
  const vitePkgFile = require.resolve('vite/package.json');
  const vitePkg = JSON.parse(fs.readFileSync(vitePkgFile, 'utf8')) as { bin: { vite: string } };
  const bin = path.join(path.dirname(vitePkgFile), vitePkg.bin.vite);
  const result = spawnSync(
    process.execPath,
    [bin, 'build', '--outDir', outDir, '--emptyOutDir', '--logLevel', 'warn'],
    {
      cwd: app,
      env: productionEnv(process.env),
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  if (result.status !== 0) {
    const output = `${result.stdout ?? ''}${result.stderr ?? ''}`.trim();
    throw new ReleaseError(
      `the build of mf-${path.basename(app).replace(/^mf-/, '')} failed${output ? `:\n${output}` : ''}`,
    );
  }
}

/**
 * The caller's environment minus what would make the build something else than a production
 * build: NODE_ENV, and Vitest's markers (under them the federation plugin turns itself off).
 */
function productionEnv(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  return Object.fromEntries(
    Object.entries(env).filter(
      ([name]) => name !== 'NODE_ENV' && name !== 'TEST' && !name.startsWith('VITEST'),
    ),
  );
}
