import { paths } from '@manager/contract';
import { useAuthStore } from '@manager/platform';
import { Alert, Button, Form, Input } from '@manager/ui';
import { useState } from 'react';
import { useNavigate } from '@manager/platform';

interface Values {
  identifier: string;
  password: string;
}

export function LoginForm() {
  const login = useAuthStore((s) => s.login);
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const onFinish = async ({ identifier, password }: Values) => {
    setBusy(true);
    setError(null);
    try {
      const result = await login(identifier, password);
      // '2fa' and 'enrol' need no action here: the store's state swaps in their screen.
      if (result.status === 'ok') void navigate(paths.dashboard, { replace: true });
      else if (result.status === 'error') setError(result.message || 'Login failed');
    } catch {
      setError('Network error. Please try again.');
    } finally {
      setBusy(false);
    }
  };

  return (
    <Form<Values> layout="vertical" onFinish={(v) => void onFinish(v)} requiredMark={false}>
      {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 16 }} />}
      <Form.Item
        label="Username or Email"
        name="identifier"
        rules={[{ required: true, whitespace: true, message: 'Please enter your username or email' }]}
      >
        <Input autoComplete="username" autoFocus />
      </Form.Item>
      <Form.Item
        label="Password"
        name="password"
        rules={[{ required: true, message: 'Please enter your password' }]}
      >
        <Input.Password autoComplete="current-password" />
      </Form.Item>
      <Button type="primary" htmlType="submit" block disabled={busy}>
        {busy ? 'Signing in...' : 'Sign in'}
      </Button>
    </Form>
  );
}
