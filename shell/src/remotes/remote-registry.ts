import {
  federationName,
  skewMessage,
  unmetRequirements,
  type AreaName,
  type RemotesManifest,
} from '@manager/contract';
import { sessionUsername, toast, type RemoteRoute } from '@manager/platform';
import { loadRemote, registerRemotes, satisfy } from '@module-federation/runtime';
import { activeOverrides, overrideBuild } from './overrides';
import { SkewError } from './skew';
import { fetchRemotesManifest, targetFor, targetsFor } from './targets';
import {
  areaLabelOf,
  getConsoleVersions,
  setManifestState,
  loadedBuildFor,
  setConsoleVersions,
  setLoadedBuild,
  SHELL_BUILD,
  type RemoteBuild,
} from './versions';

/**
 * Remotes are found at run time: remotes.json points each remote at its live release (and a
 * canary for some admins); a QA override of this tab wins over both. The registry registers the
 * build the signed-in admin should run, checks that this console can satisfy it, loads its
 * `./routes`, and keeps `versions.ts` current (what runs, what should run).
 */
let manifestUrl = '/remotes.json';
let overrideOrigins: readonly string[] = [];
let manifest: Promise<RemotesManifest> | null = null;
/** The last remotes.json read, for the synchronous `currentTarget`. */
let lastManifest: RemotesManifest | null = null;
let initialised: Promise<void> | null = null;

const username = sessionUsername;

/** Override builds by manifest URL (their build.json is read once per tab). */
const overrideBuilds = new Map<string, Promise<RemoteBuild>>();
const resolvedOverrides = new Map<string, RemoteBuild>();
/** Refusals already said in this tab (a stored override the config no longer allows). */
const refusalsShown = new Set<string>();

async function overridesNow(): Promise<Partial<Record<AreaName, RemoteBuild>>> {
  const { urls, refused } = activeOverrides(overrideOrigins);
  for (const message of refused) {
    if (refusalsShown.has(message)) continue;
    refusalsShown.add(message);
    toast.error(message);
  }
  const entries = await Promise.all(
    (Object.entries(urls) as [AreaName, string][]).map(async ([name, url]) => {
      let pending = overrideBuilds.get(url);
      if (!pending) {
        pending = overrideBuild(url).then((build) => (resolvedOverrides.set(url, build), build));
        overrideBuilds.set(url, pending);
      }
      return [name, await pending] as const;
    }),
  );
  return Object.fromEntries(entries);
}

/**
 * Every remote's build for the signed-in admin, published as `live` in versions.ts, unless a
 * newer remotes.json was applied while an override's build.json was read (that one publishes).
 */
async function publishLive(list: RemotesManifest): Promise<Partial<Record<AreaName, RemoteBuild>>> {
  const targets = targetsFor(list, username(), await overridesNow());
  if (list === lastManifest) setConsoleVersions((current) => ({ ...current, live: targets }));
  return targets;
}

/** Reads of remotes.json, numbered in request order, and the newest one applied. */
let manifestRequests = 0;
let manifestApplied = 0;

/**
 * Reads remotes.json. Answers may arrive out of order (focus, the interval, an update): one
 * older than the newest applied is ignored, and its caller gets the newest instead.
 */
function refreshManifest(): Promise<RemotesManifest> {
  const request = ++manifestRequests;
  const fetched = fetchRemotesManifest(manifestUrl);
  manifest = fetched;
  return fetched.then(
    (list) => {
      if (request < manifestApplied && lastManifest) return lastManifest;
      manifestApplied = request;
      lastManifest = list;
      setManifestState('read');
      return list;
    },
    (error: unknown) => {
      if (manifest === fetched) manifest = null; // the next load tries again
      throw error;
    },
  );
}

/**
 * Reads remotes.json and publishes each remote's live build. The shell does not wait for it
 * before its first render (the dashboard needs no remote); a remote area that loads meanwhile
 * waits for it in `loadRemoteRoutes`. Registration happens at a remote's first load, for the
 * admin signed in then (a canary is per admin).
 */
export function initRemotes(
  url: string,
  options: { overrideOrigins?: readonly string[] } = {},
): Promise<void> {
  manifestUrl = url;
  overrideOrigins = options.overrideOrigins ?? [];
  initialised = refreshManifest()
    .then(async (list) => void (await publishLive(list)))
    .catch((error: unknown) => {
      setManifestState('failed');
      throw error;
    });
  return initialised;
}

let checking: Promise<void> | null = null;

/** Reads remotes.json again (focus, a visible tab, the interval); one read at a time. */
export function checkForUpdates(): Promise<void> {
  checking ??= refreshManifest()
    .then(async (list) => void (await publishLive(list)))
    .finally(() => (checking = null));
  return checking;
}

/** Publishes `live` again from the last remotes.json, e.g. for the admin who just signed in. */
export async function republishLive(): Promise<void> {
  if (lastManifest) await publishLive(lastManifest);
}

