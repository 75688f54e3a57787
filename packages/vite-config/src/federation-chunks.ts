/**
 * The chunk groups of the shell's and the remotes' builds (a Vite plugin; build config, not
 * app code). Left alone, @module-federation/vite puts every piece of the federation machinery
 * in a chunk of its own: the SDK, the runtime and its helpers, the share map, Vite's preload
 * helper, one chunk per shared library's init wrapper (react, react-dom, TanStack Query,
 * dayjs, ...) and one per workspace package; a remote adds one per page. The first page needs
 * all of them, one request each. `federationChunks(role)` regroups them:
 * - `federation-runtime`: the SDK, runtime, share map and the helpers every chunk imports
 *   (Rolldown's own runtime helpers stay a tiny chunk: no group can claim them), and on the
 *   host its init and pending shares;
 * - `host` (host only): the init wrappers of every library the host provides, with the
 *   libraries they carry: the host loads all of them at start anyway;
 * - `console-libs` (host only): `ui`, `platform` and `contract` with their dependencies,
 *   except antd's on-demand components (packages/ui/src/antd-heavy.ts and each module of
 *   antd-chunks/ stay chunks of their own, reached only by `import()`);
 * - `antd-heavy` (host only): antd's common on-demand components with what they need beyond
 *   the first page, so a remote page loads them in one request;
 * - `antd-form` (host only): antd's form engine (rc-form, async-validator), which every
 *   antd component's context imports but only forms run (the provider stays in `console-libs`);
 * - `routes` (remote only): its wrappers (they read the host's copies) and all its pages,
 *   what `./routes` loads.
 *
 * It wraps the plugin's own naming group (found by its priority) instead of replacing it, so
 * every module the plugin names keeps its chunk unless listed above. A plugin upgrade that
 * changes that group, or a regrouping that would make a chunk load too early, fails the build
 * here rather than silently splitting again or hanging at start (`federation-chunks.test.ts`).
 */

import { checkHostShareMap } from './host-share-map.ts';

export type Role = 'host' | 'remote';

/** The part of a Rolldown `codeSplitting` group this file reads or writes. */
export interface ChunkGroup {
  name: string | ((id: string, ...rest: unknown[]) => string | null | undefined);
  test?: RegExp | ((id: string) => boolean);
  priority?: number;
  includeDependenciesRecursively?: boolean;
}

/** The part of an output chunk or asset `generateBundle` reads. */
export interface BundleChunk {
  type: string;
  name?: string;
  fileName: string;
  imports?: string[];
  code?: string;
}

/** Priority @module-federation/vite gives its own chunk-naming group (its MF_GROUP_PRIORITY). */
const FEDERATION_GROUP_PRIORITY = 1e6;

/** The federation runtime and SDK, the share map and Vite's preload helper (every chunk imports it). */
const RUNTIME_MODULE =
  /@module-federation[\\/]|mf-external-runtime-core|localSharedImportMap|vite[\\/]preload-helper/;
/** The host's init and pending shares (a remote's run only in its own dev harness page). */
const HOST_INIT_MODULE = /hostAutoInit|pendingShares/;
/** The shared workspace packages (with their dependencies: Rolldown adds those to the group), */
const CONSOLE_LIB_MODULE = /packages[\\/](ui|platform|contract)[\\/]src[\\/]/;
/**
 * except ui's on-demand antd and what only it imports (`antd-heavy/`: the console's Modal; the
 * gift pickers of forms and the audit table), and platform's event stream connection and live calls
 * (`live/connection/`, `live/on-demand/`, loaded once the first screen is up or a page first
 * uses them): in the group, they would come with the first page.
 */
const ON_DEMAND_MODULE =
  /packages[\\/](ui[\\/]src[\\/](antd-heavy\.ts$|antd-heavy[\\/]|antd-chunks[\\/]|components[\\/](gift-pickers|audit)[\\/])|platform[\\/]src[\\/]live[\\/](connection|on-demand)[\\/])/;
/** antd's common on-demand components (the rarely used ones in antd-chunks/ stay apart). */
const ANTD_HEAVY_MODULE = /packages[\\/]ui[\\/]src[\\/]antd-heavy\.ts$/;
/** antd's form engine, but the provider every antd component's context imports. */
const FORM_ENGINE_MODULE = (id: string) =>
  /[\\/]@rc-component[\\/](form|async-validator)[\\/]/.test(id) && !/[\\/]FormContext\.js$/.test(id);
/** A remote's own code, */
const REMOTE_PAGE_MODULE = /[\\/]mf-[a-z]+[\\/]src[\\/]/;
/** except its dev harness entry (the remote's own index.html, never loaded by the shell). */
const REMOTE_HARNESS_MODULE = /[\\/]src[\\/]harness[\\/]/;

