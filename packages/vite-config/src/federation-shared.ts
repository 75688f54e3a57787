import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import apps from '@manager/contract/apps.json' with { type: 'json' };

/**
 * Build config shared by the shell and every remote (not app code: no app imports it).
 * One list of Module Federation singletons so the page holds exactly one React, one antd
 * and one `@manager/platform` (one auth store, one refresh queue, one toaster).
 *
 * antd and @ant-design/icons are not shared themselves: apps import them from `@manager/ui`
 * (packages/ui/src/antd.ts, icons.ts), so the shared `ui` carries antd tree-shaken to
 * the components the console uses (sharing antd whole would put all of it, about 490 KB gzip,
 * on the first page). ESLint refuses a direct antd import outside packages/ui.
 * Likewise react-router-dom comes through `@manager/platform` (src/router.ts), and zustand and
 * react-hot-toast live only inside `@manager/platform` (its store and toasts): one copy each.
 */
export const SHARED_SINGLETONS = [
  'react',
  'react/',
  'react-dom',
  'react-dom/',
  '@manager/ui',
  'dayjs',
  '@tanstack/react-query',
  '@manager/platform',
] as const;

/**
 * Shared but not singletons: stateless code a remote may carry a newer copy of. The shell's
 * copy is used when it satisfies the remote's range (`^` of the version the remote was built
 * with), so remotes do not bundle the contract and zod (30 KB gzip each); a remote built
 * against a newer contract loads its own.
 */
export const SHARED_BY_VERSION = ['@manager/contract'] as const;

interface PackageJson {
  dependencies?: Record<string, string>;
  devDependencies?: Record<string, string>;
}

interface SharedEntry {
  singleton: boolean;
  requiredVersion?: string;
  eager?: boolean;
}

/**
 * `shared` option for `federation()`; requiredVersion comes from the app's package.json.
 *
 * `command`: on the dev server (`serve`) every share is eager. The plugin decides which shares
 * its dev runtime seeds at `init()` from what the dependency optimizer touched while it ran
 * (module-federation/vite#1219): after a restart with a warm `node_modules/.vite` the optimizer
 * does not run, nothing is seeded, and the entry reads `undefined` where react-dom expects
 * React (`Cannot read properties of undefined (reading 'd')`, a blank page). Eager shares are
 * seeded whatever the cache holds. A build is untouched: there eager would put every share in
 * the entry chunk, and the build has no optimizer cache to go stale.
 */
export function federationShared(
  pkg: PackageJson,
  command: 'build' | 'serve' = 'build',
): Record<string, SharedEntry> {
  const eager = command === 'serve' ? { eager: true } : {};
  const deps = { ...pkg.devDependencies, ...pkg.dependencies };
  const shared: Record<string, SharedEntry> = {};
  for (const name of SHARED_SINGLETONS) {
    const range = deps[name.endsWith('/') ? name.slice(0, -1) : name];
    // workspace:* is not a semver range: let the runtime accept whatever the host provides.
    const requiredVersion = range && !range.startsWith('workspace:') ? range : '*';
    shared[name] = { singleton: true, requiredVersion, ...eager };
  }
  // On the dev server `@manager/contract` is not shared: `@manager/ui` shares it already, and
  // the plugin would drop it itself with a warning at every start ("shared both alone and inside
  // @manager/ui ... initialization order issues in dev mode"). Each app bundles its own copy.
  if (command === 'serve') return shared;
  for (const name of SHARED_BY_VERSION) {
    // A remote outside the repository names a semver range; in it, the package's own version.
    const range = deps[name];
    const requiredVersion = range && isSemverRange(range) ? range : `^${installedVersion(name)}`;
    shared[name] = { singleton: false, requiredVersion, ...eager };
  }
  return shared;
}

/**
 * How long @module-federation/vite waits for the module graph before it writes the share map
 * (the host's) and the remote entry's share list: it waits until the graph is parsed, or until
 * no module has loaded for `moduleParseIdleTimeout` seconds (default 10). A build on a busy
 * machine can pause that long; the plugin then writes the map from the shares seen so far,
 * the host offers none of the rest at start, and the console starts blank. A complete graph
 * still ends the wait at once; a real hang still ends after five minutes. `host-share-map.ts`
 * fails a host build whose map is incomplete all the same.
 */
export const FEDERATION_PARSE_WAIT = { moduleParseIdleTimeout: 300 } as const;

/**
 * The version of `name` as this package has it installed: in the repository the workspace's
 * own (`packages/contract`), in a remote of its own the one its install resolved.
 */
function installedVersion(name: string): string {
  const file = createRequire(import.meta.url).resolve(`${name}/package.json`);
  return (JSON.parse(readFileSync(file, 'utf8')) as { version: string }).version;
}

/** A semver range of a registry package (`^0.9.0`, `~1.2`, `>=1 <2`), not `workspace:`, `file:`, `npm:`... */
const isSemverRange = (range: string) => /^[\^~<>=\d*xX |.-]+$/.test(range.trim());

/**
 * Each app's default port, by its federation name (`shell`, `mf_users`, ...), from the one list
 * of apps (packages/contract/src/apps.json); PORT overrides.
 */
export const APP_PORTS: Readonly<Record<string, number>> = Object.fromEntries([
  ['shell', apps.shell.port],
  ...Object.values(apps.remotes).map((remote) => [remote.folder.replace('-', '_'), remote.port]),
]);

export function appPort(app: string, unlisted?: number): number {
  const port = APP_PORTS[app] ?? unlisted;
  if (port === undefined)
    throw new Error(`${app} is not an app of packages/contract/src/apps.json: give it its ports`);
  const fromEnv = Number(process.env.PORT);
  return Number.isInteger(fromEnv) && fromEnv > 0 ? fromEnv : port;
}
