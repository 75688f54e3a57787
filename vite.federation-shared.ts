import { readFileSync } from 'node:fs';
import { posix } from 'node:path';

/**
 * Build config shared by the shell and every remote (not app code: no app imports it).
 * One list of Module Federation singletons so the page holds exactly one React, one antd
 * and one `@manager/platform` (one auth store, one refresh queue, one toaster).
 *
 * antd and @ant-design/icons are not shared themselves: apps import them from `@manager/ui`
 * (packages/ui/src/antd.ts, icons.ts), so the shared `ui` carries antd tree-shaken to
 * the components the console uses (sharing antd whole cost 490 KB gzip on the first page;
 * see README "Benchmarks"). ESLint refuses a direct antd import outside packages/ui.
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
 * with), so remotes no longer bundle the contract and zod (30 KB gzip each); a remote built
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
}

/** `shared` option for `federation()`; requiredVersion comes from the app's package.json. */
export function federationShared(pkg: PackageJson): Record<string, SharedEntry> {
  const deps = { ...pkg.devDependencies, ...pkg.dependencies };
  const shared: Record<string, SharedEntry> = {};
  for (const name of SHARED_SINGLETONS) {
    const range = deps[name.endsWith('/') ? name.slice(0, -1) : name];
    // workspace:* is not a semver range: let the runtime accept whatever the host provides.
    const requiredVersion = range && !range.startsWith('workspace:') ? range : '*';
    shared[name] = { singleton: true, requiredVersion };
  }
  for (const name of SHARED_BY_VERSION) {
    const version = workspaceVersion(name);
    shared[name] = { singleton: false, requiredVersion: `^${version}` };
  }
  return shared;
}

/** The version in a workspace package's package.json (`@manager/contract` -> packages/contract). */
function workspaceVersion(name: string): string {
  const dir = name.replace('@manager/', '');
  const file = new URL(`./packages/${dir}/package.json`, import.meta.url);
  return (JSON.parse(readFileSync(file, 'utf8')) as { version: string }).version;
}

/** Default ports (spec: console 4173, remotes 4174-4178); PORT overrides. */
export const APP_PORTS = {
  shell: 4173,
  mf_users: 4174,
  mf_commerce: 4175,
  mf_transactions: 4176,
  mf_engagement: 4177,
  mf_settings: 4178,
} as const;

export function appPort(app: keyof typeof APP_PORTS): number {
  const fromEnv = Number(process.env.PORT);
  return Number.isInteger(fromEnv) && fromEnv > 0 ? fromEnv : APP_PORTS[app];
}

/** The part of a Rolldown `codeSplitting` group this file reads or writes. */
interface ChunkGroup {
  name: string | ((id: string, ...rest: unknown[]) => string | null | undefined);
  test?: RegExp | ((id: string) => boolean);
  priority?: number;
}

/** Priority @module-federation/vite 1.23 gives its own chunk-naming group (MF_GROUP_PRIORITY). */
const FEDERATION_GROUP_PRIORITY = 1e6;

/**
 * The federation runtime and SDK, the runtime a remote reads from the page, the share map and
 * Vite's preload helper (every chunk imports it; the entry needs it first).
 */
const RUNTIME_MODULE =
  /@module-federation[\\/]|mf-external-runtime-core|localSharedImportMap|vite[\\/]preload-helper/;
/** The host's init and pending shares (a remote's run only in its own dev harness page). */
const HOST_INIT_MODULE = /hostAutoInit|pendingShares/;
/** The shared workspace packages (with their dependencies: Rolldown adds those to the group). */
const CONSOLE_LIB_MODULE = /packages[\\/](ui|platform|contract)[\\/]src[\\/]/;
/** A remote's own code, */
const REMOTE_PAGE_MODULE = /[\\/]mf-[a-z]+[\\/]src[\\/]/;
/** except its dev harness (`src/harness/`: the remote's own index.html, never loaded by the shell). */
const REMOTE_HARNESS_MODULE = /[\\/]src[\\/]harness[\\/]/;

