import { useAuthStore } from '@manager/platform';
import { Alert, Button, Card, Form, Input } from '@manager/ui';
import { useState } from 'react';

interface Values {
  identifier?: string;
  password?: string;
  code?: string;
}

/** Minimal sign-in for the harness; the real screens (and their texts) live in the shell. */
export function HarnessSignIn() {
  const { login, verifyTwoFactor, twoFactor } = useAuthStore();
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);

  const onFinish = async (values: Values) => {
    setBusy(true);
    setError(undefined);
    const result = twoFactor
      ? await verifyTwoFactor(values.code ?? '')
      : await login(values.identifier ?? '', values.password ?? '');
    setBusy(false);
    if (result.status === 'error') setError(result.message ?? 'Sign-in failed');
  };

  return (
    <Card title="Harness sign-in" style={{ maxWidth: 360, margin: '48px auto' }}>
      {error && <Alert type="error" title={error} style={{ marginBottom: 12 }} />}
      <Form layout="vertical" onFinish={(v: Values) => void onFinish(v)}>
        {twoFactor ? (
          <Form.Item label="Code" name="code" rules={[{ required: true }]}>
            <Input autoComplete="one-time-code" maxLength={9} />
          </Form.Item>
        ) : (
          <>
            <Form.Item label="Username or Email" name="identifier" rules={[{ required: true }]}>
              <Input autoComplete="username" />
            </Form.Item>
            <Form.Item label="Password" name="password" rules={[{ required: true }]}>
              <Input.Password autoComplete="current-password" />
            </Form.Item>
          </>
        )}
        <Button type="primary" htmlType="submit" loading={busy} block>
          {twoFactor ? 'Verify' : 'Sign in'}
        </Button>
      </Form>
    </Card>
  );
}
