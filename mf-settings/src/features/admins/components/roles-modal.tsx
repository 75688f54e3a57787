import type { AdminRow } from '@manager/contract';
import { Form, Modal, Typography } from '@manager/ui';
import { RolesSelect } from './roles-select';

interface RolesModalProps {
  admin: AdminRow | null;
  busy: boolean;
  onSave: (roles: string[]) => void;
  onCancel: () => void;
}

/**
 * Change roles: removals apply at once, added roles become a request a second Owner approves
 * (the modal says so before Save).
 */
export function RolesModal({ admin, busy, onSave, onCancel }: RolesModalProps) {
  const [form] = Form.useForm<{ roles: string[] }>();
  return (
    <Modal
      open={admin !== null}
      title={admin ? `Change roles of ${admin.username}` : undefined}
      okText="Save"
      cancelText="Cancel"
      confirmLoading={busy}
      onOk={() => form.submit()}
      onCancel={onCancel}
      destroyOnHidden
    >
      {admin && (
        <Form
          form={form}
          layout="vertical"
          requiredMark={false}
          initialValues={{ roles: admin.roles.map((r) => r.id) }}
          onFinish={(v) => onSave(v.roles ?? [])}
        >
          <Form.Item label="Roles" name="roles">
            <RolesSelect />
          </Form.Item>
          <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>
            Removed roles are taken away at once. Added roles wait for a second Owner&apos;s approval.
          </Typography.Paragraph>
        </Form>
      )}
    </Modal>
  );
}
