import {
  AREA_NAME,
  remoteCanarySchema,
  remoteEntrySchema,
  type AreaName,
  type RemoteTarget,
} from '@manager/contract';
import { z } from 'zod';
import { ReleaseError } from './errors';
import { readJson, writeJsonAtomic } from './files';
import { historyFile, liveFile, releaseEntry, type ReleaseInfo, type Workspace } from './layout';

/**
 * A canary of a remote never promoted: those admins get the release, everyone else keeps the
 * console's own build of the remote (the one it serves without a release; `pnpm start` merges
 * this entry over it, packages/stack/src/served.ts). The first canary needs no release first.
 */
const canaryOnlySchema = z.object({ canary: remoteCanarySchema }).strict();
export type CanaryOnly = z.infer<typeof canaryOnlySchema>;

/**
 * The live pointer on disk: promoted remotes only (a remote may be missing), each an entry as
 * `remotes.json` holds it (`remotesManifestSchema`) or a canary over the console's own build.
 */
const liveSchema = z.record(
  z.string().regex(AREA_NAME),
  z.union([remoteEntrySchema, canaryOnlySchema]).optional(),
);
export type LiveManifest = z.infer<typeof liveSchema>;
export type LiveEntry = NonNullable<LiveManifest[AreaName]>;
/** A live entry with a release (or a URL) for everyone, not only a canary. */
export type PromotedEntry = Exclude<LiveEntry, CanaryOnly>;

export const isPromoted = (entry: LiveEntry | undefined): entry is PromotedEntry =>
  entry !== undefined && 'entry' in entry;

/** The version live for everyone (none for a canary over the console's own build). */
export const liveVersion = (entry: LiveEntry | undefined): string | undefined =>
  isPromoted(entry) ? entry.version : undefined;

export function readLive(ws: Workspace): LiveManifest {
  const file = liveFile(ws);
  let raw: unknown;
  try {
    raw = readJson(file) ?? {};
  } catch {
    throw new ReleaseError(`${file} is not JSON: fix it by hand before promoting`);
  }
  const parsed = liveSchema.safeParse(raw);
  if (!parsed.success)
    throw new ReleaseError(`${file} does not match the remotes.json schema: fix it by hand before promoting`);
  return parsed.data;
}

export const writeLive = (ws: Workspace, live: LiveManifest) => writeJsonAtomic(liveFile(ws), live);

/** How `remotes.json` points at a release (entry relative to `/remotes.json`). */
export function targetOf(release: ReleaseInfo): RemoteTarget {
  return {
    entry: releaseEntry(release.remote, release.version),
    version: release.version,
    commit: release.commit,
    builtAt: release.builtAt,
    requires: release.requires,
    ...(release.area ? { area: release.area } : {}),
  };
}

const historyEventSchema = z.object({
  action: z.enum(['promote', 'canary', 'rollback', 'rollback-canary', 'withdraw']),
  /** What is live after the event (for `canary`, the canary's version; `none` after `withdraw`). */
  version: z.string(),
  /** For a rollback, the version taken down. */
  from: z.string().optional(),
  admins: z.array(z.string()).optional(),
  /** Promoted with --force over an unmet skew check. */
  forced: z.boolean().optional(),
  /** Promoted with --force although built from uncommitted changes. */
  dirty: z.boolean().optional(),
  /** Promoted with --force without a passed verification. */
  unverified: z.boolean().optional(),
  at: z.string(),
  by: z.string(),
});
export type HistoryEvent = z.infer<typeof historyEventSchema>;

/**
 * `<dir>/<remote>/history.json`: every promote, canary and rollback, and `live`, the stack of
 * versions promoted for everyone (top = live now) that rollback walks back down.
 */
const historySchema = z.object({ live: z.array(z.string()), events: z.array(historyEventSchema) });
export type History = z.infer<typeof historySchema>;

export function readHistory(ws: Workspace, remote: AreaName): History {
  const file = historyFile(ws, remote);
  const parsed = historySchema.safeParse(readJson(file) ?? { live: [], events: [] });
  if (!parsed.success) throw new ReleaseError(`${file} is not a release history: fix it by hand`);
  return parsed.data;
}

export const writeHistory = (ws: Workspace, remote: AreaName, history: History) =>
  writeJsonAtomic(historyFile(ws, remote), history);
