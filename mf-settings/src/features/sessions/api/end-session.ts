import { buildPath, calls } from '@manager/contract';
import { checkedCall, http, useChange } from '@manager/platform';
import { SESSIONS_MESSAGES } from './messages';
import { keys } from '../../../query-keys';

/** DELETE /auth/sessions/:id: that session's next call is refused and its browser signs out. */
async function endSession(id: string): Promise<void> {
  await checkedCall(() => http.delete(buildPath(calls.endSession.path, { id })), SESSIONS_MESSAGES.end);
}

/** Signs out one session; the list reloads whether it worked or not (it may have ended meanwhile). */
export const useEndSession = () => useChange(endSession, keys.sessions.all(), { always: true });
