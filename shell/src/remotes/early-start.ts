import { remoteForPath } from '@manager/contract';
import { useAuthStore } from '@manager/platform';
import { loadAntdOnDemand } from '@manager/ui';
import { loadRemoteRoutes } from './remote-registry';

/** Does a route path such as `/users/detail/:telegramId` match this pathname? */
export function routeMatches(path: string, pathname: string): boolean {
  const want = path.split('/').filter(Boolean);
  const got = pathname.split('/').filter(Boolean);
  return (
    want.length === got.length && want.every((segment, i) => segment.startsWith(':') || segment === got[i])
  );
}

/**
 * What the first page will need, started from bootstrap right after the auth store's
 * `initialize()` (which settles a signed-out visitor synchronously and otherwise checks the
 * stored session with the API):
 * - signed out: the sign-in page comes next, and its form uses antd's on-demand components;
 * - a session being checked on a remote's page (a bookmark, a reload): that remote's routes,
 *   the page's code and the on-demand components, instead of after the check.
 * Failures are left to the page or area that needs them (they show the error and retry).
 */
export function startFirstPage(pathname: string): void {
  const { loading, isAuthenticated } = useAuthStore.getState();
  if (!loading && !isAuthenticated) {
    loadAntdOnDemand().catch(() => undefined);
    return;
  }
  const name = remoteForPath(pathname);
  if (!name) return;
  loadAntdOnDemand().catch(() => undefined);
  loadRemoteRoutes(name, false)
    .then((routes) => routes.find((route) => routeMatches(route.path, pathname))?.preload?.())
    .catch(() => undefined);
}
