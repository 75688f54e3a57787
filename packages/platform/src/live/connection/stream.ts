import { CHANGE_EVENT, EVENTS_HEARTBEAT_MS, type ConsoleEvent } from '@manager/contract';
import { EventSourceParserStream, type EventSourceMessage } from 'eventsource-parser/stream';

export interface StreamOptions {
  url: string;
  /** The request's headers, read at every (re)connect: the access token may have been renewed. */
  headers: () => Headers;
  /** Renews the access token after a 401; throws when the session is over (the stream stops). */
  renew: () => Promise<void>;
  /** The last event this browser saw (another tab's stream, before this one took over). */
  lastEventId?: string | null;
  onEvent: (event: ConsoleEvent, id: string) => void;
  onStatus: (status: 'up' | 'down') => void;
  signal: AbortSignal;
}

/** Waits before reconnect n (0, 1, ...): 1 s, 2 s, 4 s... up to 15 s, with jitter so instances are not stormed. */
export const backoffMs = (attempt: number): number =>
  Math.min(15_000, 1_000 * 2 ** attempt) * (0.75 + Math.random() * 0.5);

/** No byte for this long (two heartbeats and a half) means the connection is dead. */
const SILENCE_MS = EVENTS_HEARTBEAT_MS * 2.5;

const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const done = () => {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal.addEventListener('abort', done, { once: true });
  });

/** A stream the API ended after this long, having sent something, is renewed at once (its token expired). */
const LIVED_MS = 5_000;

/**
 * The console's event stream over `fetch` (docs/decisions/0027): `EventSource` cannot send the
 * bearer token. A stream the API ends in good order (its access token expired) is opened again
 * at once with `Last-Event-ID`, and the API replays the gap. Any other loss is reported `down`
 * and retried with a backoff, which only a stream that delivered something resets; a connection
 * silent past two heartbeats is dropped. A 401 renews the token once per attempt. Ends when
 * `signal` aborts or the session is over.
 */
export async function runStream(options: StreamOptions): Promise<void> {
  const { signal } = options;
  let lastId = options.lastEventId ?? null;
  let attempt = 0;
  let renewed = false;
  let up = false;
  while (!signal.aborted) {
    const connection = new AbortController();
    const abort = () => connection.abort();
    signal.addEventListener('abort', abort, { once: true });
    let silence: ReturnType<typeof setTimeout> | undefined;
    let heard = false;
    const alive = () => {
      clearTimeout(silence);
      silence = setTimeout(abort, SILENCE_MS);
    };
    const delivered = () => {
      heard = true;
      attempt = 0;
      alive();
    };
    let endedInOrder = false;
    const opened = Date.now();
    try {
      const headers = options.headers();
      headers.set('Accept', 'text/event-stream');
      if (lastId) headers.set('Last-Event-ID', lastId);
      alive();
      const response = await fetch(options.url, { headers, signal: connection.signal, cache: 'no-store' });
      if (response.status === 401 && !renewed) {
        // Once per attempt: a renewed token that is refused again waits like any failure.
        renewed = true;
        await options.renew();
        continue;
      }
      if (!response.ok || !response.body) throw new Error(`event stream: HTTP ${response.status}`);
      renewed = false;
      if (!up) options.onStatus('up');
      up = true;
      const messages = response.body
        .pipeThrough(new TextDecoderStream())
        .pipeThrough(new EventSourceParserStream({ onComment: delivered }));
      // Async iteration of a ReadableStream is in every browser the console supports, not in TS's DOM types.
      for await (const message of messages as unknown as AsyncIterable<EventSourceMessage>) {
        delivered();
        if (message.event !== CHANGE_EVENT || !message.id) continue;
        lastId = message.id;
        options.onEvent(JSON.parse(message.data) as ConsoleEvent, message.id);
      }
      endedInOrder = !connection.signal.aborted;
    } catch (error) {
      // The session is over (a failed renewal): nothing to reconnect for.
      if (renewed && !signal.aborted && !connection.signal.aborted && isSessionOver(error)) return;
    } finally {
      clearTimeout(silence);
      signal.removeEventListener('abort', abort);
    }
    if (signal.aborted) return;
    if (endedInOrder && heard && Date.now() - opened >= LIVED_MS) continue;
    if (up) options.onStatus('down');
    up = false;
    await sleep(backoffMs(attempt++), signal);
    renewed = false;
  }
}

const isSessionOver = (error: unknown): boolean =>
  typeof error === 'object' && error !== null && (error as { status?: unknown }).status === 401;
