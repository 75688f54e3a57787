import { calls, type Settings } from '@manager/contract';
import { fetchData, queryKeys } from '@manager/platform';
import { useQuery } from '@tanstack/react-query';
import { SETTINGS_MESSAGES } from './messages';

/** GET /settings; any failure becomes `Failed to fetch settings` (the page shows it with Retry). */
export const getSettings = (): Promise<Settings> => fetchData(calls.settings, { error: SETTINGS_MESSAGES.fetchFailed });

/** The form's query: `useSettings` and the route's `prefetch` (routes.tsx) share it. */
export const settingsQuery = () => ({ queryKey: queryKeys.settings(), queryFn: getSettings });

export function useSettings() {
  return useQuery(settingsQuery());
}
