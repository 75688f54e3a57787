import { toast } from '@manager/platform';
import { Alert, Button, Form, Modal, PasskeyNameField, Typography } from '@manager/ui';
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
        <Button key="cancel" onClick={onClose} disabled={add.isPending}>
          Cancel
        </Button>,
        <Button key="add" type="primary" htmlType="submit" form={FORM_ID} loading={add.isPending}>
          Add passkey
        </Button>,
      ]}
    >
      <Typography.Paragraph>
        Your browser will ask you to create a passkey with this device&apos;s screen lock or a security key.
      </Typography.Paragraph>
      {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 16 }} />}
      <Form
        id={FORM_ID}
        name={FORM_ID}
        layout="vertical"
        onFinish={submit}
        disabled={add.isPending}
        requiredMark={false}
      >
        <PasskeyNameField autoFocus />
      </Form>
    </Modal>
  );
}