/**
 * Issue 9 (at most 12 JS requests before the first render): left alone, @module-federation/vite
 * puts every piece of the federation machinery in a chunk of its own: the SDK, the runtime and
 * its helpers, the share map, Vite's preload helper, and one chunk per shared library's init
 * wrapper (react, react-dom, react-dom/client, TanStack Query, dayjs), plus one per workspace
 * package (`ui`, `platform`, `contract`); a remote adds one per page. The first page needs
 * all of them. This Vite plugin regroups them:
 * - `federation-runtime`: the SDK, runtime, share map and the helpers every chunk imports
 *   (Rolldown's own runtime helpers stay a 0.4 KB chunk: no group can claim them), and on the
 *   host its init and pending shares;
 * - `host`: on the host only, the init wrappers of every library the host provides, with the
 *   libraries they carry (react, react-dom, TanStack Query, dayjs): the host loads all of them
 *   at start anyway, so one chunk costs nothing and saves five requests;
 * - `console-libs`: on the host only, `ui`, `platform` and `contract` with their dependencies,
 *   except antd's on-demand components (packages/ui/src/antd-heavy.ts stays its own chunk);
 * - `routes`: on a remote, its wrappers (they read the host's copies) and all its pages (6-11
 *   KB gzip per remote): what `./routes` loads. A remote's first page is remoteEntry,
 *   runtime, Rolldown's helpers and this: 4 requests (8 before, plus one per page).
 * After the build, the re-export chunks Rolldown keeps for entries a group took (`./routes`,
 * `hostInit`, `pendingShares`) are skipped and the plugin's entry script is inlined into the
 * shell's index.html (`skipFacades`, `inlineEntryScript` below): the dashboard loads 6.
 *
 * It wraps the plugin's own naming group (found by its priority) instead of replacing it, so
 * every module the plugin names keeps its chunk unless listed above; Rolldown makes one chunk
 * per group and name, so everything merged into one chunk is named by that one group. A plugin
 * upgrade that changes the group fails the build here rather than silently splitting again;
 * the bench (`pnpm bench`, bytes) counts the requests.
 */
export function federationChunks(role: 'host' | 'remote') {
  let base = '/';
  return {
    name: 'manager-federation-chunks',
    apply: 'build' as const,
    configResolved(config: { base: string }) {
      base = config.base;
    },
    config(config: { build?: { rolldownOptions?: { output?: unknown } } }) {
      const output = config.build?.rolldownOptions?.output as
        | { codeSplitting?: { groups?: ChunkGroup[] } }
        | undefined;
      const groups = output?.codeSplitting?.groups;
      const naming = groups?.find(
        (g) => g.priority === FEDERATION_GROUP_PRIORITY && typeof g.name === 'function',
      );
      if (!groups || !naming || typeof naming.name !== 'function') {
        throw new Error(
          'manager-federation-chunks: the federation plugin\'s codeSplitting group was not found (plugin order or version changed)',
        );
      }
      // Rolldown makes one chunk per group and name, so every regrouped module is named by the
      // plugin's group (the first to claim a module wins): the plugin's separate group for
      // Vite's preload helper is emptied and the helper named here instead.
      const preload = groups.find((g) => g.name === 'vite-preload-helper');
      if (!preload) {
        throw new Error('manager-federation-chunks: the federation plugin\'s preload-helper group was not found');
      }
      preload.test = () => false;
      const named = naming.name;
      naming.name = function (this: unknown, id: string, ...rest: unknown[]) {
        if (RUNTIME_MODULE.test(id) || (role === 'host' && HOST_INIT_MODULE.test(id))) {
          return 'federation-runtime';
        }
        const chunk = named.call(this, id, ...rest);
        // Wrapper chunks are named after the wrapper (`..__loadShare__react__loadShare__.js`),
        // the ones the plugin already coalesces (workspace packages) `..__loadShare__shared`.
        if (chunk?.includes('__loadShare__')) return role === 'host' ? 'host' : 'routes';
        if (chunk || role === 'host') return chunk;
        return REMOTE_PAGE_MODULE.test(id) && !REMOTE_HARNESS_MODULE.test(id) ? 'routes' : null;
      };
      // A group of its own, below the plugin's: the libraries the workspace packages import
      // through the share scope's wrappers (react, TanStack Query, ...) stay in `host`.
      if (role === 'host') {
        groups.push({
          name: 'console-libs',
          test: (id: string) => CONSOLE_LIB_MODULE.test(id) && !id.includes('antd-heavy'),
          priority: 2,
        });
      }
    },
    /**
     * The plugin's own checks find its chunks by file name (`__loadShare__`), so they no longer
     * see the renamed ones: these keep what they guarded. The libraries and their wrappers are
     * loaded when the share scope asks for them, never by a static import from the runtime or
     * host init, and antd's on-demand chunk stays on demand.
     */
    generateBundle: {
      // After the federation plugin's own (it writes the entry script into index.html).
      order: 'post' as const,
      handler(this: { error(message: string): never }, _options: unknown, bundle: Record<string, BundleChunk>) {
        const chunks = Object.values(bundle).filter((c) => c.type === 'chunk');
        const named = (name: string) => chunks.filter((c) => c.name === name);
        const fail = (message: string) =>
          this.error(`manager-federation-chunks: ${message} (chunks: ${chunks.map((c) => c.name).join(', ')})`);
        // A chunk the plugin would make again (its preload-helper group is emptied above).
        if (named('vite-preload-helper').length > 0) fail('the preload helper is a chunk of its own again');
        // A remote's wrappers wait for the share scope, which the host fills through the remote's
        // entry: imported statically by the entry or the runtime, they would wait forever.
        const lazy: [string, string][] =
          role === 'remote'
            ? [
                ['remoteEntry', 'routes'],
                ['federation-runtime', 'routes'],
              ]
            : [
                ['federation-runtime', 'host'],
                ['federation-runtime', 'console-libs'],
                ['hostInit', 'host'],
                ['host', 'console-libs'],
                ['console-libs', 'antd-heavy'],
              ];
        for (const [from, to] of lazy) {
          const importers = named(from);
          const imported = named(to);
          if (importers.length === 0 || imported.length === 0) fail(`no chunk named ${importers.length === 0 ? from : to}`);
          for (const importer of importers) {
            if (imported.some((c) => importer.imports?.includes(c.fileName))) {
              fail(`${from} imports ${to} statically; it must load on demand`);
            }
          }
        }
        const facades = skipFacades(bundle);
        if (role === 'host') inlineEntryScript(bundle, facades, base, fail);
      },
    },
  };
}

