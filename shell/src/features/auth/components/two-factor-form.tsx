import { paths } from '@manager/contract';
import { toast, useAuthStore } from '@manager/platform';
import { Alert, Button, Flex, Form, Input, Typography } from '@manager/ui';
import { useState } from 'react';
import { useNavigate } from '@manager/platform';

type Mode = 'authenticator' | 'backup';

/** Second step of sign-in: an authenticator code (6 digits) or a backup code (XXXX-XXXX). */
export function TwoFactorForm() {
  const verifyTwoFactor = useAuthStore((s) => s.verifyTwoFactor);
  const cancelTwoFactor = useAuthStore((s) => s.cancelTwoFactor);
  const navigate = useNavigate();
  const [form] = Form.useForm<{ code: string }>();
  const [mode, setMode] = useState<Mode>('authenticator');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const onFinish = async ({ code }: { code: string }) => {
    setBusy(true);
    setError(null);
    try {
      const result = await verifyTwoFactor(code.trim());
      if (result.status === 'ok') {
        toast.success('2FA verification successful!');
        void navigate(paths.dashboard, { replace: true });
      } else {
        setError((result.status === 'error' && result.message) || 'Invalid verification code');
      }
    } catch {
      setError('Verification failed. Please try again.');
    } finally {
      setBusy(false);
    }
  };

  const switchMode = () => {
    setMode(mode === 'authenticator' ? 'backup' : 'authenticator');
    setError(null);
    form.resetFields();
  };

  return (
    <Form form={form} layout="vertical" onFinish={(v) => void onFinish(v)} requiredMark={false}>
      <Typography.Paragraph>
        {mode === 'authenticator'
          ? 'Enter the 6-digit code from your authenticator app.'
          : 'Enter one of your backup codes (XXXX-XXXX).'}
      </Typography.Paragraph>
      {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 16 }} />}
      <Form.Item
        label={mode === 'authenticator' ? 'Authentication code' : 'Backup code'}
        name="code"
        validateTrigger="onSubmit"
        rules={[
          { required: true, whitespace: true, message: 'Please enter a code' },
          {
            validator: (_, value: string | undefined) =>
              mode === 'authenticator' && value && value.trim().length !== 6
                ? Promise.reject(new Error('Please enter a 6-digit code'))
                : Promise.resolve(),
          },
        ]}
      >
        <Input
          autoFocus
          autoComplete="one-time-code"
          inputMode={mode === 'authenticator' ? 'numeric' : 'text'}
          maxLength={mode === 'authenticator' ? 6 : 9}
          placeholder={mode === 'authenticator' ? '000000' : 'XXXX-XXXX'}
        />
      </Form.Item>
      <Flex vertical gap={8}>
        <Button type="primary" htmlType="submit" block loading={busy}>
          Verify
        </Button>
        <Button block onClick={() => cancelTwoFactor()} disabled={busy}>
          Cancel
        </Button>
        <Button type="link" onClick={switchMode}>
          {mode === 'authenticator' ? 'Use a backup code' : 'Use authenticator code'}
        </Button>
      </Flex>
    </Form>
  );
}
