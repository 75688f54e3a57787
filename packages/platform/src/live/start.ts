import { useEffect, useState } from 'react';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useAuthStore } from '../auth/store.ts';
import { queryKeys } from '../query.ts';
import { applyReconnect, batchEvents } from './refresh.ts';
import { setLiveStatus } from './status.ts';

/** A pause after the first screen's data, so its images and the remotes' code go first. */
const SETTLE_MS = 1000;
/** A page that reads nothing (a form) waits no longer than this. */
const FIRST_SCREEN_MAX_MS = 10_000;

/** The page has shown data of its own (not only the top bar's counters) and reads nothing now. */
const firstScreenDone = (client: QueryClient): boolean =>
  client.isFetching() === 0 &&
  client
    .getQueryCache()
    .getAll()
    .some((query) => query.state.dataUpdatedAt > 0 && query.queryKey[1] !== queryKeys.metrics()[1]);

/**
 * Resolves once the first screen has its data, a moment has passed, and the browser is idle:
 * the stream keeps loaded data fresh, so it is opened after it.
 */
function afterFirstScreen(client: QueryClient, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const idle = () => {
      if (typeof window.requestIdleCallback === 'function')
        window.requestIdleCallback(() => resolve(), { timeout: 2000 });
      else resolve();
    };
    let settled = false;
    const done = () => {
      if (settled) return;
      settled = true;
      unsubscribe();
      clearTimeout(latest);
      setTimeout(idle, SETTLE_MS);
    };
    const unsubscribe = client.getQueryCache().subscribe(() => {
      if (firstScreenDone(client)) done();
    });
    const latest = setTimeout(done, FIRST_SCREEN_MAX_MS);
    signal.addEventListener('abort', () => (unsubscribe(), clearTimeout(latest)), { once: true });
    if (firstScreenDone(client)) done();
  });
}

/**
 * False until the first screen has its data and the browser is idle (as the stream waits): what
 * the first screen does not need (the inbox's bell) is drawn after it, its code not among the
 * first screen's.
 */
export function useAfterFirstScreen(): boolean {
  const client = useQueryClient();
  const [ready, setReady] = useState(false);
  useEffect(() => {
    const controller = new AbortController();
    void afterFirstScreen(client, controller.signal).then(() => {
      if (!controller.signal.aborted) setReady(true);
    });
    return () => controller.abort();
  }, [client]);
  return ready;
}

/**
 * Keeps this console on the event stream while an admin is signed in (docs/decisions/0027): each
 * event refreshes the lists and counters it touches. The connection's code loads after the first
 * screen: until it is up, the counters poll as before.
 */
export function useLiveEvents(): void {
  const client = useQueryClient();
  // Per admin: another admin signing in at this browser gets a stream of their own.
  const adminId = useAuthStore((s) => (s.isAuthenticated ? (s.admin?.id ?? null) : null));
  useEffect(() => {
    if (adminId === null) return;
    const controller = new AbortController();
    setLiveStatus('connecting');
    void afterFirstScreen(client, controller.signal)
      .then(() => import('./connection/index.ts'))
      .then(({ connect }) => {
        if (controller.signal.aborted) return;
        let wasDown = false;
        const batch = batchEvents(client, controller.signal);
        connect({
          scope: String(adminId),
          onEvent: batch,
          onStatus: (status) => {
            if (status === 'up' && wasDown) applyReconnect(client);
            if (status === 'up' || status === 'down') wasDown = status === 'down';
            setLiveStatus(status);
          },
          signal: controller.signal,
        });
      })
      // The chunk did not load (a deploy replaced it): the counters poll, the lists load as before.
      .catch((error: unknown) => {
        console.warn('The event stream could not start; lists refresh on their next load', error);
        setLiveStatus('down');
      });
    return () => {
      controller.abort();
      setLiveStatus('off');
    };
  }, [client, adminId]);
}
