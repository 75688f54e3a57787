import { paths, REMOTE_NAMES, REMOTE_PREFIXES } from '@manager/contract';
import { Navigate, Route, Routes } from '@manager/platform';
import { LoadingState } from '@manager/ui';
import { lazy, Suspense } from 'react';
import { LoginRoute } from '../features/auth/components/login-route';
import { DashboardPage } from '../features/dashboard/components/dashboard-page';
import { AppLayout } from '../layout/app-layout';
import { useExtraAreas } from '../remotes/extra-areas';
import { RemoteArea } from '../remotes/remote-area';
import { RequireAuth } from './require-auth';
import { RequirePermission } from './require-permission';
import { UnknownPath } from './unknown-path';

// Only an invited admin ever opens it: its code loads then, not with every console.
const EnrolmentRoute = lazy(() =>
  import('../features/enrolment/enrolment-route').then((m) => ({ default: m.EnrolmentRoute })),
);

export function AppRoutes() {
  const extras = useExtraAreas();
  return (
    <Routes>
      <Route path={paths.login} element={<LoginRoute />} />
      <Route
        path={paths.enrol(':token')}
        element={
          <Suspense fallback={<LoadingState />}>
            <EnrolmentRoute />
          </Suspense>
        }
      />
      <Route
        element={
          <RequireAuth>
            <AppLayout />
          </RequireAuth>
        }
      >
        <Route index element={<Navigate to={paths.dashboard} replace />} />
        <Route
          path={paths.dashboard}
          element={
            <RequirePermission>
              <DashboardPage />
            </RequirePermission>
          }
        />
        {REMOTE_NAMES.flatMap((name) =>
          REMOTE_PREFIXES[name].map((prefix) => (
            <Route
              key={prefix}
              path={`${prefix}/*`}
              element={
                <RequirePermission>
                  <RemoteArea name={name} prefix={prefix} />
                </RequirePermission>
              }
            />
          )),
        )}
        {extras.flatMap(({ name, area, prefixes }) =>
          prefixes.map((prefix) => (
            <Route
              key={prefix}
              path={`${prefix}/*`}
              element={
                <RequirePermission permission={area.permission}>
                  <RemoteArea name={name} prefix={prefix} />
                </RequirePermission>
              }
            />
          )),
        )}
        <Route path="*" element={<UnknownPath />} />
      </Route>
    </Routes>
  );
}
