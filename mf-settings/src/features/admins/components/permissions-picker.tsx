import type { Permission } from '@manager/contract';
import { Checkbox, Flex } from '@manager/ui';
import { permissionGroups } from '../model/role-permissions';
import { PermissionCheckbox } from './permission-checkbox';

const GROUPS = permissionGroups();

interface PermissionsPickerProps {
  value?: Permission[];
  onChange?: (permissions: Permission[]) => void;
}

/**
 * The catalogue as checkboxes, a fieldset per resource; a form field. It takes only the value
 * from its Form.Item: the field's aria attributes are not allowed on the checkboxes' wrapper,
 * which is a group named `Permissions` instead.
 */
export function PermissionsPicker({ value, onChange }: PermissionsPickerProps) {
  return (
    <Checkbox.Group
      value={value}
      onChange={(chosen) => onChange?.(chosen as Permission[])}
      style={{ display: 'block' }}
    >
      <Flex vertical gap={12} role="group" aria-label="Permissions">
        {GROUPS.map((group) => (
          <fieldset key={group.resource} style={{ border: 0, margin: 0, padding: 0, minWidth: 0 }}>
            <legend style={{ fontWeight: 600, marginBottom: 4, fontSize: 14 }}>{group.label}</legend>
            <Flex vertical gap={6}>
              {group.permissions.map((p) => (
                <PermissionCheckbox key={p.name} name={p.name} description={p.description} />
              ))}
            </Flex>
          </fieldset>
        ))}
      </Flex>
    </Checkbox.Group>
  );
}
