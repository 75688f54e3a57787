import { ADMIN_PASSWORD_MIN_LENGTH, type EnrolmentResponse } from '@manager/contract';
import { Alert, Button, Flex, Form, Input, Typography } from '@manager/ui';
import { useState } from 'react';
import { SecretKeyField, VerificationCodeField } from '../auth/components/authenticator-fields';
import { AuthenticatorQrCode } from '../auth/components/authenticator-qr-code';
import { enrol } from './enrolment-api';

interface Values {
  password: string;
  confirm: string;
  code: string;
}

/** The password rules of every admin (the API's, docs/security.md): checked here before sending. */
const passwordProblem = (password: string, username: string): string | null => {
  if ([...password].length < ADMIN_PASSWORD_MIN_LENGTH)
    return `The password must be at least ${ADMIN_PASSWORD_MIN_LENGTH} characters long.`;
  if (password.trim().toLowerCase() === username.trim().toLowerCase())
    return 'The password must not be the username.';
  return null;
};

/**
 * The new admin's password (twice) and authenticator: the QR code and the secret, then a code
 * the app shows. A wrong code or password is the API's text; nothing is saved until both hold.
 */
export function EnrolmentForm({
  token,
  enrolment,
  onDone,
}: {
  token: string;
  enrolment: EnrolmentResponse;
  onDone: () => void;
}) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const onFinish = async ({ password, code }: Values) => {
    setBusy(true);
    setError(null);
    const outcome = await enrol(token, { password, code });
    setBusy(false);
    if (outcome.ok) onDone();
    else setError(outcome.message);
  };

  return (
    <Form<Values> layout="vertical" requiredMark={false} disabled={busy} onFinish={(v) => void onFinish(v)}>
      {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 16 }} />}
      <Form.Item
        label="Password"
        name="password"
        rules={[
          { required: true, message: 'Please enter your password' },
          {
            validator: (_, v: string | undefined) => {
              const problem = v ? passwordProblem(v, enrolment.username) : null;
              return problem ? Promise.reject(new Error(problem)) : Promise.resolve();
            },
          },
        ]}
      >
        <Input.Password autoComplete="new-password" autoFocus />
      </Form.Item>
      <Form.Item
        label="Confirm password"
        name="confirm"
        dependencies={['password']}
        rules={[
          { required: true, message: 'Please enter your password again' },
          ({ getFieldValue }) => ({
            validator: (_, v: string | undefined) =>
              !v || v === getFieldValue('password')
                ? Promise.resolve()
                : Promise.reject(new Error('The two passwords differ.')),
          }),
        ]}
      >
        <Input.Password autoComplete="new-password" />
      </Form.Item>
      <Typography.Paragraph>
        Scan this QR code with an authenticator app (Google Authenticator, Authy, 1Password...).
      </Typography.Paragraph>
      <Flex justify="center" style={{ marginBottom: 16 }}>
        <AuthenticatorQrCode value={enrolment.otpauthUrl} />
      </Flex>
      <SecretKeyField id="enrol-secret" secret={enrolment.secret} label="Or enter this secret key manually" />
      <VerificationCodeField extra="Type the 6-digit code your app shows." />
      <Button type="primary" htmlType="submit" block loading={busy}>
        Set up account
      </Button>
    </Form>
  );
}
