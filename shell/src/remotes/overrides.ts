import { buildInfoSchema, REMOTE_LABELS, REMOTE_NAMES, type RemoteName } from '@manager/contract';
import { requirementsOf } from './requirements';
import type { RemoteBuild } from './versions';

/**
 * QA overrides: `?override.<remote>=<manifest URL>` points one remote at another build in this
 * tab only (sessionStorage: it survives reloads, not a new tab). `?override.<remote>=` clears it.
 * Only origins listed in `remoteOverrideOrigins` are honoured, so a crafted link can never load
 * foreign code into an admin's session.
 */
const STORAGE_KEY = 'manager.remoteOverrides';
const PARAM_PREFIX = 'override.';

type Stored = Partial<Record<RemoteName, string>>;

function readStored(): Stored {
  try {
    const parsed: unknown = JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? '{}');
    if (!parsed || typeof parsed !== 'object') return {};
    return Object.fromEntries(
      Object.entries(parsed).filter(([name, url]) => (REMOTE_NAMES as readonly string[]).includes(name) && typeof url === 'string'),
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

/**
 * Takes the override parameters out of the address bar (before the router reads it) into
 * sessionStorage. A refused one is not kept; its message is returned for a toast.
 */
export function captureOverrides(origins: readonly string[]): string[] {
  const url = new URL(window.location.href);
  const stored = readStored();
  const refused: string[] = [];
  let seen = false;
  for (const [key, value] of [...url.searchParams]) {
    if (!key.startsWith(PARAM_PREFIX)) continue;
    const name = key.slice(PARAM_PREFIX.length) as RemoteName;
    if (!REMOTE_NAMES.includes(name)) continue;
    seen = true;
    url.searchParams.delete(key);
    if (value === '') delete stored[name];
    else if (allowed(value, origins)) stored[name] = new URL(value, window.location.href).href;
    else refused.push(refusalMessage(name, value));
  }
  if (!seen) return [];
  writeStored(stored);
  window.history.replaceState(window.history.state, '', `${url.pathname}${url.search}${url.hash}`);
  return refused;
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
  const build: RemoteBuild = { entry, version: null, commit: null, builtAt: null, requires: {}, canary: false, override: true };
  try {
    const response = await fetch(new URL('build.json', entry), { cache: 'no-cache' });
    if (!response.ok) return build;
    const info = buildInfoSchema.safeParse(await response.json());
    if (!info.success) return build;
    const { version, commit, builtAt, shared } = info.data;
    return { ...build, version, commit, builtAt, requires: requirementsOf(shared) };
  } catch {
    return build;
  }
}
