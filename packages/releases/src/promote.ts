import {
  buildInfoSchema,
  REMOTE_LABELS,
  skewMessage,
  unmetRequirements,
  type RemoteName,
} from '@manager/contract';
import { satisfy } from '@module-federation/runtime';
import { ReleaseError } from './errors';
import { readJson, withLock } from './files';
import { readRelease, type Workspace } from './layout';
import { verificationRefusal } from './verification';
import {
  readHistory,
  readLive,
  targetOf,
  writeHistory,
  writeLive,
  type History,
  type HistoryEvent,
  type LiveEntry,
} from './live';

export interface PromoteOptions {
  /** Admin usernames that get this release; everyone else keeps the live one. */
  canary?: string[];
  /** Promote even when the live console cannot satisfy the release's `requires`, or unverified. */
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
}

/**
 * Points `remotes.json` at a release: for everyone (clearing any canary), or with `canary` for
 * those admins only. Refused, writing nothing, for an unknown version, a canary without a live
 * release to keep for the others, a release the live console cannot run, or one that did not
 * pass `pnpm verify` (the last two unless `force`, which the history marks).
 */
export function promote(
  ws: Workspace,
  remote: RemoteName,
  version: string | undefined,
  options: PromoteOptions = {},
): Outcome {
  const release = readRelease(ws, remote, version);
  const admins = options.canary;
  if (admins && admins.length === 0)
    throw new ReleaseError('--canary needs admin usernames: --canary admin2fa[,other]');
  const skew = skewOf(ws, remote, release.requires);
  if (skew && !options.force) throw new ReleaseError(`${skew}\npromote --force promotes it anyway`);
  const unverified =
    options.requireVerification === false ? null : verificationRefusal(ws, remote, release.version);
  if (unverified && !options.force)
    throw new ReleaseError(`${unverified}\npromote --force promotes it anyway`);
  const warning =
    [skew && `promoted over the skew check: ${skew}`, unverified && `promoted unverified: ${unverified}`]
      .filter(Boolean)
      .join('\n') || undefined;

  return withLock(ws.dir, () => {
    const live = readLive(ws);
    const history = readHistory(ws, remote);
    const current = live[remote];
    const event = (e: Pick<HistoryEvent, 'action' | 'version' | 'admins'>): HistoryEvent => ({
      ...e,
      ...(skew ? { forced: true } : {}),
      ...(unverified ? { unverified: true } : {}),
      at: ws.now().toISOString(),
      by: ws.user,
    });

    if (admins) {
      if (!current) {
        throw new ReleaseError(
          `${remote} has no live release to keep for the others: promote one without --canary first`,
        );
      }
      if (current.version === release.version)
        throw new ReleaseError(`${remote} ${release.version} is live for everyone already`);
      const entry: LiveEntry = { ...withoutCanary(current), canary: { ...targetOf(release), admins } };
      history.events.push(event({ action: 'canary', version: release.version, admins }));
      commit(ws, remote, history, { ...live, [remote]: entry });
      return {
        changed: true,
        warning,
        message: `${remote} ${release.version} is the canary for ${admins.join(', ')}; everyone else keeps ${nameOf(current)}`,
      };
    }

    if (current?.version === release.version && !current.canary) {
      return {
        changed: false,
        warning,
        message: `${remote} ${release.version} is live already; nothing changed`,
      };
    }
    if (history.live.at(-1) !== release.version) history.live.push(release.version);
    history.events.push(event({ action: 'promote', version: release.version }));
    commit(ws, remote, history, { ...live, [remote]: targetOf(release) });
    const was = current?.version && current.version !== release.version ? ` (was ${current.version})` : '';
    const cleared = current?.canary ? `; canary ${nameOf(current.canary)} cleared` : '';
    return {
      changed: true,
      warning,
      message: `${remote} ${release.version} is live for everyone${was}${cleared}`,
    };
  });
}

/**
 * Takes back the last change for `remote`: a canary, if one is set; otherwise the live release,
 * pointing back at the one promoted before it. Nothing earlier: refused.
 */
export function rollback(ws: Workspace, remote: RemoteName): Outcome {
  return withLock(ws.dir, () => {
    const live = readLive(ws);
    const history = readHistory(ws, remote);
    const current = live[remote];
    const stamp = { at: ws.now().toISOString(), by: ws.user };

    if (current?.canary) {
      const from = nameOf(current.canary);
      history.events.push({ action: 'rollback-canary', version: nameOf(current), from, ...stamp });
      commit(ws, remote, history, { ...live, [remote]: withoutCanary(current) });
      return { changed: true, message: `${remote} canary ${from} removed; everyone has ${nameOf(current)}` };
    }

    const previous = history.live.at(-2);
    if (!current || previous === undefined)
      throw new ReleaseError(`${remote} has no earlier release to roll back to`);
    const release = readRelease(ws, remote, previous);
    const from = history.live.pop();
    history.events.push({ action: 'rollback', version: release.version, from, ...stamp });
    commit(ws, remote, history, { ...live, [remote]: targetOf(release) });
    return {
      changed: true,
      message: `${remote} is back to ${release.version} for everyone (${from} taken down)`,
    };
  });
}

/**
 * History first, then the pointer: should the second write not happen, the history says one
 * step more than is live, and a rollback from there lands on what is live (harmless), never
 * the other way round (a live release the history cannot roll back).
 */
function commit(
  ws: Workspace,
  remote: RemoteName,
  history: History,
  live: ReturnType<typeof readLive>,
): void {
  writeHistory(ws, remote, history);
  writeLive(ws, live);
}

/** A target's version, or its entry URL for one written by hand without a version. */
const nameOf = (target: { version?: string; entry: string }) => target.version ?? target.entry;

function withoutCanary(entry: LiveEntry): LiveEntry {
  const { canary: _canary, ...rest } = entry;
  return rest;
}

/** The skew message for the live console, or null when it satisfies `requires`. */
function skewOf(ws: Workspace, remote: RemoteName, requires: Record<string, string>): string | null {
  let raw: unknown;
  try {
    raw = readJson(ws.consoleBuildJson);
  } catch {
    raw = null; // not JSON: refused below as not a build.json
  }
  if (raw === undefined) {
    return `cannot check ${remote} against the live console: no ${ws.consoleBuildJson} (build the shell, or set CONSOLE_BUILD_JSON to the live console's build.json)`;
  }
  const parsed = buildInfoSchema.safeParse(raw);
  if (!parsed.success)
    return `cannot check ${remote} against the live console: ${ws.consoleBuildJson} is not a build.json`;
  const unmet = unmetRequirements(requires, parsed.data.shared, satisfy);
  return unmet.length > 0 ? skewMessage(REMOTE_LABELS[remote], unmet) : null;
}
