import type { ConsoleEvent } from '@manager/contract';
import type { LiveStatus } from '../status.ts';

type Message =
  | { type: 'event'; event: ConsoleEvent; id: string }
  | { type: 'status'; status: LiveStatus }
  | { type: 'hello' };

export interface Shared {
  /** Whose stream (the admin's id): tabs of another admin at this browser share another. */
  scope: string;
  onEvent: (event: ConsoleEvent) => void;
  onStatus: (status: LiveStatus) => void;
  signal: AbortSignal;
}

/** What the tab holding the stream runs: it reports through `emit` and ends with `signal`. */
export type Leader = (emit: {
  event: (event: ConsoleEvent, id: string) => void;
  status: (status: 'up' | 'down') => void;
  lastEventId: string | null;
}) => Promise<void>;

/**
 * One event stream per browser, shared by its tabs (docs/decisions/0027): HTTP/1.1 allows six
 * connections to a server, and six open consoles would take them all. The tabs queue for one Web
 * Lock; the tab holding it runs the stream and passes every event and its status on through a
 * BroadcastChannel. When that tab closes its lock goes to the next, which goes on from the last
 * event id it heard. A browser without either API gives each tab its own stream.
 */
export function shareAcrossTabs(shared: Shared, lead: Leader): void {
  const { signal } = shared;
  if (typeof BroadcastChannel === 'undefined' || typeof navigator === 'undefined' || !navigator.locks) {
    void lead({ event: shared.onEvent, status: shared.onStatus, lastEventId: null });
    return;
  }
  const lock = `manager.events.${shared.scope}`;
  const channel = new BroadcastChannel(lock);
  let leading = false;
  let status: LiveStatus = 'connecting';
  let lastEventId: string | null = null;
  const post = (message: Message) => channel.postMessage(message);

  channel.onmessage = ({ data }: MessageEvent<Message>) => {
    if (data.type === 'event') {
      lastEventId = data.id;
      shared.onEvent(data.event);
    } else if (data.type === 'status') {
      shared.onStatus(data.status);
    } else if (leading) {
      // A tab opened after the stream was: it learns at once whether events flow.
      post({ type: 'status', status });
    }
  };
  post({ type: 'hello' });
  signal.addEventListener('abort', () => channel.close(), { once: true });

  void navigator.locks
    .request(lock, { signal }, async () => {
      leading = true;
      try {
        await lead({
          event: (event, id) => {
            lastEventId = id;
            shared.onEvent(event);
            post({ type: 'event', event, id });
          },
          status: (next) => {
            status = next;
            shared.onStatus(next);
            post({ type: 'status', status: next });
          },
          lastEventId,
        });
      } finally {
        leading = false;
        // The others wait for the next holder, with the poll running meanwhile.
        if (!signal.aborted) post({ type: 'status', status: 'down' });
      }
    })
    // Aborted while queued (signed out): nothing to do.
    .catch(() => undefined);
}