/**
 * Pairs of chunks where the first must not import the second statically. A wrapper waits for
 * the share scope, which the host fills at start and a remote's entry fills when the host
 * calls it: imported statically by the runtime or the entry, it would wait forever. antd's
 * on-demand chunk stays on demand.
 */
export const LAZY_PAIRS: Record<Role, [string, string][]> = {
  remote: [
    ['remoteEntry', 'routes'],
    ['federation-runtime', 'routes'],
  ],
  host: [
    ['federation-runtime', 'host'],
    ['federation-runtime', 'console-libs'],
    ['hostInit', 'host'],
    ['host', 'console-libs'],
    ['console-libs', 'antd-heavy'],
    ['console-libs', 'antd-form'],
  ],
};

function fail(message: string): never {
  throw new Error(`manager-federation-chunks: ${message}`);
}

/** Rewrites the federation plugin's `codeSplitting` groups in place (see the file's comment). */
export function regroup(groups: ChunkGroup[] | undefined, role: Role): void {
  const naming = groups?.find(
    (g) => g.priority === FEDERATION_GROUP_PRIORITY && typeof g.name === 'function',
  );
  if (!groups || !naming || typeof naming.name !== 'function') {
    fail("the federation plugin's codeSplitting group was not found (plugin order or version changed)");
  }
  // Rolldown makes one chunk per group and name, and the first group to claim a module wins:
  // the plugin's own group for Vite's preload helper is emptied and the helper named here.
  const preload = groups.find((g) => g.name === 'vite-preload-helper');
  if (!preload) fail("the federation plugin's preload-helper group was not found");
  preload.test = () => false;
  const named = naming.name as (id: string, ...rest: unknown[]) => string | null | undefined;
  naming.name = function (this: unknown, id: string, ...rest: unknown[]) {
    if (RUNTIME_MODULE.test(id) || (role === 'host' && HOST_INIT_MODULE.test(id)))
      return 'federation-runtime';
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
      test: (id: string) => CONSOLE_LIB_MODULE.test(id) && !ON_DEMAND_MODULE.test(id),
      priority: 2,
    });
    // antd's common on-demand components with every module they need that the first page
    // does not: one request when a remote page mounts. Left alone, Rolldown would split out
    // each module they share with a rarely used component's chunk (dozens of requests).
    groups.push({ name: 'antd-heavy', test: ANTD_HEAVY_MODULE, priority: 1 });
    // antd's form engine, claimed before `console-libs` (which would take it as a dependency of
    // antd's form context) and without its own dependencies, which the first page shares. It
    // stays out of the first page only because it is declared free of side effects
    // (side-effect-free.ts): else the context would run the engine's index, and the build
    // fails the check below.
    groups.push({
      name: 'antd-form',
      test: FORM_ENGINE_MODULE,
      priority: 3,
      includeDependenciesRecursively: false,
    });
  }
}

/**
 * The plugin's own checks find its chunks by file name (`__loadShare__`), so they no longer
 * see the renamed ones: these keep what they guarded. Throws on the first problem.
 */
export function checkChunks(bundle: Record<string, BundleChunk>, role: Role): void {
  const chunks = Object.values(bundle).filter((c) => c.type === 'chunk');
  const named = (name: string) => chunks.filter((c) => c.name === name);
  const check = (ok: boolean, message: string) => {
    if (!ok) fail(`${message} (chunks: ${chunks.map((c) => c.name).join(', ')})`);
  };
  check(named('vite-preload-helper').length === 0, 'the preload helper is a chunk of its own again');
  for (const [from, to] of LAZY_PAIRS[role]) {
    const importers = named(from);
    const imported = named(to);
    check(importers.length > 0, `no chunk named ${from}`);
    check(imported.length > 0, `no chunk named ${to}`);
    for (const importer of importers) {
      check(
        !imported.some((c) => importer.imports?.includes(c.fileName)),
        `${from} imports ${to} statically; it must load on demand`,
      );
    }
  }
}

/** The Vite plugin: after `federation()` in `plugins`. */
export function federationChunks(role: Role) {
  return {
    name: 'manager-federation-chunks',
    apply: 'build' as const,
    config(config: { build?: { rolldownOptions?: { output?: unknown } } }) {
      const output = config.build?.rolldownOptions?.output as
        { codeSplitting?: { groups?: ChunkGroup[] } } | undefined;
      regroup(output?.codeSplitting?.groups, role);
    },
    generateBundle(
      this: { error(message: string): never },
      _options: unknown,
      bundle: Record<string, BundleChunk>,
    ) {
      try {
        checkChunks(bundle, role);
        if (role === 'host') checkHostShareMap(bundle);
      } catch (error) {
        this.error((error as Error).message);
      }
    },
  };
}
