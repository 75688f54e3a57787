import {
  federationName,
  remotesManifestSchema,
  type RemoteName,
  type RemotesManifest,
} from '@manager/contract';
import type { RemoteRoute } from '@manager/platform';
import { loadRemote, registerRemotes } from '@module-federation/runtime';

/**
 * Remotes are found at run time: remotes.json maps each remote to its mf-manifest.json.
 * A team deploys a remote by replacing its files; the shell is never rebuilt.
 */
let manifestUrl = '/remotes.json';
let manifest: Promise<RemotesManifest> | null = null;

async function fetchManifest(): Promise<RemotesManifest> {
  const url = new URL(manifestUrl, window.location.href);
  const response = await fetch(url, { cache: 'no-cache' });
  if (!response.ok) throw new Error(`remotes.json: HTTP ${response.status}`);
  const parsed = remotesManifestSchema.parse(await response.json());
  // Entries may be relative to remotes.json itself.
  const entries = Object.entries(parsed).map(([k, v]) => [k, { ...v, entry: new URL(v.entry, url).href }]);
  return Object.fromEntries(entries) as RemotesManifest;
}

/** Remotes registered with the runtime (a load registers its remote if nobody did yet). */
const registered = new Set<RemoteName>();

function register(list: RemotesManifest, names: readonly RemoteName[], force: boolean) {
  registerRemotes(
    names.map((name) => ({ name: federationName(name), entry: list[name].entry })),
    { force },
  );
  for (const name of names) registered.add(name);
}

let initialised: Promise<void> | null = null;

/**
 * Fetches remotes.json and registers every remote with the federation runtime. The shell
 * does not wait for it before its first render (the dashboard needs no remote); a remote
 * area that loads meanwhile waits for it in `loadRemoteRoutes`.
 */
export function initRemotes(url: string): Promise<void> {
  manifestUrl = url;
  manifest = fetchManifest();
  initialised = manifest.then(
    (list) => register(list, Object.keys(list) as RemoteName[], false),
    (error: unknown) => {
      manifest = null; // the next area to load tries again
      throw error;
    },
  );
  return initialised;
}

/**
 * Loads a remote's `./routes`. On a retry the remote is registered again with `force`,
 * which drops the runtime's cached manifest and entry so a remote that came back is seen.
 */
const loaded = new Map<RemoteName, RemoteRoute[]>();

/** A remote's routes if they were loaded already (e.g. by the idle prefetch), else undefined. */
export function loadedRemoteRoutes(name: RemoteName): RemoteRoute[] | undefined {
  return loaded.get(name);
}

/** Loads in flight, so the early start, the prefetch and the area share one. */
const inflight = new Map<RemoteName, Promise<RemoteRoute[]>>();
/** Per remote, the latest load: an older one still running when Retry starts is ignored. */
const generations = new Map<RemoteName, number>();

export function loadRemoteRoutes(name: RemoteName, retry: boolean): Promise<RemoteRoute[]> {
  const pending = inflight.get(name);
  if (pending && !retry) return pending;
  const generation = (generations.get(name) ?? 0) + 1;
  generations.set(name, generation);
  const load = fetchRemoteRoutes(name, retry, generation).finally(() => {
    if (inflight.get(name) === load) inflight.delete(name);
  });
  inflight.set(name, load);
  return load;
}

async function fetchRemoteRoutes(name: RemoteName, retry: boolean, generation: number): Promise<RemoteRoute[]> {
  if (retry) loaded.delete(name);
  // A first load may come while initRemotes is still fetching remotes.json: let it finish
  // (on failure `manifest` is null again and is fetched below).
  await initialised?.catch(() => undefined);
  if (!manifest || retry) {
    manifest = fetchManifest();
    const list = await manifest.catch((error: unknown) => {
      manifest = null;
      throw error;
    });
    register(list, [name], true);
  } else if (!registered.has(name)) {
    // remotes.json was fetched by another remote's load (after initRemotes failed): register this one.
    register(await manifest, [name], false);
  }
  const module = await loadRemote<{ default: RemoteRoute[] }>(`${federationName(name)}/routes`);
  if (!module || !Array.isArray(module.default)) {
    throw new Error(`${federationName(name)}/routes has no routes table`);
  }
  if (generations.get(name) === generation) loaded.set(name, module.default);
  return module.default;
}
