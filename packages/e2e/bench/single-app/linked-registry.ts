// Single-app baseline only (see vite.config.ts): the remotes' routes, linked at build time.
import type { RemoteName } from '@manager/contract';
import type { RemoteRoute } from '@manager/platform';

const linked: Record<RemoteName, () => Promise<{ default: RemoteRoute[] }>> = {
  users: () => import('../../../../mf-users/src/routes'),
  commerce: () => import('../../../../mf-commerce/src/routes'),
  transactions: () => import('../../../../mf-transactions/src/routes'),
  engagement: () => import('../../../../mf-engagement/src/routes'),
  settings: () => import('../../../../mf-settings/src/routes'),
};

export async function initRemotes(_url: string): Promise<void> {}

export async function loadRemoteRoutes(name: RemoteName, _retry: boolean): Promise<RemoteRoute[]> {
  return (await linked[name]()).default;
}
