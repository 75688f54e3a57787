import {
  areaConflict,
  areaPrefixes,
  REMOTE_NAMES,
  remotesManifestSchema,
  type RemoteEntry,
  type AreaName,
  type RemotesManifest,
  type RemoteTarget,
} from '@manager/contract';
import type { RemoteBuild } from './versions';

/**
 * Fetches `remotes.json` (never from the HTTP cache: it is the live pointer) and makes every
 * entry absolute: `entry` and a canary's `entry` may be relative to the file's own URL.
 */
export async function fetchRemotesManifest(manifestUrl: string): Promise<RemotesManifest> {
  const url = new URL(manifestUrl, window.location.href);
  // A server that never answers must not leave the console waiting for ever.
  const response = await fetch(url, { cache: 'no-cache', signal: AbortSignal.timeout(15_000) });
  if (!response.ok) throw new Error(`remotes.json: HTTP ${response.status}`);
  const parsed = remotesManifestSchema.parse(await response.json());
  const absolute = (entry: RemoteEntry): RemoteEntry => ({
    ...entry,
    entry: new URL(entry.entry, url).href,
    ...(entry.canary ? { canary: { ...entry.canary, entry: new URL(entry.canary.entry, url).href } } : {}),
  });
  // A remote the file lacks stays absent (not an `undefined` key): its area says so.
  return Object.fromEntries(
    Object.entries(parsed).flatMap(([name, entry]) => (entry ? [[name, absolute(entry)]] : [])),
  ) as RemotesManifest;
}

function buildOf(target: RemoteTarget, marks: { canary: boolean; override: boolean }): RemoteBuild {
  return {
    entry: target.entry,
    version: target.version ?? null,
    commit: target.commit ?? null,
    builtAt: target.builtAt ?? null,
    requires: target.requires ?? {},
    ...marks,
    ...(target.area ? { area: target.area } : {}),
  };
}

/**
 * The build of one remote that the signed-in admin should run: the canary when their username
 * is listed (exact match), else the live one. Signed out (`null`): the live one.
 */
export function targetFor(entry: RemoteEntry, username: string | null): RemoteBuild {
  const canary =
    entry.canary && username !== null && entry.canary.admins.includes(username) ? entry.canary : null;
  return canary
    ? buildOf(canary, { canary: true, override: false })
    : buildOf(entry, { canary: false, override: false });
}

/**
 * Every remote's target for this admin, with the QA overrides of this tab winning. A remote
 * remotes.json lacks has none (unless overridden): it cannot load.
 */
export function targetsFor(
  manifest: RemotesManifest,
  username: string | null,
  overrides: Partial<Record<AreaName, RemoteBuild>>,
): Partial<Record<AreaName, RemoteBuild>> {
  const targets: Partial<Record<AreaName, RemoteBuild>> = {};
  for (const name of REMOTE_NAMES) {
    const entry = manifest[name];
    const target = overrides[name] ?? (entry && targetFor(entry, username));
    if (target) targets[name] = target;
  }
  // Then the areas the shell was not built with, in the file's order: each that states an area
  // no other owns (areas.ts in @manager/contract); the first to claim a prefix keeps it.
  const taken: string[] = [];
  for (const [name, entry] of Object.entries(manifest)) {
    if ((REMOTE_NAMES as readonly string[]).includes(name) || !entry) continue;
    const target = targetFor(entry, username);
    const conflict = target.area ? areaConflict(name, target.area, taken) : 'its release states no area';
    if (conflict) {
      console.warn(`remotes.json: ${name} is not mounted: ${conflict}`);
      continue;
    }
    taken.push(...areaPrefixes(target.area!));
    targets[name] = target;
  }
  return targets;
}