/** The part of an output chunk or asset `generateBundle` reads and writes. */
interface BundleChunk {
  type: string;
  name?: string;
  fileName: string;
  imports?: string[];
  code?: string;
  source?: string | Uint8Array;
}

/** A chunk that only re-exports another one (`export{t as default}from"./routes-x.js"`). */
interface Facade {
  /** The chunk it re-exports, as a path from the facade's folder (`./routes-x.js`). */
  target: string;
  /** `{ exported: m.local, ... }`: the facade's namespace, built from the target's module. */
  namespace: string;
}

const FACADE = /^export\s*\{([^}]*)\}\s*from\s*["'](\.\/[^"'/]+)["'];?$/;
const NAME = /^[\w$]+$/;

/**
 * Issue 9 (JS requests before the first render): Rolldown keeps a 47-81 byte re-export
 * chunk ("facade") for an entry whose module a chunk group took (rolldown/rolldown#9729): a
 * remote's `./routes` (in its `routes` chunk) and the host's `hostInit` and `pendingShares`
 * (in `federation-runtime`). Each is one more request, made only after the file importing it
 * has run. This makes every dynamic `import("…/facade.js")` in the bundle import the chunk
 * the facade re-exports and build the same namespace (`.then((m) => ({ default: m.t }))`),
 * points Vite's preload lists (`__vite__mapDeps`) at that chunk too, and returns the facades,
 * still emitted, for the entry script (below). Only a facade of plain names re-exporting a
 * chunk of its own folder is taken (so the importer's path to it only changes its file
 * name); anything else is left as Rolldown wrote it: one request more, never a broken import.
 */
