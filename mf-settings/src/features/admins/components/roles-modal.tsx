import { useRecordChanges } from '@manager/platform';
import type { AdminRow } from '@manager/contract';
import { useFormUnderChange } from '@manager/platform/forms';
import { Form, FormChangeNotice, Modal, Typography } from '@manager/ui';
import { RolesSelect } from './roles-select';

interface RolesModalProps {
  /** The admin, as stored now (from the list data); null while closed. */
  admin: AdminRow | null;
  busy: boolean;
  onSave: (roles: string[]) => void;
  onCancel: () => void;
}

interface RolesValues {
  roles: string[];
}

/** The form's values of an admin: what it opens with, and what "This record changed" compares. */
const valuesOf = (admin: AdminRow): RolesValues => ({ roles: admin.roles.map((r) => r.id) });

/**
 * Change roles: removals apply at once, added roles become a request a second Owner approves
 * (the modal says so before Save). The roles are read from the admin once: another admin's
 * change of them shows "This record changed" and enters the field only through Review changes
 * (unless the admin already changed it).
 */
export function RolesModal({ admin, busy, onSave, onCancel }: RolesModalProps) {
  const [form] = Form.useForm<RolesValues>();
  // A role change of an admin is an event of that admin (`admin.roles.changed`).
  const changes = useRecordChanges('admin', admin?.id, admin !== null);
  const under = useFormUnderChange(form, admin?.id, admin ? valuesOf(admin) : null, changes);
  return (
    <Modal
      open={admin !== null}
      title={admin ? `Change roles of ${admin.username}` : undefined}
      okText="Save"
      cancelText="Cancel"
      confirmLoading={busy}
      okButtonProps={{ disabled: under.changed }}
      onOk={() => form.submit()}
      onCancel={onCancel}
      destroyOnHidden
    >
      {admin && (
        <Form
          form={form}
          layout="vertical"
          requiredMark={false}
          initialValues={valuesOf(admin)}
          onFinish={(v) => onSave(v.roles ?? [])}
        >
          {/* A save's own reload is no change by someone else: the notice waits for it to settle. */}
          {!busy && <FormChangeNotice {...under} labels={{ roles: 'Roles' }} />}
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
