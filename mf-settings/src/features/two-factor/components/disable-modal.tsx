import { toast } from '@manager/platform';
import { Alert, Button, Form, Input, Modal } from '@manager/ui';
import { useDisableTwoFactor } from '../api/disable-two-factor';
import { digitsOnly, TWO_FACTOR_MESSAGES as M } from '../api/messages';

const FORM_ID = 'two-factor-disable-form';

interface Values {
  password: string;
  twoFactorCode: string;
}

/** Turning 2FA off needs the password and a current authenticator code (docs/screens.md). */
export function DisableModal({ onClose }: { onClose: () => void }) {
  const disable = useDisableTwoFactor();

  function submit(values: Values) {
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
        <Button key="cancel" onClick={onClose} disabled={disable.isPending}>Cancel</Button>,
        <Button key="disable" danger type="primary" htmlType="submit" form={FORM_ID} loading={disable.isPending}>
          Disable 2FA
        </Button>,
      ]}
    >
      <Alert type="warning" showIcon style={{ marginBottom: 16 }} title="Without 2FA, your password alone signs in to this account." />
      <Form id={FORM_ID} name={FORM_ID} layout="vertical" onFinish={submit} disabled={disable.isPending} requiredMark={false}>
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
      </Form>
    </Modal>
  );
}
