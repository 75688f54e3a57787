import { paths, REMOTE_NAMES, REMOTE_PREFIXES } from '@manager/contract';
import { Navigate, Route, Routes } from '@manager/platform';
import { LoadingState } from '@manager/ui';
import { Suspense } from 'react';
import { LoginPage } from '../features/auth/components/login-page';
import { DashboardPage } from '../features/dashboard/components/dashboard-page';
import { AppLayout } from '../layout/app-layout';
import { RemoteArea } from '../remotes/remote-area';
import { RequireAuth } from './require-auth';

export function AppRoutes() {
  return (
    <Routes>
      {/* The sign-in forms use antd's on-demand components (ui/src/antd-on-demand.ts). */}
      <Route
        path={paths.login}
        element={
          <Suspense fallback={<LoadingState />}>
            <LoginPage />
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
        <Route path={paths.dashboard} element={<DashboardPage />} />
        {REMOTE_NAMES.flatMap((name) =>
          REMOTE_PREFIXES[name].map((prefix) => (
            <Route key={prefix} path={`${prefix}/*`} element={<RemoteArea name={name} prefix={prefix} />} />
          )),
        )}
        <Route path="*" element={<Navigate to={paths.dashboard} replace />} />
      </Route>
    </Routes>
  );
}
