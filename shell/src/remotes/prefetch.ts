import { REMOTE_NAMES, type RemoteName } from '@manager/contract';
import type { RemoteRoute } from '@manager/platform';
import { loadAntdOnDemand } from '@manager/ui';
import { loadRemoteRoutes } from './remote-registry';

/** Wait after the first page before prefetching: its own data and images come first. */
const START_DELAY_MS = 1500;

function whenIdle(signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal.aborted) return resolve();
    if (typeof window.requestIdleCallback === 'function') {
      window.requestIdleCallback(() => resolve(), { timeout: 5000 });
    } else {
      setTimeout(resolve, 200);
    }
  });
}

async function prefetchRemote(name: RemoteName): Promise<RemoteRoute[]> {
  const routes = await loadRemoteRoutes(name, false);
  await Promise.all(routes.map((route) => route.preload?.()));
  return routes;
}

/**
 * Issue 9: a first visit to a remote should cost about what a warm switch does. Once the
 * console is idle, load antd's on-demand components, then each remote's routes and page code,
 * one remote per idle period, in sidebar order, and hand each remote's routes to `onPrefetched`
 * (the layout draws its first page once, hidden: warm-pages.tsx). Failures are left to the area that needs the remote (it says which part
 * failed and offers Retry); Save-Data turns prefetching off. Returns a cancel function.
 */
export function prefetchRemotesWhenIdle(
  names: readonly RemoteName[] = REMOTE_NAMES,
  onPrefetched: (name: RemoteName, routes: RemoteRoute[]) => void = () => undefined,
): () => void {
  const controller = new AbortController();
  const connection = (navigator as Navigator & { connection?: { saveData?: boolean } }).connection;
  if (connection?.saveData) return () => controller.abort();
  const timer = setTimeout(async () => {
    // antd's on-demand components first: every remote page uses them.
    await whenIdle(controller.signal);
    if (controller.signal.aborted) return;
    await loadAntdOnDemand().catch((error: unknown) => {
      console.warn('Prefetch of the on-demand antd components failed; they load on first use', error);
    });
    for (const name of names) {
      await whenIdle(controller.signal);
      if (controller.signal.aborted) return;
      await prefetchRemote(name).then(
        (routes) => {
          if (!controller.signal.aborted) onPrefetched(name, routes);
        },
        (error: unknown) => {
          console.warn(`Prefetch of the ${name} remote failed; it loads on first visit`, error);
        },
      );
    }
  }, START_DELAY_MS);
  return () => {
    clearTimeout(timer);
    controller.abort();
  };
}
