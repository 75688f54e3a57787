import { toast } from '@manager/platform';
import { ErrorState, LoadingState } from '@manager/ui';
import { useEffect, useState } from 'react';
import { useSettings } from '../api/get-settings';
import { SETTINGS_MESSAGES } from '../api/messages';
import { SettingsForm } from './settings-form';

/**
 * Loads the settings. The form opens again (a new key) only after the admin's own save, to show
 * what the server holds; a reload after another admin's change never resets it (it says
 * "This record changed" instead).
 */
export function SettingsSection() {
  const { data, error, isPending, refetch } = useSettings();
  const [saves, setSaves] = useState(0);

  useEffect(() => {
    if (error) toast.error(SETTINGS_MESSAGES.fetchFailed, { id: 'settings-fetch' });
  }, [error]);

  if (isPending) return <LoadingState text="Loading settings..." />;
  if (error && !data) {
    return <ErrorState message={SETTINGS_MESSAGES.fetchFailed} onRetry={() => void refetch()} />;
  }
  return <SettingsForm key={saves} settings={data!} onSaved={() => setSaves((n) => n + 1)} />;
}
