import { toast } from '@manager/platform';
import { Alert, Button, Form, Modal } from '@manager/ui';
import { useDisableTwoFactor } from '../api/disable-two-factor';
import { TWO_FACTOR_MESSAGES as M } from '../api/messages';
import { PasswordAndCodeFields, type PasswordAndCode } from './password-and-code-fields';

const FORM_ID = 'two-factor-disable-form';

/** Turning 2FA off needs the password and a current authenticator code (docs/screens.md). */
export function DisableModal({ onClose }: { onClose: () => void }) {
  const disable = useDisableTwoFactor();

  function submit(values: PasswordAndCode) {
    disable.mutate(values, {
      onSuccess: () => {
        toast.success(M.disabled);
        onClose();
      },
      onError: (error) => toast.error(error.message),
    });
  }

  return (
    <Modal
      open
      title="Disable 2FA"
      onCancel={onClose}
      mask={{ closable: false }}
      destroyOnHidden
      footer={[
        <Button key="cancel" onClick={onClose} disabled={disable.isPending}>
          Cancel
        </Button>,
        <Button
          key="disable"
          danger
          type="primary"
          htmlType="submit"
          form={FORM_ID}
          loading={disable.isPending}
        >
          Disable 2FA
        </Button>,
      ]}
    >
      <Alert
        type="warning"
        showIcon
        style={{ marginBottom: 16 }}
        title="Without 2FA, your password alone signs in to this account."
      />
      <Form
        id={FORM_ID}
        name={FORM_ID}
        layout="vertical"
        onFinish={submit}
        disabled={disable.isPending}
        requiredMark={false}
      >
        <PasswordAndCodeFields />
      </Form>
    </Modal>
  );
}
