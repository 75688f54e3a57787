import { Form, Input } from '@manager/ui';
import { digitsOnly, TWO_FACTOR_MESSAGES as M } from '../api/messages';

/** What a two-factor change asks: the password and a current authenticator code. */
export interface PasswordAndCode {
  password: string;
  twoFactorCode: string;
}

/** The password and 2FA code inputs of the disable and regenerate forms (docs/screens.md). */
export function PasswordAndCodeFields() {
  return (
    <>
      <Form.Item label="Password" name="password" rules={[{ required: true, message: M.enterPassword }]}>
        <Input.Password autoComplete="current-password" autoFocus />
      </Form.Item>
      <Form.Item
        label="2FA Code"
        name="twoFactorCode"
        initialValue=""
        validateFirst
        getValueFromEvent={(e: { target: { value: string } }) => digitsOnly(e.target.value)}
        rules={[
          { required: true, message: M.enterCode },
          { len: 6, message: M.codeLength },
        ]}
        extra="The 6-digit code from your authenticator app."
      >
        <Input placeholder="000000" inputMode="numeric" autoComplete="one-time-code" />
      </Form.Item>
    </>
  );
}
