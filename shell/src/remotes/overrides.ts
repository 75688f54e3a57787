import { buildInfoSchema, REMOTE_LABELS, REMOTE_NAMES, type RemoteName } from '@manager/contract';
import { sharedRequirements } from '@manager/contract';
import { createExternalStore, useExternalStore } from '../lib/external-store';
import type { RemoteBuild } from './versions';

/**
 * QA overrides: `?override.<remote>=<manifest URL>` points one remote at another build in this
 * tab only (sessionStorage: it survives reloads, not a new tab). `?override.<remote>=` clears it.
 * Only origins listed in `remoteOverrideOrigins` are honoured, so a crafted link can never load
 * foreign code into an admin's session; even an allowed one waits until the admin confirms it
 * (a link alone never swaps code under them), and only a confirmed one is kept.
 */
const STORAGE_KEY = 'manager.remoteOverrides';
const PARAM_PREFIX = 'override.';

type Stored = Partial<Record<RemoteName, string>>;

function readStored(): Stored {
  try {
    const parsed: unknown = JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? '{}');
    if (!parsed || typeof parsed !== 'object') return {};
    return Object.fromEntries(
      Object.entries(parsed).filter(
        ([name, url]) => (REMOTE_NAMES as readonly string[]).includes(name) && typeof url === 'string',
      ),
    ) as Stored;
  } catch {
    return {};
  }
}

function writeStored(stored: Stored): void {
  if (Object.keys(stored).length === 0) sessionStorage.removeItem(STORAGE_KEY);
  else sessionStorage.setItem(STORAGE_KEY, JSON.stringify(stored));
}

/** The origin of an override URL (relative ones are the console's), or null when it is no URL. */
function originOf(url: string): string | null {
  try {
    const { origin } = new URL(url, window.location.href);
    // Schemes without an origin (`data:`, `javascript:`) give the string "null".
    return origin === 'null' ? null : origin;
  } catch {
    return null;
  }
}

/** `Override of Settings refused: https://evil.example is not allowed`. */
export function refusalMessage(name: RemoteName, url: string): string {
  return `Override of ${REMOTE_LABELS[name]} refused: ${originOf(url) ?? url} is not allowed`;
}

function allowed(url: string, origins: readonly string[]): boolean {
  const origin = originOf(url);
  return origin !== null && origins.some((o) => originOf(o) === origin);
}

/** An allowed override that came in the address bar and waits for the admin's answer. */
export interface PendingOverride {
  name: RemoteName;
  /** Absolute URL of the build's `mf-manifest.json`. */
  url: string;
}

const pending = createExternalStore<readonly PendingOverride[]>([]);

/** The overrides waiting to be confirmed, first asked first. */
export function usePendingOverrides(): readonly PendingOverride[] {
  return useExternalStore(pending);
}

export function getPendingOverrides(): readonly PendingOverride[] {
  return pending.get();
}

/**
 * Takes the override parameters out of the address bar (before the router reads it). An empty
 * one clears that remote's override at once; an allowed one waits for confirmation
 * (`usePendingOverrides`), nothing is stored yet; a refused one is dropped and its message is
 * returned for a toast.
 */
export function captureOverrides(origins: readonly string[]): string[] {
  const url = new URL(window.location.href);
  const stored = readStored();
  const refused: string[] = [];
  const asked: PendingOverride[] = [];
  let seen = false;
  for (const [key, value] of [...url.searchParams]) {
    if (!key.startsWith(PARAM_PREFIX)) continue;
    const name = key.slice(PARAM_PREFIX.length) as RemoteName;
    if (!REMOTE_NAMES.includes(name)) continue;
    seen = true;
    url.searchParams.delete(key);
    if (value === '') delete stored[name];
    else if (allowed(value, origins)) asked.push({ name, url: new URL(value, window.location.href).href });
    else refused.push(refusalMessage(name, value));
  }
  if (!seen) return [];
  writeStored(stored);
  if (asked.length > 0) {
    pending.set((current) => [...current.filter((p) => !asked.some((a) => a.name === p.name)), ...asked]);
  }
  window.history.replaceState(window.history.state, '', `${url.pathname}${url.search}${url.hash}`);
  return refused;
}

/** The admin's answer to a pending override: `load` keeps it for this tab, otherwise it is dropped. */
export function answerOverride(name: RemoteName, load: boolean): PendingOverride | undefined {
  const asked = pending.get().find((p) => p.name === name);
  pending.set((current) => current.filter((p) => p.name !== name));
  if (asked && load) writeStored({ ...readStored(), [name]: asked.url });
  return asked;
}

/** Ends the override of these remotes in this tab: they run the live build again. */
export function clearOverrides(names: readonly RemoteName[]): void {
  const stored = readStored();
  for (const name of names) delete stored[name];
  writeStored(stored);
}

/**
 * The overrides of this tab that the current configuration allows, and the refusal messages of
 * those it no longer allows (the stored ones are checked again: the config may have changed).
 */
export function activeOverrides(origins: readonly string[]): { urls: Stored; refused: string[] } {
  const urls: Stored = {};
  const refused: string[] = [];
  for (const [name, url] of Object.entries(readStored()) as [RemoteName, string][]) {
    if (allowed(url, origins)) urls[name] = url;
    else refused.push(refusalMessage(name, url));
  }
  return { urls, refused };
}

/**
 * An override's build: version and needs from the `build.json` beside its manifest. Without
 * one (or unreadable) the version is unknown and nothing is required.
 */
export async function overrideBuild(entry: string): Promise<RemoteBuild> {
  const build: RemoteBuild = {
    entry,
    version: null,
    commit: null,
    builtAt: null,
    requires: {},
    canary: false,
    override: true,
  };
  try {
    const response = await fetch(new URL('build.json', entry), { cache: 'no-cache' });
    if (!response.ok) return build;
    const info = buildInfoSchema.safeParse(await response.json());
    if (!info.success) return build;
    const { version, commit, builtAt, shared } = info.data;
    return { ...build, version, commit, builtAt, requires: sharedRequirements(shared) };
  } catch {
    return build;
  }
}
