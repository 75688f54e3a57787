import {
  areaConflict,
  areaLabel,
  areaPrefixes,
  buildInfoSchema,
  RELEASE_BUILT_IN,
  RELEASE_NONE,
  REMOTE_NAMES,
  skewMessage,
  unmetRequirements,
  type AreaName,
  type ReleaseNotice,
} from '@manager/contract';
import { satisfy } from '@module-federation/runtime';
import { canaryRefusal } from './canary-admins';
import { ReleaseError } from './errors';
import { readJson, withLock } from './files';
import { readRelease, type ReleaseInfo, type Workspace } from './layout';
import { verificationRefusal } from './verification';
import {
  readHistory,
  readLive,
  targetOf,
  writeHistory,
  writeLive,
  type History,
  isPromoted,
  liveVersion,
  type HistoryEvent,
  type LiveManifest,
  type LiveEntry,
  type PromotedEntry,
} from './live';

export interface PromoteOptions {
  /** Admin usernames that get this release; everyone else keeps the live one. */
  canary?: string[];
  /**
   * Promote even when the live console cannot satisfy the release's `requires`, or the release
   * was built from uncommitted changes, or is unverified.
   */
  force?: boolean;
  /**
   * Refuse a release without a passed verification (default). Off only for `verify`'s own pin
   * of the release in the throwaway folder its suite runs against.
   */
  requireVerification?: boolean;
}

/** What a command did, for the CLI to print (`changed: false`: nothing was written). */
export interface Outcome {
  changed: boolean;
  message: string;
  warning?: string;
  /**
   * What went live, for the console's inbox: set whenever something changed for some admin. The
   * CLI tells the API once the command is done, outside the lock (verify's pin tells nobody).
   */
  notice?: ReleaseNotice;
}

/**
 * Points `remotes.json` at a release: for everyone (clearing any canary), or with `canary` for
 * those admins only (over the live release, or the console's own build of a remote never
 * promoted). Refused, writing nothing, for an unknown version or a canary of the live release;
 * and, unless `force` (which the history marks), for a release the live console cannot run, a
 * canary naming no active administrator, a release built from uncommitted changes, or one that
 * did not pass `pnpm verify`.
 */
export async function promote(
  ws: Workspace,
  remote: AreaName,
  version: string | undefined,
  options: PromoteOptions = {},
): Promise<Outcome> {
  const release = readRelease(ws, remote, version);
  const admins = options.canary;
  if (admins && admins.length === 0)
    throw new ReleaseError('--canary needs admin usernames: --canary admin2fa[,other]');
  const skew = skewOf(remote, release, await readConsoleBuild(ws.consoleBuildJson));
  const gated = options.requireVerification !== false;
  const dirty = gated ? dirtyRefusal(release) : null;
  const unverified = gated ? verificationRefusal(ws, remote, release.version) : null;
  // verify's own pin names the test admins of its own stack.
  const missed = gated && admins ? await canaryRefusal(ws.canaryAdmins, admins) : null;
  // Every reason at once, so one --force is a decision made knowing all of them.
  const refusals = [skew, missed, dirty, unverified].filter(Boolean);
  if (refusals.length > 0 && !options.force)
    throw new ReleaseError(`${refusals.join('\n')}\npromote --force promotes it anyway`);
  const warning =
    [
      skew && `promoted over the skew check: ${skew}`,
      missed && `the canary misses admins: ${missed}`,
      dirty && `promoted from uncommitted changes: ${dirty}`,
      unverified && `promoted unverified: ${unverified}`,
    ]
      .filter(Boolean)
      .join('\n') || undefined;

  return withLock(ws.dir, () => {
    const live = readLive(ws);
    const history = readHistory(ws, remote);
    const current = live[remote];
    outsideRefusal(live, release, Boolean(admins));
    const event = (e: Pick<HistoryEvent, 'action' | 'version' | 'admins'>): HistoryEvent => ({
      ...e,
      ...(skew ? { forced: true } : {}),
      ...(dirty ? { dirty: true } : {}),
      ...(unverified ? { unverified: true } : {}),
      at: ws.now().toISOString(),
      by: ws.user,
    });

    if (admins) {
      const promoted = isPromoted(current) ? current : undefined;
      if (promoted?.version === release.version)
        throw new ReleaseError(`${remote} ${release.version} is live for everyone already`);
      // Never promoted: everyone else keeps the console's own build of the remote.
      const canary = { ...targetOf(release), admins };
      const entry: LiveEntry = promoted ? { ...withoutCanary(promoted), canary } : { canary };
      history.events.push(event({ action: 'canary', version: release.version, admins }));
      commit(ws, remote, history, { ...live, [remote]: entry });
      return {
        changed: true,
        warning,
        message: `${remote} ${release.version} is the canary for ${admins.join(', ')}; everyone else keeps ${keeps(promoted)}`,
        // Only the canary's admins got it, so only they are told.
        notice: { area: remote, version: release.version, change: 'promoted', canary: admins },
      };
    }

    const was = liveVersion(current);
    if (was === release.version && !current?.canary) {
      return {
        changed: false,
        warning,
        message: `${remote} ${release.version} is live already; nothing changed`,
      };
    }
    if (history.live.at(-1) !== release.version) history.live.push(release.version);
    history.events.push(event({ action: 'promote', version: release.version }));
    commit(ws, remote, history, { ...live, [remote]: targetOf(release) });
    const before = was && was !== release.version ? ` (was ${was})` : '';
    const cleared = current?.canary ? `; canary ${nameOf(current.canary)} cleared` : '';
    return {
      changed: true,
      warning,
      message: `${remote} ${release.version} is live for everyone${before}${cleared}`,
      notice: { area: remote, version: release.version, change: 'promoted' },
    };
  });
}

