import { remoteForPath } from '@manager/contract';
import { STORAGE_KEYS } from '@manager/platform';
import { loadAntdOnDemand } from '@manager/ui';
import { loadRemoteRoutes } from './remote-registry';

/** Does a route path such as `/users/detail/:telegramId` match this pathname? */
export function routeMatches(path: string, pathname: string): boolean {
  const want = path.split('/').filter(Boolean);
  const got = pathname.split('/').filter(Boolean);
  return want.length === got.length && want.every((segment, i) => segment.startsWith(':') || segment === got[i]);
}

function hasStoredSession(): boolean {
  try {
    return Boolean(localStorage.getItem(STORAGE_KEYS.accessToken) || localStorage.getItem(STORAGE_KEYS.refreshToken));
  } catch {
    return false;
  }
}

/**
 * Issue 9: a console opened on a remote's page (a bookmark, a reload) started that remote only
 * when its area rendered, after the stored session had been checked with the API. Called from
 * bootstrap, this loads the remote's routes, that page's code and antd's on-demand components
 * meanwhile. Only with a stored session (a signed-out visitor goes to /login); failures are
 * left to the area, which shows them and retries.
 */
export function startRemoteForPath(pathname: string): void {
  const name = remoteForPath(pathname);
  if (!name || !hasStoredSession()) return;
  loadAntdOnDemand().catch(() => undefined);
  loadRemoteRoutes(name, false)
    .then((routes) => routes.find((route) => routeMatches(route.path, pathname))?.preload?.())
    .catch(() => undefined);
}
