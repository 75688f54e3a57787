import { calls, type AdminSession } from '@manager/contract';
import { fetchData } from '@manager/platform';
import { useQuery } from '@tanstack/react-query';
import { SESSIONS_MESSAGES } from './messages';
import { keys } from '../../../query-keys';

/** GET /auth/sessions: the admin's open sessions; a failure is shown with Retry. */
const getSessions = async (): Promise<AdminSession[]> =>
  (await fetchData(calls.sessions, { error: SESSIONS_MESSAGES.fetchFailed })).sessions;

export function useSessions() {
  return useQuery({ queryKey: keys.sessions.all(), queryFn: getSessions });
}
