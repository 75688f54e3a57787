import { calls, endOtherSessionsResponseSchema } from '@manager/contract';
import { checkedCall, http, useChange } from '@manager/platform';
import { SESSIONS_MESSAGES } from './messages';
import { keys } from '../../../query-keys';

/** POST /auth/sessions/end-others: every session but this one ends; resolves how many did. */
async function endOtherSessions(): Promise<number> {
  const body = await checkedCall(() => http.post(calls.endOtherSessions.path), SESSIONS_MESSAGES.endOthers);
  const parsed = endOtherSessionsResponseSchema.safeParse(body.data);
  return parsed.success ? parsed.data.ended : 0;
}

export const useEndOtherSessions = () => useChange(endOtherSessions, keys.sessions.all(), { always: true });