/**
 * Takes back the last change for `remote`: a canary, if one is set; otherwise the live release,
 * pointing back at the one promoted before it. Nothing earlier: refused, but for an area from
 * outside the console, which leaves the console (`withdraw`).
 */
export function rollback(ws: Workspace, remote: AreaName): Outcome {
  return withLock(ws.dir, () => {
    const live = readLive(ws);
    const history = readHistory(ws, remote);
    const current = live[remote];
    const stamp = { at: ws.now().toISOString(), by: ws.user };

    if (current?.canary) {
      const from = nameOf(current.canary);
      const promoted = isPromoted(current) ? current : undefined;
      history.events.push({ action: 'rollback-canary', version: keeps(promoted), from, ...stamp });
      const { [remote]: _taken, ...others } = live;
      commit(ws, remote, history, promoted ? { ...live, [remote]: withoutCanary(promoted) } : others);
      return {
        changed: true,
        message: `${remote} canary ${from} removed; everyone has ${keeps(promoted)}`,
        // Everyone else saw no change: the canary's admins are told what they run again.
        notice: {
          area: remote,
          version: promoted?.version ?? builtInOrNone(remote),
          change: 'rolled-back',
          canary: current.canary.admins,
        },
      };
    }

    const previous = history.live.at(-2);
    // An area from outside the console, at its first release: back is without it.
    if (
      isPromoted(current) &&
      previous === undefined &&
      !(REMOTE_NAMES as readonly string[]).includes(remote)
    ) {
      const from = history.live.pop() ?? nameOf(current);
      history.events.push({ action: 'withdraw', version: 'none', from, ...stamp });
      const { [remote]: _taken, ...others } = live;
      commit(ws, remote, history, others);
      return {
        changed: true,
        message: `${remote} ${from} taken down: the console has no ${remote} area now`,
        // As the history says: no release of it is live.
        notice: { area: remote, version: RELEASE_NONE, change: 'rolled-back' },
      };
    }
    if (!isPromoted(current) || previous === undefined)
      throw new ReleaseError(`${remote} has no earlier release to roll back to`);
    const release = readRelease(ws, remote, previous);
    // The release it goes back to may claim what another area took since.
    outsideRefusal(live, release, false);
    const from = history.live.pop();
    history.events.push({ action: 'rollback', version: release.version, from, ...stamp });
    commit(ws, remote, history, { ...live, [remote]: targetOf(release) });
    return {
      changed: true,
      message: `${remote} is back to ${release.version} for everyone (${from} taken down)`,
      notice: { area: remote, version: release.version, change: 'rolled-back' },
    };
  });
}

/**
 * History first, then the pointer: should the second write not happen, the history says one
 * step more than is live, and a rollback from there lands on what is live (harmless), never
 * the other way round (a live release the history cannot roll back).
 */
function commit(ws: Workspace, remote: AreaName, history: History, live: ReturnType<typeof readLive>): void {
  writeHistory(ws, remote, history);
  writeLive(ws, live);
}

/** A target's version, or its entry URL for one written by hand without a version. */
const nameOf = (target: { version?: string; entry: string }) => target.version ?? target.entry;

