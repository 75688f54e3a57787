import { paths } from '@manager/contract';
import { AUTH_MESSAGES, toast, useAuthStore, type AuthResult, type SecondFactor } from '@manager/platform';
import { Alert, Button, Flex, Form, Input, Typography } from '@manager/ui';
import { useState } from 'react';
import { useNavigate } from '@manager/platform';

type Mode = 'authenticator' | 'backup';

const CODE_ONLY: readonly SecondFactor[] = ['totp'];

/**
 * Second step of sign-in: an authenticator code (6 digits), a backup code (XXXX-XXXX) or,
 * when the admin has one, a passkey ("Use a passkey"). An admin with passkeys only is offered
 * the passkey alone: there is no code they could type.
 */
export function TwoFactorForm() {
  const verifyTwoFactor = useAuthStore((s) => s.verifyTwoFactor);
  const verifyWithPasskey = useAuthStore((s) => s.verifyWithPasskey);
  const cancelTwoFactor = useAuthStore((s) => s.cancelTwoFactor);
  const methods = useAuthStore((s) => s.twoFactor?.methods ?? CODE_ONLY);
  const navigate = useNavigate();
  const [form] = Form.useForm<{ code: string }>();
  const [mode, setMode] = useState<Mode>('authenticator');
  const [busy, setBusy] = useState<'code' | 'passkey' | null>(null);
  const [error, setError] = useState<string | null>(null);
  const hasCode = methods.includes('totp');
  const hasPasskey = methods.includes('passkey');

  const settle = async (kind: 'code' | 'passkey', verify: () => Promise<AuthResult>) => {
    setBusy(kind);
    setError(null);
    try {
      const result = await verify();
      if (result.status === 'ok') {
        toast.success(AUTH_MESSAGES.twoFactorSuccess);
        void navigate(paths.dashboard, { replace: true });
      } else {
        setError((result.status === 'error' && result.message) || AUTH_MESSAGES.invalidCode);
      }
    } catch {
      setError(AUTH_MESSAGES.verificationFailed);
    } finally {
      setBusy(null);
    }
  };
  const onFinish = ({ code }: { code: string }) => settle('code', () => verifyTwoFactor(code.trim()));
  const signInWithPasskey = () => void settle('passkey', verifyWithPasskey);

  const passkeyButton = hasPasskey && (
    <Button
      type={hasCode ? 'default' : 'primary'}
      block
      onClick={signInWithPasskey}
      loading={busy === 'passkey'}
      disabled={busy === 'code'}
    >
      Use a passkey
    </Button>
  );
  const alert = error && <Alert type="error" showIcon title={error} style={{ marginBottom: 16 }} />;

  if (!hasCode) {
    return (
      <Flex vertical gap={8}>
        <Typography.Paragraph>Confirm the sign-in with your passkey.</Typography.Paragraph>
        {alert}
        {passkeyButton}
        <Button block onClick={() => cancelTwoFactor()} disabled={busy !== null}>
          Cancel
        </Button>
      </Flex>
    );
  }

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
      {alert}
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
        <Button
          type="primary"
          htmlType="submit"
          block
          loading={busy === 'code'}
          disabled={busy === 'passkey'}
        >
          Verify
        </Button>
        {passkeyButton}
        <Button block onClick={() => cancelTwoFactor()} disabled={busy !== null}>
          Cancel
        </Button>
        <Button type="link" onClick={switchMode}>
          {mode === 'authenticator' ? 'Use a backup code' : 'Use authenticator code'}
        </Button>
      </Flex>
    </Form>
  );
}