/**
 * The build a load that is not fresh runs: the one this tab already runs, while the same admin
 * is signed in (a new live release is taken with `Update <Remote>`, never behind their back);
 * otherwise the build `wanted` for the admin signed in now.
 */
function buildToRun(name: AreaName, wanted: RemoteBuild): RemoteBuild {
  return loadedBuildFor(name, username()) ?? wanted;
}

/**
 * The build a mount of this remote's area should show, as far as known without a request:
 * undefined before remotes.json was read or while an override's build.json is read.
 */
export function currentTarget(name: AreaName): RemoteBuild | undefined {
  if (!lastManifest) return undefined;
  const override = (activeOverrides(overrideOrigins).urls as Partial<Record<AreaName, string>>)[name];
  const entry = lastManifest[name];
  const wanted = override ? resolvedOverrides.get(override) : entry && targetFor(entry, username());
  return wanted && buildToRun(name, wanted);
}

/** The manifest URL each remote is registered with in the federation runtime. */
const registered = new Map<AreaName, string>();

const loaded = new Map<AreaName, RemoteRoute[]>();

/** A remote's routes if they were loaded already (e.g. by the idle prefetch), else undefined. */
export function loadedRemoteRoutes(name: AreaName): RemoteRoute[] | undefined {
  return loaded.get(name);
}

/** Loads in flight, so the early start, the prefetch and the area share one (for one admin). */
const inflight = new Map<AreaName, { username: string | null; load: Promise<RemoteRoute[]> }>();
/**
 * Per remote, the latest load (numbered) and its promise: an older load still running when a
 * newer one starts registers nothing and loads nothing more; it answers with the newer one.
 */
const latestLoads = new Map<AreaName, { number: number; load: Promise<RemoteRoute[]> }>();

/**
 * Loads a remote's `./routes`: a first load takes the build the signed-in admin should run; a
 * later one keeps the build this tab runs (see `buildToRun`). `fresh` (Retry, an update) reads
 * remotes.json again and registers the live build with `force`, which drops the runtime's cached
 * manifest, entry and modules, so a remote that came back or a new release is seen.
 */
export function loadRemoteRoutes(name: AreaName, fresh: boolean): Promise<RemoteRoute[]> {
  const pending = inflight.get(name);
  if (pending && !fresh && pending.username === username()) return pending.load;
  const number = (latestLoads.get(name)?.number ?? 0) + 1;
  const load = fetchRemoteRoutes(name, fresh, number).finally(() => {
    if (inflight.get(name)?.load === load) inflight.delete(name);
  });
  latestLoads.set(name, { number, load });
  inflight.set(name, { username: username(), load });
  return load;
}

/** Thrown inside a load that a newer one replaced; the load answers with the newer one. */
class Superseded extends Error {}

async function fetchRemoteRoutes(name: AreaName, fresh: boolean, number: number): Promise<RemoteRoute[]> {
  // Checked after every wait: once a newer load started, this one must not register or record.
  const current = <T>(value: T): T => {
    if (latestLoads.get(name)?.number !== number) throw new Superseded();
    return value;
  };
  try {
    // A first load may come while initRemotes is still reading remotes.json: let it finish
    // (on failure `manifest` is null again and is read below).
    current(await initialised?.catch(() => undefined));
    const list = current(fresh || !manifest ? await refreshManifest() : await manifest);
    const live = current(await publishLive(list))[name];
    // remotes.json may hold only some remotes (the live pointer lists promoted ones): this one
    // is unavailable on its own, the others load.
    if (!live) throw new Error(`${name} is not in remotes.json`);
    const target = fresh ? live : buildToRun(name, live);
    // Never load code this console cannot run: its area says what is missing instead.
    const unmet = unmetRequirements(target.requires, SHELL_BUILD.shared, satisfy);
    if (unmet.length > 0) throw new SkewError(skewMessage(areaLabelOf(name), unmet));
    const registeredEntry = registered.get(name);
    if (fresh || registeredEntry !== target.entry) {
      registerRemotes([{ name: federationName(name), entry: target.entry }], {
        force: registeredEntry !== undefined,
      });
      registered.set(name, target.entry);
    }
    const module = current(await loadRemote<{ default: RemoteRoute[] }>(`${federationName(name)}/routes`));
    if (!module || !Array.isArray(module.default)) {
      throw new Error(`${federationName(name)}/routes has no routes table`);
    }
    loaded.set(name, module.default);
    setLoadedBuild(name, target, username());
    return module.default;
  } catch (error) {
    if (!(error instanceof Superseded)) throw error;
    return latestLoads.get(name)!.load;
  }
}

/** The build of a remote this tab runs, if it was loaded. */
export function loadedRemoteBuild(name: AreaName): RemoteBuild | undefined {
  return getConsoleVersions().loaded[name];
}
