import { paths, type TwoFactorSetupResponse } from '@manager/contract';
import { AUTH_MESSAGES, copyText, toast, useAuthStore, useNavigate } from '@manager/platform';
import { Alert, Button, CopyOutlined, Flex, Form, Spin, Typography } from '@manager/ui';
import { useCallback, useEffect, useRef, useState } from 'react';
import { SecretKeyField, VerificationCodeField } from './authenticator-fields';
import { AuthenticatorQrCode } from './authenticator-qr-code';

/**
 * The enrolment with an authenticator app: a new secret (QR code and text), its backup codes,
 * and a code that proves the authenticator holds it. Only the confirmation opens the session;
 * Cancel returns to the login form.
 */
export function AuthenticatorEnrolment() {
  const loadSetup = useAuthStore((s) => s.loadEnrolmentSetup);
  const confirm = useAuthStore((s) => s.confirmEnrolment);
  const cancel = useAuthStore((s) => s.cancelTwoFactor);
  const navigate = useNavigate();
  const [setup, setSetup] = useState<TwoFactorSetupResponse | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const load = useCallback(async () => {
    setLoadError(null);
    const result = await loadSetup();
    if (result.status === 'ok') setSetup(result.setup);
    else setLoadError(result.message);
  }, [loadSetup]);

  // One secret per enrolment step: each setup call replaces the last one's on the server, so
  // a second call (StrictMode's repeated effect) would leave the one shown unusable.
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    void load();
  }, [load]);

  const onFinish = async ({ code }: { code: string }) => {
    if (!setup) return;
    setBusy(true);
    setError(null);
    const result = await confirm(setup.secret, code);
    setBusy(false);
    if (result.status === 'ok') {
      toast.success(AUTH_MESSAGES.twoFactorEnabled);
      void navigate(paths.dashboard, { replace: true });
    } else if (result.status === 'error') {
      setError(result.message);
    }
  };

  if (loadError) {
    return (
      <Alert
        type="error"
        showIcon
        title={loadError}
        action={
          <Flex vertical gap={4}>
            <Button size="small" onClick={() => void load()}>
              Retry
            </Button>
            <Button size="small" onClick={cancel}>
              Cancel
            </Button>
          </Flex>
        }
      />
    );
  }
  if (!setup) {
    return (
      <Flex justify="center" style={{ padding: 24 }}>
        <Spin description="Loading 2FA setup..." aria-label="Loading 2FA setup">
          <div style={{ width: 120, height: 40 }} />
        </Spin>
      </Flex>
    );
  }

  return (
    <Form
      layout="vertical"
      onFinish={(v: { code: string }) => void onFinish(v)}
      requiredMark={false}
      disabled={busy}
    >
      <Typography.Paragraph>
        1. Scan this QR code with an authenticator app (Google Authenticator, Authy, 1Password...).
      </Typography.Paragraph>
      <Flex justify="center" style={{ marginBottom: 16 }}>
        <AuthenticatorQrCode value={setup.otpauthUrl ?? ''} />
      </Flex>
      <SecretKeyField
        id="enrolment-secret"
        secret={setup.secret}
        label="2. Or enter this secret key manually"
      />
      <Alert
        type="warning"
        showIcon
        style={{ marginBottom: 12 }}
        title="Store these backup codes in a safe place."
        description="Each code signs you in once if you lose your authenticator. They are not shown again."
      />
      <ul
        aria-label="Backup codes"
        style={{
          display: 'grid',
          gridTemplateColumns: 'repeat(auto-fill, minmax(110px, 1fr))',
          gap: 8,
          padding: 0,
          margin: '0 0 8px',
          listStyle: 'none',
        }}
      >
        {setup.backupCodes.map((code) => (
          <li key={code}>
            <Typography.Text code style={{ fontSize: 14 }}>
              {code}
            </Typography.Text>
          </li>
        ))}
      </ul>
      <Button
        icon={<CopyOutlined aria-hidden />}
        style={{ marginBottom: 16 }}
        onClick={() => void copyText(setup.backupCodes.join('\n'), 'Backup codes copied to clipboard')}
      >
        Copy All Codes
      </Button>
      {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 16 }} />}
      <VerificationCodeField extra="3. Type the 6-digit code your app shows." />
      <Flex vertical gap={8}>
        <Button type="primary" htmlType="submit" block loading={busy}>
          Enable 2FA
        </Button>
        <Button block onClick={cancel} disabled={busy}>
          Cancel
        </Button>
      </Flex>
    </Form>
  );
}
