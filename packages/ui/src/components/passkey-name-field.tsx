import { Form, Input } from '../antd.ts';
import { PASSKEY_NAME_MAX } from '../limits.ts';

/**
 * The name a new passkey is listed under, as the API bounds it (required, at most
 * PASSKEY_NAME_MAX characters): in the settings' "Add passkey" and the sign-in's setup.
 */
export function PasskeyNameField({ autoFocus = false }: { autoFocus?: boolean }) {
  return (
    <Form.Item
      label="Passkey name"
      name="name"
      initialValue=""
      validateTrigger="onSubmit"
      rules={[
        { required: true, whitespace: true, message: 'Please enter a name for the passkey' },
        { max: PASSKEY_NAME_MAX, message: `The name must be at most ${PASSKEY_NAME_MAX} characters` },
      ]}
      extra="For example the device or key it is on."
    >
      <Input
        autoFocus={autoFocus}
        autoComplete="off"
        maxLength={PASSKEY_NAME_MAX}
        placeholder="Work laptop"
      />
    </Form.Item>
  );
}
