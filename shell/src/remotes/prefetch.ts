import { REMOTE_NAMES, type RemoteName } from '@manager/contract';
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

async function prefetchRemote(name: RemoteName): Promise<void> {
  const routes = await loadRemoteRoutes(name, false);
  await Promise.all(routes.map((route) => route.preload?.()));
}

/**
 * A first visit to a remote should not wait for its code. Once the console is idle, load
 * antd's on-demand components, then each remote's routes and page code, one remote per idle
 * period, in sidebar order. Failures are left to the area that needs the remote (it says
 * which part failed and offers Retry); Save-Data turns prefetching off. Returns a cancel
 * function.
 */
export function prefetchRemotesWhenIdle(names: readonly RemoteName[] = REMOTE_NAMES): () => void {
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
      await prefetchRemote(name).catch((error: unknown) => {
        console.warn(`Prefetch of the ${name} remote failed; it loads on first visit`, error);
      });
    }
  }, START_DELAY_MS);
  return () => {
    clearTimeout(timer);
    controller.abort();
  };
}
