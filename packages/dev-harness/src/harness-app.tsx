import {
  AppToaster,
  BrowserRouter,
  Link,
  Navigate,
  queryClient,
  Route,
  Routes,
  useAuthStore,
  useStepUpPrompt,
  type RemoteRoute,
} from '@manager/platform';
import {
  Button,
  ConfigProvider,
  ConfirmItsYouHost,
  ConsoleRoot,
  consoleTheme,
  Layout,
  Space,
} from '@manager/ui';
import { QueryClientProvider } from '@tanstack/react-query';
import { Suspense } from 'react';
import { HarnessSignIn } from './harness-sign-in.tsx';

/**
 * Dev-only page: sign-in gate, a link per route, and the remote's routes. antd's styles are
 * made at run time here (`consoleTheme`): the shell's build-time sheet is not loaded.
 */
export function HarnessApp({ routes }: { routes: readonly RemoteRoute[] }) {
  return (
    <ConfigProvider theme={consoleTheme}>
      <ConsoleRoot>
        <QueryClientProvider client={queryClient}>
          <BrowserRouter>
            <Gate routes={routes} />
          </BrowserRouter>
          <AppToaster />
          <ConfirmItsYouHost usePrompt={useStepUpPrompt} />
        </QueryClientProvider>
      </ConsoleRoot>
    </ConfigProvider>
  );
}

function Gate({ routes }: { routes: readonly RemoteRoute[] }) {
  const { loading, isAuthenticated, logout } = useAuthStore();
  if (loading) return <p>Loading...</p>;
  if (!isAuthenticated) return <HarnessSignIn />;
  const links = routes.filter((r) => !r.path.includes(':'));
  return (
    <Layout style={{ minHeight: '100vh' }}>
      <Layout.Header style={{ background: '#fff', height: 'auto', lineHeight: 2, padding: 12 }}>
        <Space wrap>
          <strong>{document.title}</strong>
          {links.map((r) => (
            <Link key={r.path} to={r.path}>
              {r.title}
            </Link>
          ))}
          <Button size="small" onClick={() => void logout()}>
            Logout
          </Button>
        </Space>
      </Layout.Header>
      <Layout.Content style={{ padding: 16 }}>
        <Suspense fallback={<p>Loading...</p>}>
          <Routes>
            {routes.map(({ path, Component }) => (
              <Route key={path} path={path} element={<Component />} />
            ))}
            <Route path="*" element={<Navigate to={links[0]?.path ?? '/'} replace />} />
          </Routes>
        </Suspense>
      </Layout.Content>
    </Layout>
  );
}
