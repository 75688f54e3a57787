import type { Permission } from '@manager/contract';
import { useRowCalls } from '@manager/platform';
import { Button, Drawer, Form, Input } from '@manager/ui';
import { useCreateAdminRole } from '../api/change-admins';
import { ADMIN_TEXTS } from '../api/messages';
import { PermissionsPicker } from './permissions-picker';

interface Values {
  name?: string;
  permissions?: Permission[];
}

export const ROLE_NAME_MESSAGE = 'Please enter a role name';
export const ROLE_PERMISSIONS_MESSAGE = 'Choose at least one permission';
/** The API's limit on a role's name (createRoleRequestSchema). */
const ROLE_NAME_MAX = 64;

/**
 * Side panel New role (docs/screens.md#administrators): a name and the catalogue as checkboxes grouped
 * by resource. A refusal (a taken name, a permission not held) toasts the API's own text and
 * keeps the panel open; success reloads the roles, so the pickers offer the new one at once.
 */
export function NewRoleDrawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  const create = useCreateAdminRole();
  const { run } = useRowCalls();
  const submit = async (values: Values) => {
    const done = await run(async () => {
      await create.mutateAsync({ name: values.name!.trim(), permissions: values.permissions! });
      return ADMIN_TEXTS.roleCreated;
    });
    if (done) onClose();
  };

  return (
    <Drawer title="New role" open={open} onClose={onClose} size="min(560px, 100vw)" destroyOnHidden>
      <Form<Values>
        layout="vertical"
        requiredMark={false}
        onFinish={(values) => void submit(values)}
        disabled={create.isPending}
      >
        <Form.Item
          label="Role name"
          name="name"
          rules={[{ required: true, whitespace: true, message: ROLE_NAME_MESSAGE }]}
        >
          <Input autoComplete="off" maxLength={ROLE_NAME_MAX} />
        </Form.Item>
        <Form.Item
          label="Permissions"
          name="permissions"
          rules={[{ required: true, type: 'array', min: 1, message: ROLE_PERMISSIONS_MESSAGE }]}
        >
          <PermissionsPicker />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={create.isPending}>
          Create role
        </Button>
      </Form>
    </Drawer>
  );
}
