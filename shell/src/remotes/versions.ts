import { areaLabel, type AreaInfo, type AreaName, type BuildInfo } from '@manager/contract';
import { useAuthStore } from '@manager/platform';
import { createExternalStore, useExternalStore } from '../lib/external-store';

/** The shell's own build, defined by `@manager/vite-config, build-info.ts` (a fixed stand-in under Vitest). */
export const SHELL_BUILD: BuildInfo = __CONSOLE_BUILD__;

/** One build of a remote as this tab knows it. */
export interface RemoteBuild {
  /** Absolute URL of its `mf-manifest.json`. */
  entry: string;
  version: string | null;
  commit: string | null;
  builtAt: string | null;
  /** Semver ranges of the shared singletons it needs (empty when `remotes.json` does not say). */
  requires: Record<string, string>;
  /** Chosen because the signed-in admin is in the release's canary list. */
  canary: boolean;
  /** A QA override in this browser (an allowed origin), not `remotes.json`. */
  override: boolean;
  /** The area of a remote the shell was not built with, as its release states it. */
  area?: AreaInfo;
}

export interface ConsoleVersions {
  /** What each remote runs in this tab; absent until its first load. */
  loaded: Partial<Record<AreaName, RemoteBuild>>;
  /** What each remote should run now for the signed-in admin (canary and overrides applied). */
  live: Partial<Record<AreaName, RemoteBuild>>;
}

/**
 * The builds the console runs and the ones it should run: written by the remote registry,
 * read by the About dialog, the update notice and the API client's `X-Console-Version`.
 */
const store = createExternalStore<ConsoleVersions>({ loaded: {}, live: {} });

/**
 * Whether remotes.json was read: until it was, a path no route knows may be one of an area the
 * shell was not built with, so it shows loading, not "Page not found"; when it could not be
 * read at all, the page says so with Retry.
 */
export type ManifestState = 'pending' | 'read' | 'failed';
const manifestState = createExternalStore<ManifestState>('pending');
export const setManifestState = (state: ManifestState) =>
  manifestState.set((current) => (current === 'read' ? current : state));
export const useManifestState = () => useExternalStore(manifestState);

export function getConsoleVersions(): ConsoleVersions {
  return store.get();
}

export function setConsoleVersions(update: (current: ConsoleVersions) => ConsoleVersions): void {
  store.set(update);
}

export function subscribeConsoleVersions(listener: () => void): () => void {
  return store.subscribe(listener);
}

export function useConsoleVersions(): ConsoleVersions {
  return useExternalStore(store);
}

/** An area's name for people: the console's own label, else the one its release states. */
export function areaLabelOf(name: AreaName, versions: ConsoleVersions = store.get()): string {
  return areaLabel(name, versions.live[name]?.area ?? versions.loaded[name]?.area);
}

/**
 * The live build of a remote when this tab runs another one (by manifest URL), else null: what
 * `Update <Remote>` would take. A remote not loaded in this tab has no update (its next visit
 * loads the live build).
 */
export function updateFor(name: AreaName, versions: ConsoleVersions): RemoteBuild | null {
  const running = versions.loaded[name];
  const wanted = versions.live[name];
  return running && wanted && running.entry !== wanted.entry ? wanted : null;
}

/** For whom (username, null: signed out) each build in `loaded` was chosen: a canary is per admin. */
const loadedFor = new Map<AreaName, string | null>();

/** Records that this tab now runs `build` of a remote, loaded for the admin `username`. */
export function setLoadedBuild(name: AreaName, build: RemoteBuild, username: string | null): void {
  loadedFor.set(name, username);
  setConsoleVersions((current) => ({ ...current, loaded: { ...current.loaded, [name]: build } }));
}

/** The build this tab runs for a remote, if it was loaded for the admin `username`. */
export function loadedBuildFor(name: AreaName, username: string | null): RemoteBuild | undefined {
  return loadedFor.get(name) === username ? store.get().loaded[name] : undefined;
}

/**
 * Drops from `loaded` the builds chosen for another admin than `username`: after a sign-out and
 * a sign-in in the same tab, `X-Console-Version`, About and the Update buttons name only builds
 * this admin ran; their next visit to an area loads the build meant for them.
 */
export function keepBuildsOf(username: string | null): void {
  const others = [...loadedFor].filter(([, admin]) => admin !== username).map(([name]) => name);
  if (others.length === 0) return;
  for (const name of others) loadedFor.delete(name);
  setConsoleVersions((current) => ({
    ...current,
    loaded: Object.fromEntries(
      Object.entries(current.loaded).filter(([name]) => !others.includes(name as AreaName)),
    ),
  }));
}

useAuthStore.subscribe((auth) => keepBuildsOf(auth.admin?.username ?? null));
