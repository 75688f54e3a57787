import { paths, REMOTE_NAMES, REMOTE_PREFIXES } from '@manager/contract';
import { Navigate, Route, Routes } from '@manager/platform';
import { LoginRoute } from '../features/auth/components/login-route';
import { DashboardPage } from '../features/dashboard/components/dashboard-page';
import { NotFoundPage } from '../features/not-found/not-found-page';
import { AppLayout } from '../layout/app-layout';
import { RemoteArea } from '../remotes/remote-area';
import { RequireAuth } from './require-auth';

export function AppRoutes() {
  return (
    <Routes>
      <Route path={paths.login} element={<LoginRoute />} />
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
        <Route path="*" element={<NotFoundPage />} />
      </Route>
    </Routes>
  );
}
