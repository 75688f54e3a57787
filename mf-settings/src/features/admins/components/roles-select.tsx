import { Select } from '@manager/ui';
import { useAdminRoles } from '../api/get-admins';

interface RolesSelectProps {
  id?: string;
  value?: string[];
  onChange?: (roles: string[]) => void;
}

/** The roles to choose from (built-in and custom), several at once; a form field. */
export function RolesSelect({ id, value, onChange }: RolesSelectProps) {
  const roles = useAdminRoles(true);
  return (
    <Select
      id={id}
      mode="multiple"
      value={value}
      onChange={onChange}
      loading={roles.isLoading}
      placeholder="Choose roles"
      options={(roles.data ?? []).map((r) => ({ value: r.id, label: r.name }))}
      notFoundContent={roles.isError ? 'Failed to load roles' : undefined}
      style={{ width: '100%' }}
    />
  );
}
