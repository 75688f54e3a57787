import { paths, type EnrolmentResponse } from '@manager/contract';
import { Link } from '@manager/platform';
import { Alert, Card, Flex, Spin, theme, Typography } from '@manager/ui';
import { useEffect, useState } from 'react';
import { useDocumentTitle } from '../../lib/use-document-title';
import { loadEnrolment, type Outcome } from './enrolment-api';
import { EnrolmentForm } from './enrolment-form';

const toSignIn = <Link to={paths.login}>Go to sign in</Link>;

/**
 * Who the link is for, then the password and authenticator form; once done, that the account
 * is ready. An expired or used link shows the API's text. The secret is fetched once per
 * visit: the API keeps the same one with the invitation until it is used.
 */
export function EnrolmentPage({ token }: { token: string }) {
  const { token: design } = theme.useToken();
  useDocumentTitle('Set up your account');
  const [state, setState] = useState<Outcome<EnrolmentResponse> | null>(null);
  const [done, setDone] = useState(false);
  useEffect(() => {
    let current = true;
    void loadEnrolment(token).then((outcome) => current && setState(outcome));
    return () => {
      current = false;
    };
  }, [token]);

  let body;
  if (!state) {
    body = (
      <Flex justify="center" style={{ padding: 24 }}>
        <Spin description="Loading..." aria-label="Loading">
          <div style={{ width: 120, height: 40 }} />
        </Spin>
      </Flex>
    );
  } else if (!state.ok) {
    body = <Alert type="error" showIcon title={state.message} description={toSignIn} />;
  } else if (done) {
    body = (
      <Alert
        type="success"
        showIcon
        title="Your account is ready"
        description={
          <>
            Sign in as {state.data.username} with your password and authenticator.{' '}
            <Link to={paths.login}>Go to sign in</Link>
          </>
        }
      />
    );
  } else {
    body = <EnrolmentForm token={token} enrolment={state.data} onDone={() => setDone(true)} />;
  }

  return (
    <Flex
      component="main"
      justify="center"
      align="center"
      style={{ minHeight: '100vh', padding: 16, background: design.colorBgLayout }}
    >
      <Card style={{ width: '100%', maxWidth: 480 }}>
        <Typography.Title level={1} style={{ textAlign: 'center', fontSize: 24 }}>
          Manager
        </Typography.Title>
        {state?.ok && !done && (
          <Typography.Paragraph style={{ textAlign: 'center' }}>
            Set up the account <Typography.Text strong>{state.data.username}</Typography.Text>
          </Typography.Paragraph>
        )}
        {body}
      </Card>
    </Flex>
  );
}
