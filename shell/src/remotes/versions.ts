import type { BuildInfo, RemoteName } from '@manager/contract';
import { useSyncExternalStore } from 'react';

/** The shell's own build, defined by `vite.build-info.ts` (a fixed stand-in under Vitest). */
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
}

export interface ConsoleVersions {
  /** What each remote runs in this tab; absent until its first load. */
  loaded: Partial<Record<RemoteName, RemoteBuild>>;
  /** What each remote should run now for the signed-in admin (canary and overrides applied). */
  live: Partial<Record<RemoteName, RemoteBuild>>;
}

/**
 * The builds the console runs and the ones it should run: written by the remote registry,
 * read by the About dialog, the update notice and the API client's `X-Console-Version`.
 */
let state: ConsoleVersions = { loaded: {}, live: {} };
const listeners = new Set<() => void>();

export function getConsoleVersions(): ConsoleVersions {
  return state;
}

export function setConsoleVersions(update: (current: ConsoleVersions) => ConsoleVersions): void {
  state = update(state);
  for (const listener of listeners) listener();
}

export function subscribeConsoleVersions(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useConsoleVersions(): ConsoleVersions {
  return useSyncExternalStore(subscribeConsoleVersions, getConsoleVersions);
}
