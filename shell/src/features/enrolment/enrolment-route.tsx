import { paths } from '@manager/contract';
import { Link, useParams } from '@manager/platform';
import { Alert, LoadingState } from '@manager/ui';
import { Suspense } from 'react';
import { RemoteErrorBoundary } from '../../remotes/remote-error-boundary';
import { EnrolmentPage } from './enrolment-page';

/**
 * The public page of an invited admin's one-time link (`/enrol/:token`): like the sign-in page
 * it needs no session, and waits for antd's on-demand chunk its form uses; a failed download
 * says so with a way to the sign-in page.
 */
export function EnrolmentRoute() {
  const { token = '' } = useParams();
  return (
    <RemoteErrorBoundary
      fallback={() => (
        <main style={{ maxWidth: 480, margin: '48px auto', padding: 16 }}>
          <Alert
            type="error"
            showIcon
            title="The page could not be loaded"
            description={<Link to={paths.login}>Go to sign in</Link>}
          />
        </main>
      )}
    >
      <Suspense fallback={<LoadingState />}>
        <EnrolmentPage token={token} />
      </Suspense>
    </RemoteErrorBoundary>
  );
}
