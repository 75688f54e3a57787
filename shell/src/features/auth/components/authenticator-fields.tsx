import { copyText } from '@manager/platform';
import { Button, CopyOutlined, Form, Input, Space } from '@manager/ui';

/**
 * The fields every authenticator set-up shows (a second factor at sign-in, an invited admin's
 * enrolment): the secret to type by hand, with Copy, and the 6-digit code that proves the app
 * holds it. The code field is the form's `code`, digits only, checked on submit.
 */
export function SecretKeyField({ id, secret, label }: { id: string; secret: string; label: string }) {
  return (
    <Form.Item label={label} htmlFor={id}>
      <Space.Compact style={{ width: '100%' }}>
        <Input id={id} aria-label="Secret key" value={secret} readOnly style={{ fontFamily: 'monospace' }} />
        <Button
          icon={<CopyOutlined aria-hidden />}
          aria-label="Copy secret key"
          onClick={() => void copyText(secret, 'Copied to clipboard!')}
        />
      </Space.Compact>
    </Form.Item>
  );
}

export function VerificationCodeField({ extra }: { extra: string }) {
  return (
    <Form.Item
      label="Verification Code"
      name="code"
      initialValue=""
      getValueFromEvent={(e: { target: { value: string } }) => e.target.value.replace(/\D/g, '').slice(0, 6)}
      validateTrigger="onSubmit"
      rules={[
        {
          validator: (_, v: string) =>
            /^\d{6}$/.test(v ?? '')
              ? Promise.resolve()
              : Promise.reject(new Error('Please enter a 6-digit code')),
        },
      ]}
      extra={extra}
    >
      <Input
        placeholder="000000"
        inputMode="numeric"
        autoComplete="one-time-code"
        style={{ fontFamily: 'monospace', letterSpacing: 4 }}
      />
    </Form.Item>
  );
}