/** What runs where no release is live: the console's own build of one of its five, else nothing. */
const builtInOrNone = (remote: AreaName) =>
  (REMOTE_NAMES as readonly string[]).includes(remote) ? RELEASE_BUILT_IN : RELEASE_NONE;

/** What everyone but a canary's admins runs: the promoted release, or the console's own build. */
const keeps = (promoted: PromotedEntry | undefined) =>
  promoted ? nameOf(promoted) : "the console's own build";

function withoutCanary(entry: PromotedEntry): PromotedEntry {
  const { canary: _canary, ...rest } = entry;
  return rest;
}

/**
 * A release built from uncommitted changes (its commit, and so its version, ends in `-dirty`):
 * nobody can rebuild it or read what it holds, so it does not go live unless forced.
 */
function dirtyRefusal(release: { remote: AreaName; version: string; commit: string }): string | null {
  if (!release.commit.endsWith('-dirty')) return null;
  return `${release.remote} ${release.version} was built from uncommitted changes (commit ${release.commit}): commit them and release again`;
}

/** What promote found at CONSOLE_BUILD_JSON: the parsed JSON, or why there is none to check against. */
type ConsoleBuild = { json: unknown } | { missing: string };

/**
 * The live console's `build.json`, from a file or from the console itself (an `http(s)://` URL,
 * e.g. `https://console.example.com/build.json`), so a team checks against what really runs.
 */
export async function readConsoleBuild(source: string): Promise<ConsoleBuild> {
  const hint =
    "build the shell, or set CONSOLE_BUILD_JSON to the live console's build.json (a file or a URL)";
  if (!/^https?:\/\//i.test(source)) {
    try {
      const json = readJson(source);
      return json === undefined ? { missing: `no ${source} (${hint})` } : { json };
    } catch {
      return { json: null }; // not JSON: refused by the caller as not a build.json
    }
  }
  let response: Response;
  try {
    response = await fetch(source, {
      signal: AbortSignal.timeout(10_000),
      headers: { accept: 'application/json' },
    });
  } catch (error) {
    const cause = (error as { cause?: { code?: string } }).cause?.code ?? (error as Error).message;
    return { missing: `${source} did not answer (${cause}; ${hint})` };
  }
  if (!response.ok) return { missing: `${source} answered HTTP ${response.status} (${hint})` };
  try {
    return { json: await response.json() };
  } catch {
    return { json: null };
  }
}

/**
 * A remote from outside the console goes live only with an area the console can mount: one
 * its build states, whose name and path prefixes no other area owns; and, as no console build
 * of it exists for everyone else to keep, a canary of it needs a release live for everyone.
 */
function outsideRefusal(live: LiveManifest, release: ReleaseInfo, canary: boolean): void {
  const { remote, area } = release;
  if ((REMOTE_NAMES as readonly string[]).includes(remote)) return;
  if (!area)
    throw new ReleaseError(
      `${remote} is not one of the console's areas and its build states none: give remoteViteConfig an area`,
    );
  // Every other area's prefixes, its canary's too (the shell mounts the canary for its admins).
  const taken = Object.entries(live).flatMap(([name, entry]) =>
    name === remote || !entry
      ? []
      : [entry.canary?.area, 'entry' in entry ? entry.area : undefined].flatMap((a) =>
          a ? areaPrefixes(a) : [],
        ),
  );
  const conflict = areaConflict(remote, area, taken);
  if (conflict) throw new ReleaseError(`${remote} cannot be mounted: ${conflict}`);
  if (canary && !isPromoted(live[remote]))
    throw new ReleaseError(
      `${remote} has no release live for everyone: promote one first, then a canary over it`,
    );
}

/** The skew message for the live console, or null when it satisfies `requires`. */
function skewOf(
  remote: AreaName,
  { requires, area }: Pick<ReleaseInfo, 'requires' | 'area'>,
  build: ConsoleBuild,
): string | null {
  const where = 'json' in build ? '' : build.missing;
  if (where) return `cannot check ${remote} against the live console: ${where}`;
  const parsed = buildInfoSchema.safeParse((build as { json: unknown }).json);
  if (!parsed.success)
    return `cannot check ${remote} against the live console: its build.json is not a build.json`;
  const unmet = unmetRequirements(requires, parsed.data.shared, satisfy);
  return unmet.length > 0 ? skewMessage(areaLabel(remote, area), unmet) : null;
}
