import { BACKGROUND_HEADER, calls, EVENTS_PATH } from '@manager/contract';
import { apiClient } from '../../http/client.ts';
import { apiUrl, fetchHeaders } from '../../http/fetch-headers.ts';
import { runStream } from './stream.ts';
import { shareAcrossTabs, type Shared } from './tabs.ts';

/**
 * The browser's one connection to the event stream, loaded once a console is signed in
 * (`start.ts`). It is a background request: an open tab does not keep an idle session alive.
 */
export function connect(shared: Shared): void {
  shareAcrossTabs(shared, (emit) =>
    runStream({
      url: apiUrl(EVENTS_PATH),
      headers: () => {
        const headers = fetchHeaders('text/event-stream');
        headers.set(BACKGROUND_HEADER, '1');
        return headers;
      },
      // The client's own call, whose 401 runs the one shared refresh (or ends the session).
      renew: async () => {
        await apiClient.get(calls.profile.path, { headers: { [BACKGROUND_HEADER]: '1' } });
      },
      lastEventId: emit.lastEventId,
      onEvent: emit.event,
      onStatus: emit.status,
      signal: shared.signal,
    }),
  );
}
