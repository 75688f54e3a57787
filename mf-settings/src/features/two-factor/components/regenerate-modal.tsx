import { toast } from '@manager/platform';
import { Alert, Button, Form, Modal } from '@manager/ui';
import { TWO_FACTOR_MESSAGES as M } from '../api/messages';
import { useRegenerateBackupCodes } from '../api/regenerate-backup-codes';
import { BackupCodesList } from './backup-codes-list';
import { PasswordAndCodeFields, type PasswordAndCode } from './password-and-code-fields';

const FORM_ID = 'two-factor-regenerate-form';

/**
 * Asks the password and a current authenticator code, then shows the new codes (the old ones
 * no longer work) with copy and close.
 */
export function RegenerateModal({ onClose }: { onClose: () => void }) {
  const regenerate = useRegenerateBackupCodes();
  const codes = regenerate.data;

  function submit(values: PasswordAndCode) {
    regenerate.mutate(values, {
      onSuccess: () => toast.success(M.regenerated),
      onError: (error) => toast.error(error.message),
    });
  }

  const footer = codes
    ? [
        <Button key="close" type="primary" onClick={onClose}>
          Close
        </Button>,
      ]
    : [
        <Button key="cancel" onClick={onClose} disabled={regenerate.isPending}>
          Cancel
        </Button>,
        <Button
          key="regenerate"
          type="primary"
          htmlType="submit"
          form={FORM_ID}
          loading={regenerate.isPending}
        >
          Regenerate
        </Button>,
      ];

  return (
    <Modal
      open
      title="Regenerate Backup Codes"
      onCancel={onClose}
      closable={!codes}
      mask={{ closable: false }}
      destroyOnHidden
      footer={footer}
    >
      {codes ? (
        <BackupCodesList codes={codes} />
      ) : (
        <>
          <Alert
            type="warning"
            showIcon
            style={{ marginBottom: 16 }}
            title="New codes replace all your current backup codes: the old ones stop working."
          />
          <Form
            id={FORM_ID}
            name={FORM_ID}
            layout="vertical"
            onFinish={submit}
            disabled={regenerate.isPending}
            requiredMark={false}
          >
            <PasswordAndCodeFields />
          </Form>
        </>
      )}
    </Modal>
  );
}
