import type { AreaName } from '@manager/contract';
import { createExternalStore, useExternalStore } from '../lib/external-store';
import { loadRemoteRoutes } from './remote-registry';

/**
 * One generation per remote, shared by Retry and by an update: a new generation remounts that
 * remote's area (and only it). `reload`: the area loads the remote again itself (Retry, after a
 * failure); otherwise the new build was loaded before the bump (an update), so the area mounts
 * it at once while the old page stayed on screen during the load.
 */
export interface AreaGeneration {
  generation: number;
  reload: boolean;
}

const INITIAL: AreaGeneration = { generation: 0, reload: false };
/** Per remote, its area's generation (absent: never bumped). */
const areaGenerations = createExternalStore<Partial<Record<AreaName, AreaGeneration>>>({});

export function getAreaGeneration(name: AreaName): AreaGeneration {
  return areaGenerations.get()[name] ?? INITIAL;
}

function bump(name: AreaName, reload: boolean): void {
  areaGenerations.set((current) => ({
    ...current,
    [name]: { generation: getAreaGeneration(name).generation + 1, reload },
  }));
}

export function useAreaGeneration(name: AreaName): AreaGeneration {
  return useExternalStore(areaGenerations, (all) => all[name] ?? INITIAL);
}

/** Retry: remount the area, which loads the remote again (remotes.json read again, `force`). */
export function retryRemote(name: AreaName): void {
  bump(name, true);
}

/**
 * Takes the live build of a remote in place: registers it with `force`, loads its `./routes`,
 * then remounts that area; no page reload, the session and every other area are kept. A
 * failure (the release is down, or this console cannot satisfy it) leaves the page as it was.
 */
export async function swapRemote(name: AreaName): Promise<void> {
  await loadRemoteRoutes(name, true);
  bump(name, false);
}
