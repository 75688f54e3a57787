import { Segmented, Typography } from '@manager/ui';
import { useState } from 'react';
import { AuthenticatorEnrolment } from './authenticator-enrolment';
import { PasskeyEnrolment } from './passkey-enrolment';

type Method = 'totp' | 'passkey';

const METHODS = [
  { label: 'Authenticator app', value: 'totp' },
  { label: 'Passkey', value: 'passkey' },
] satisfies { label: string; value: Method }[];

/**
 * Sign-in for an account that must use two-factor and has not set it up: the admin sets up
 * an authenticator app or a passkey, and only that opens the session. Until then no page of
 * the console opens (there is no session); Cancel returns to the login form.
 */
export function TwoFactorEnrolment() {
  const [method, setMethod] = useState<Method>('totp');
  return (
    <>
      <Typography.Title level={2} style={{ fontSize: 18 }}>
        Set up two-factor authentication
      </Typography.Title>
      <Typography.Paragraph>
        Your account must use two-factor authentication. Set it up to finish signing in.
      </Typography.Paragraph>
      <Segmented<Method>
        aria-label="Second factor"
        block
        options={METHODS}
        value={method}
        onChange={setMethod}
        style={{ marginBottom: 16 }}
      />
      {method === 'totp' ? <AuthenticatorEnrolment /> : <PasskeyEnrolment />}
    </>
  );
}
