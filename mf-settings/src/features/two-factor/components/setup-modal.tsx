import { CheckCircleTwoTone } from '@manager/ui';
import { toast } from '@manager/platform';
import { Alert, Button, Flex, Modal, Result, Spin, Tag } from '@manager/ui';
import { useEffect, useState } from 'react';
import { useEnableTwoFactor } from '../api/enable-two-factor';
import { useTwoFactorSetup } from '../api/get-setup';
import { TWO_FACTOR_MESSAGES } from '../api/messages';
import { SetupStepOne, type SetupConfirmation } from './setup-step-one';

const FORM_ID = 'two-factor-setup-form';

/** Step 1 (scan, verify) and step 2 (enabled); a failed setup load shows Retry and Cancel. */
export function SetupModal({ onClose }: { onClose: () => void }) {
  const setup = useTwoFactorSetup();
  const enable = useEnableTwoFactor();
  const [done, setDone] = useState(false);
  const { mutate: loadSetup } = setup;

  // One fresh secret per opening of the modal.
  useEffect(() => loadSetup(), [loadSetup]);

  function submit({ code, password }: SetupConfirmation) {
    if (!setup.data) return;
    const { secret, backupCodes } = setup.data;
    enable.mutate(
      { secret, token: code, backupCodes, password },
      {
        onSuccess: () => {
          toast.success(TWO_FACTOR_MESSAGES.enabled);
          setDone(true);
        },
        onError: (error) => toast.error(error.message),
      },
    );
  }

  let body;
  let footer;
  if (done) {
    body = (
      <Result
        icon={<CheckCircleTwoTone twoToneColor="#52c41a" />}
        title="2FA Enabled Successfully"
        subTitle="Sign-in now asks for a code from your authenticator app."
        extra={<Tag color="green">Enhanced Security Active</Tag>}
      />
    );
    footer = (
      <Button type="primary" onClick={onClose}>
        Done
      </Button>
    );
  } else if (setup.isError) {
    body = (
      <Alert
        type="error"
        showIcon
        title={setup.error.message || TWO_FACTOR_MESSAGES.setupGeneric}
        action={
          <Flex vertical gap={4}>
            <Button size="small" onClick={() => setup.mutate()}>
              Retry
            </Button>
            <Button size="small" onClick={onClose}>
              Cancel
            </Button>
          </Flex>
        }
      />
    );
    footer = null;
  } else if (!setup.data) {
    body = (
      <Flex justify="center" style={{ padding: 32 }}>
        <Spin description="Loading 2FA setup..." aria-label="Loading 2FA setup">
          <div style={{ width: 120, height: 40 }} />
        </Spin>
      </Flex>
    );
    footer = null;
  } else {
    body = <SetupStepOne formId={FORM_ID} setup={setup.data} onSubmit={submit} disabled={enable.isPending} />;
    footer = [
      <Button key="cancel" onClick={onClose} disabled={enable.isPending}>
        Cancel
      </Button>,
      <Button key="enable" type="primary" htmlType="submit" form={FORM_ID} loading={enable.isPending}>
        Enable 2FA
      </Button>,
    ];
  }

  return (
    <Modal
      open
      title="Enable Two-Factor Authentication"
      onCancel={onClose}
      footer={footer}
      mask={{ closable: false }}
      destroyOnHidden
      width={520}
    >
      {body}
    </Modal>
  );
}
