import { lazy, Suspense } from 'react';
import { paths } from '@manager/contract';
import { useAuthStore } from '@manager/platform';
import { Card, Flex, theme, Typography } from '@manager/ui';
import { Navigate } from '@manager/platform';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { SessionLoading } from '../../../app/require-auth';
import { LoginForm } from './login-form';
import { TwoFactorForm } from './two-factor-form';

// An admin enrols a second factor at sign-in once: its code loads then, not with every console.
const TwoFactorEnrolment = lazy(() =>
  import('./two-factor-enrolment').then((m) => ({ default: m.TwoFactorEnrolment })),
);

export function LoginPage() {
  const loading = useAuthStore((s) => s.loading);
  const isAuthenticated = useAuthStore((s) => s.isAuthenticated);
  const twoFactor = useAuthStore((s) => s.twoFactor);
  const enrolment = useAuthStore((s) => s.enrolment);
  const { token } = theme.useToken();
  useDocumentTitle('Sign in');

  if (loading) return <SessionLoading />;
  if (isAuthenticated) return <Navigate to={paths.dashboard} replace />;

  return (
    <Flex
      component="main"
      justify="center"
      align="center"
      style={{ minHeight: '100vh', padding: 16, background: token.colorBgLayout }}
    >
      <Card style={{ width: '100%', maxWidth: enrolment ? 480 : 400 }}>
        <Typography.Title level={1} style={{ textAlign: 'center', fontSize: 24 }}>
          Manager
        </Typography.Title>
        {twoFactor ? (
          <TwoFactorForm />
        ) : enrolment ? (
          <Suspense fallback={<SessionLoading />}>
            <TwoFactorEnrolment />
          </Suspense>
        ) : (
          <LoginForm />
        )}
      </Card>
    </Flex>
  );
}
