import type { ConsoleEvent } from '@manager/contract';
import type { TestApp } from './helper';

/** One frame of a Server-Sent Events stream: an event, or a comment (a heartbeat). */
export interface Frame {
  id?: string;
  event?: string;
  data?: string;
  comment?: string;
}

/**
 * `GET /manager/events` over a real connection (a stream never ends, so `inject` cannot read
 * it), its frames parsed as they arrive. `frames` holds every one so far; `ended` settles when
 * the server ends the stream.
 */
export interface EventStreamReader {
  status: number;
  headers: Headers;
  frames: Frame[];
  /** The change events so far, parsed. */
  events(): ConsoleEvent[];
  ended: Promise<void>;
  close(): void;
}

export async function openEvents(
  baseUrl: string,
  t: Pick<TestApp, 'config'>,
  token: string,
  lastEventId?: string,
): Promise<EventStreamReader> {
  const abort = new AbortController();
  const res = await fetch(`${baseUrl}/manager/events`, {
    headers: {
      accept: 'text/event-stream',
      authorization: `Bearer ${token}`,
      [t.config.apiKeyHeader]: t.config.apiKey,
      ...(lastEventId ? { 'last-event-id': lastEventId } : {}),
    },
    signal: abort.signal,
  });
  const frames: Frame[] = [];
  const ended = (async () => {
    if (!res.body) return;
    const decoder = new TextDecoder();
    let buffer = '';
    try {
      for await (const chunk of res.body) {
        buffer += decoder.decode(chunk as Uint8Array, { stream: true });
        let end: number;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          frames.push(parseFrame(buffer.slice(0, end)));
          buffer = buffer.slice(end + 2);
        }
      }
    } catch {
      // aborted by close()
    }
  })();
  return {
    status: res.status,
    headers: res.headers,
    frames,
    events: () => frames.filter((f) => f.event === 'change').map((f) => JSON.parse(f.data!) as ConsoleEvent),
    ended,
    close: () => abort.abort(),
  };
}

function parseFrame(text: string): Frame {
  const frame: Frame = {};
  for (const line of text.split('\n')) {
    if (line.startsWith(':')) frame.comment = line.slice(1).trim();
    const match = /^(id|event|data): ?(.*)$/.exec(line);
    if (match) frame[match[1] as 'id' | 'event' | 'data'] = match[2];
  }
  return frame;
}
