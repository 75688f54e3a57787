import { calls, type Settings } from '@manager/contract';
import { fetchData, useRecordChanges } from '@manager/platform';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { SETTINGS_MESSAGES } from './messages';
import { keys } from '../../../query-keys';

/** The one settings record: the id its events carry (the API keeps a single row). */
export const SETTINGS_ID = 1;

/** GET /settings; any failure becomes `Failed to fetch settings` (the page shows it with Retry). */
const getSettings = (): Promise<Settings> =>
  fetchData(calls.settings, { error: SETTINGS_MESSAGES.fetchFailed });

/**
 * The settings, refetched when another admin changes them: they are one record, not a list, so
 * `refreshOn` does not reach them. Safe because the form never resets from refetched data.
 */
export function useSettings() {
  const client = useQueryClient();
  const { change, dismiss } = useRecordChanges('settings', SETTINGS_ID, true);
  useEffect(() => {
    if (!change) return;
    void client.invalidateQueries({ queryKey: keys.settings.all() }, { cancelRefetch: false });
    dismiss();
  }, [change, client, dismiss]);
  return useQuery({ queryKey: keys.settings.all(), queryFn: getSettings });
}
