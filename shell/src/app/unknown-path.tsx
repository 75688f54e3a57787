import { ErrorState, LoadingState } from '@manager/ui';
import { NotFoundPage } from '../features/not-found/not-found-page';
import { checkForUpdates } from '../remotes/remote-registry';
import { useManifestState } from '../remotes/versions';

/** A path no route knows: "Page not found", once remotes.json said which areas exist. */
export function UnknownPath() {
  const state = useManifestState();
  if (state === 'read') return <NotFoundPage />;
  if (state === 'pending') return <LoadingState />;
  return (
    <ErrorState
      message="The console's areas could not be read: this page may be one of them."
      onRetry={() => void checkForUpdates().catch(() => undefined)}
    />
  );
}
