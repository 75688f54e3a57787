import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import type { Plugin } from 'vite';
import { SHARED_SINGLETONS } from './federation-shared.ts';

/**
 * What a build says about itself (`BuildInfo` in `@manager/contract`): the app's name and
 * package version, the commit, the build time and the versions of the shared singletons it
 * was built against. The build writes it as `build.json` beside its entry; the shell also
 * gets it as `__CONSOLE_BUILD__` (the About dialog, `X-Console-Version`, and the versions it
 * provides, against which a remote's `requires` are checked). Build config, not app code.
 */
export interface BuildInfo {
  name: string;
  version: string;
  commit: string;
  builtAt: string;
  shared: Record<string, string>;
  /** The area of a remote outside the console (`AreaInfo` in `@manager/contract`). */
  area?: BuildArea;
}

/** What a remote outside the console states about its area: menu label, pages, permission. */
export interface BuildArea {
  label: string;
  permission: string;
  pages: { path: string; title: string }[];
}

/** The commit of the working tree (`-dirty` with uncommitted changes), `unknown` outside git. */
function commitOf(dir: URL): string {
  const git = (...args: string[]) =>
    execFileSync('git', args, { cwd: dir, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  try {
    const head = git('rev-parse', '--short=12', 'HEAD');
    return git('status', '--porcelain', '--untracked-files=no') ? `${head}-dirty` : head;
  } catch {
    return 'unknown';
  }
}

/** The version of each shared singleton as installed for the app (`node_modules/<name>`). */
function sharedVersions(appDir: URL): Record<string, string> {
  const names = [...new Set(SHARED_SINGLETONS.map((n) => (n.endsWith('/') ? n.slice(0, -1) : n)))];
  const versions: Record<string, string> = {};
  for (const name of names) {
    const file = new URL(`node_modules/${name}/package.json`, appDir);
    versions[name] = (JSON.parse(readFileSync(file, 'utf8')) as { version: string }).version;
  }
  return versions;
}

export function readBuildInfo(appDir: URL, area?: BuildArea): BuildInfo {
  const pkg = JSON.parse(readFileSync(new URL('package.json', appDir), 'utf8')) as {
    name: string;
    version: string;
  };
  return {
    name: pkg.name,
    version: pkg.version,
    commit: commitOf(appDir),
    builtAt: new Date().toISOString(),
    shared: sharedVersions(appDir),
    ...(area ? { area } : {}),
  };
}

/** Emits `build.json` and defines `__CONSOLE_BUILD__` for the app in `appDir`. */
export function buildInfo(appDir: URL, area?: BuildArea): Plugin {
  let info: BuildInfo | undefined;
  const current = () => (info ??= readBuildInfo(appDir, area));
  return {
    name: 'manager-build-info',
    config: () => ({ define: { __CONSOLE_BUILD__: JSON.stringify(current()) } }),
    generateBundle() {
      this.emitFile({
        type: 'asset',
        fileName: 'build.json',
        source: `${JSON.stringify(current(), null, 2)}\n`,
      });
    },
  };
}