function skipFacades(bundle: Record<string, BundleChunk>): Map<string, Facade> {
  const facades = new Map<string, Facade>();
  for (const chunk of Object.values(bundle)) {
    const match = chunk.type === 'chunk' && chunk.imports?.length === 1 ? FACADE.exec(chunk.code?.trim() ?? '') : null;
    if (!match) continue;
    const pairs = match[1]!.split(',').map((pair) => pair.trim().split(/\s+as\s+/));
    if (!pairs.every((pair) => pair.length <= 2 && pair.every((name) => NAME.test(name)))) continue;
    const namespace = pairs.map(([local, exported = local]) => `${JSON.stringify(exported)}: m.${local}`).join(', ');
    facades.set(chunk.fileName, { target: match[2]!, namespace: `{ ${namespace} }` });
  }
  // Per facade, once: how its dynamic imports and its preload-list entry are rewritten.
  const rewrites = [...facades].map(([fileName, facade]) => {
    const folder = fileName.slice(0, fileName.lastIndexOf('/') + 1);
    const target = facade.target.slice(2);
    const name = escapeRegExp(fileName.slice(folder.length));
    return {
      specifier: new RegExp(`import\\((["'\`])([^"'\`]*/)?${name}\\1\\)`, 'g'),
      dynamicImport: (_text: string, quote: string, path = '') =>
        `import(${quote}${path}${target}${quote}).then((m) => (${facade.namespace}))`,
      listed: `"${fileName}"`,
      listedTarget: `"${folder}${target}"`,
    };
  });
  for (const chunk of Object.values(bundle)) {
    if (chunk.type !== 'chunk' || !chunk.code) continue;
    for (const { specifier, dynamicImport, listed, listedTarget } of rewrites) {
      chunk.code = chunk.code.replace(specifier, dynamicImport).replaceAll(listed, () => listedTarget);
    }
  }
  return facades;
}

/**
 * Issue 9: the federation plugin's entry script (`mf-entry-bootstrap-*.js`, the page's one
 * `<script>`: it runs the host's init, then imports the entry) is a request before anything
 * else can start; its `hostInit` and `pendingShares` are facades (above) it imports by name.
 * Inlined into index.html, with its paths made absolute and the facades skipped, the console
 * starts with no request of its own and 3 fewer in all. The build fails if the script, its
 * tag or its imports are not as expected (a facade still named, a path not under `base`), or
 * if `base` is relative. An inline module script: a Content-Security-Policy without
 * 'unsafe-inline' needs its hash (none is set today).
 */
function inlineEntryScript(
  bundle: Record<string, BundleChunk>,
  facades: Map<string, Facade>,
  base: string,
  fail: (message: string) => never,
): void {
  if (!base.startsWith('/') && !/^https?:\/\//.test(base)) fail(`inlining the entry script needs an absolute base, not "${base}"`);
  const entryScripts = Object.values(bundle).filter(
    (file) => file.type === 'asset' && /(^|\/)mf-entry-bootstrap-[^/]+\.js$/.test(file.fileName),
  );
  if (entryScripts.length !== 1) fail(`expected one mf-entry-bootstrap script, found ${entryScripts.length}`);
  const script = entryScripts[0]!;
  const html = bundle['index.html'];
  const tag = `<script type="module" crossorigin src="${base}${script.fileName}"></script>`;
  if (!html || typeof html.source !== 'string' || !html.source.includes(tag)) fail(`index.html does not load ${script.fileName}`);
  const folder = script.fileName.slice(0, script.fileName.lastIndexOf('/') + 1);
  let source = html.source;
  // Every import of the script, made absolute (it was relative to the script's folder; inline
  // it would be relative to the page's URL), a facade's swapped for the chunk it re-exports.
  const code = String(script.source).replace(/__mfImport\((["'])([^"']+)\1\)/g, (_text, quote: string, specifier: string) => {
    const path = posix.normalize(posix.join(folder, specifier));
    if (path.startsWith('../') || /^[a-z]+:/i.test(specifier) || specifier.startsWith('/')) {
      fail(`the entry script imports ${specifier}, outside the build`);
    }
    const facade = facades.get(path);
    if (!facade) return `__mfImport(${quote}${base}${path}${quote})`;
    source = source.replace(
      new RegExp(`\\s*<link rel="modulepreload" crossorigin href="${escapeRegExp(base + path)}">`, 'g'),
      () => '',
    );
    const target = posix.join(posix.dirname(path), facade.target);
    return `__mfImport(${quote}${base}${target}${quote}).then((m) => (${facade.namespace}))`;
  });
  for (const fileName of facades.keys()) {
    if (code.includes(fileName.slice(fileName.lastIndexOf('/') + 1))) fail(`the entry script still loads ${fileName}`);
  }
  if (!/__mfImport\(/.test(code)) fail('the entry script imports nothing');
  const inline = code.replace(/<\/script/gi, '<\\/script').replace(/<!--/g, '<\\!--');
  html.source = source.replace(tag, () => `<script type="module">${inline}</script>`);
  delete bundle[script.fileName];
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
