// Single-app baseline only (see vite.config.ts): the remotes' routes, linked at build time.
// Same exports as shell/src/remotes/remote-registry.ts (`pnpm test` builds this app, so a
// drift fails there); the shell's idle prefetch runs here too, over these loaders.
import type { RemoteName } from '@manager/contract';
import type { RemoteRoute } from '@manager/platform';

const linked: Record<RemoteName, () => Promise<{ default: RemoteRoute[] }>> = {
  users: () => import('../../../mf-users/src/routes'),
  commerce: () => import('../../../mf-commerce/src/routes'),
  transactions: () => import('../../../mf-transactions/src/routes'),
  engagement: () => import('../../../mf-engagement/src/routes'),
  settings: () => import('../../../mf-settings/src/routes'),
};

const loaded = new Map<RemoteName, RemoteRoute[]>();

export async function initRemotes(
  _url: string,
  _options: { overrideOrigins?: readonly string[] } = {},
): Promise<void> {}

// One build, linked: there is no remotes.json to check, nothing to update or swap.
export async function checkForUpdates(): Promise<void> {}

export async function republishLive(): Promise<void> {}

export function currentTarget(_name: RemoteName): undefined {
  return undefined;
}

export function loadedRemoteBuild(_name: RemoteName): undefined {
  return undefined;
}

export function loadedRemoteRoutes(name: RemoteName): RemoteRoute[] | undefined {
  return loaded.get(name);
}

export async function loadRemoteRoutes(name: RemoteName, _retry: boolean): Promise<RemoteRoute[]> {
  const routes = (await linked[name]()).default;
  loaded.set(name, routes);
  return routes;
}
