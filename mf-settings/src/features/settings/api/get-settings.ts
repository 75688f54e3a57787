import { calls, type Settings } from '@manager/contract';
import { fetchData } from '@manager/platform';
import { useQuery } from '@tanstack/react-query';
import { SETTINGS_MESSAGES } from './messages';
import { keys } from '../../../query-keys';

/** GET /settings; any failure becomes `Failed to fetch settings` (the page shows it with Retry). */
const getSettings = (): Promise<Settings> =>
  fetchData(calls.settings, { error: SETTINGS_MESSAGES.fetchFailed });

export function useSettings() {
  return useQuery({ queryKey: keys.settings.all(), queryFn: getSettings });
}
