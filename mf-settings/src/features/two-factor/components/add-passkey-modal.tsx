import { PASSKEY_NAME_MAX } from '@manager/contract';
import { toast } from '@manager/platform';
import { Alert, Button, Form, Input, Modal, Typography } from '@manager/ui';
import { useState } from 'react';
import { useAddPasskey } from '../api/change-passkeys';
import { PASSKEY_TEXTS } from '../api/passkey-messages';

const FORM_ID = 'add-passkey-form';

/**
 * A name for the new passkey, then the browser's prompt creates it. The modal stays open on
 * a failure (a cancelled prompt included) with the reason, so the admin can try again.
 */
export function AddPasskeyModal({ onClose }: { onClose: () => void }) {
  const add = useAddPasskey();
  const [error, setError] = useState<string | null>(null);

  function submit({ name }: { name: string }) {
    setError(null);
    add.mutate(name, {
      onSuccess: () => {
        toast.success(PASSKEY_TEXTS.added);
        onClose();
      },
      onError: (e) => setError(e.message),
    });
  }

  return (
    <Modal
      open
      title="Add passkey"
      onCancel={onClose}
      mask={{ closable: false }}
      destroyOnHidden
      footer={[
        <Button key="cancel" onClick={onClose} disabled={add.isPending}>Cancel</Button>,
        <Button key="add" type="primary" htmlType="submit" form={FORM_ID} loading={add.isPending}>
          Add passkey
        </Button>,
      ]}
    >
      <Typography.Paragraph>
        Your browser will ask you to create a passkey with this device&apos;s screen lock or a security key.
      </Typography.Paragraph>
      {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 16 }} />}
      <Form id={FORM_ID} name={FORM_ID} layout="vertical" onFinish={submit} disabled={add.isPending} requiredMark={false}>
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
          <Input autoFocus autoComplete="off" maxLength={PASSKEY_NAME_MAX} placeholder="Work laptop" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
