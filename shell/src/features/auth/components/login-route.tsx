import { Alert, Button, LoadingState } from '@manager/ui';
import { Suspense, useState } from 'react';
import { RemoteErrorBoundary } from '../../../remotes/remote-error-boundary';
import { LoginPage } from './login-page';

/**
 * The sign-in page with what its forms need: they use antd's on-demand components
 * (packages/ui/src/antd-on-demand.ts), so the page waits for that chunk (usually already on
 * its way: bootstrap starts it for a signed-out visitor), and a failed download (a deploy
 * replaced the files, the network dropped) offers Retry instead of a blank page.
 */
export function LoginRoute() {
  const [attempt, setAttempt] = useState(0);
  return (
    <RemoteErrorBoundary
      key={attempt}
      fallback={() => (
        <div style={{ maxWidth: 480, margin: '48px auto', padding: 16 }}>
          <Alert
            type="error"
            showIcon
            title="The sign-in form could not be loaded"
            description="Check the connection, then try again."
            action={
              <Button size="small" onClick={() => setAttempt(attempt + 1)}>
                Retry
              </Button>
            }
          />
        </div>
      )}
    >
      <Suspense fallback={<LoadingState />}>
        <LoginPage />
      </Suspense>
    </RemoteErrorBoundary>
  );
}
