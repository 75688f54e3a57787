import { useSyncExternalStore } from 'react';

/**
 * Whether this tab receives the event stream: its own connection, or another tab's shared with it
 * (`tabs.ts`). While it does not, the top bar's counters poll as they always did.
 */
export type LiveStatus = 'off' | 'connecting' | 'up' | 'down';

let status: LiveStatus = 'off';
const subscribers = new Set<() => void>();

export function setLiveStatus(next: LiveStatus): void {
  if (next === status) return;
  status = next;
  for (const notify of subscribers) notify();
}

export const getLiveStatus = (): LiveStatus => status;

function subscribe(notify: () => void): () => void {
  subscribers.add(notify);
  return () => subscribers.delete(notify);
}

export const useLiveStatus = (): LiveStatus => useSyncExternalStore(subscribe, getLiveStatus, getLiveStatus);
