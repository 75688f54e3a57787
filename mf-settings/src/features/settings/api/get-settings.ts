import { calls, type Settings } from '@manager/contract';
import { fetchData, queryKeys } from '@manager/platform';
import { useQuery } from '@tanstack/react-query';
import { SETTINGS_MESSAGES } from './messages';

/** GET /settings; any failure becomes `Failed to fetch settings` (the page shows it with Retry). */
const getSettings = (): Promise<Settings> => fetchData(calls.settings, { error: SETTINGS_MESSAGES.fetchFailed });

export function useSettings() {
  return useQuery({ queryKey: queryKeys.settings(), queryFn: getSettings });
}
