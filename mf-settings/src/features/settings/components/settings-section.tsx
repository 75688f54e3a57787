import { toast } from '@manager/platform';
import { ErrorState, LoadingState } from '@manager/ui';
import { useEffect } from 'react';
import { useSettings } from '../api/get-settings';
import { SETTINGS_MESSAGES } from '../api/messages';
import { SettingsForm } from './settings-form';

/** Loads the settings; the form remounts on every reload (after a save) to show the saved values. */
export function SettingsSection() {
  const { data, error, isPending, refetch, dataUpdatedAt } = useSettings();

  useEffect(() => {
    if (error) toast.error(SETTINGS_MESSAGES.fetchFailed, { id: 'settings-fetch' });
  }, [error]);

  if (isPending) return <LoadingState text="Loading settings..." />;
  if (error && !data) {
    return <ErrorState message={SETTINGS_MESSAGES.fetchFailed} onRetry={() => void refetch()} />;
  }
  // A new key per load: after a save the form (and its picked files) shows what the server holds.
  return <SettingsForm key={dataUpdatedAt} settings={data!} />;
}
