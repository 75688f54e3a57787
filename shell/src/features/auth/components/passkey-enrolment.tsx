import { paths } from '@manager/contract';
import { AUTH_MESSAGES, toast, useAuthStore, useNavigate } from '@manager/platform';
import { Alert, Button, Flex, Form, PasskeyNameField, Typography } from '@manager/ui';
import { useState } from 'react';

/**
 * The enrolment with a passkey: a name to tell it apart later, then the browser's prompt
 * creates it and the server keeps it, which opens the session. A cancelled prompt leaves the
 * form as it was, with the reason.
 */
export function PasskeyEnrolment() {
  const enrol = useAuthStore((s) => s.enrolWithPasskey);
  const cancel = useAuthStore((s) => s.cancelTwoFactor);
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const onFinish = async ({ name }: { name: string }) => {
    setBusy(true);
    setError(null);
    const result = await enrol(name);
    setBusy(false);
    if (result.status === 'ok') {
      toast.success(AUTH_MESSAGES.passkeyAdded);
      void navigate(paths.dashboard, { replace: true });
    } else if (result.status === 'error') {
      setError(result.message);
    }
  };

  return (
    <Form
      name="passkey-enrolment"
      layout="vertical"
      onFinish={(v: { name: string }) => void onFinish(v)}
      requiredMark={false}
      disabled={busy}
    >
      <Typography.Paragraph>
        A passkey signs you in with this device&apos;s screen lock or a security key: nothing to type, and it
        only works on this site.
      </Typography.Paragraph>
      {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 16 }} />}
      <PasskeyNameField />
      <Flex vertical gap={8}>
        <Button type="primary" htmlType="submit" block loading={busy}>
          Add passkey
        </Button>
        <Button block onClick={cancel} disabled={busy}>
          Cancel
        </Button>
      </Flex>
    </Form>
  );
}
