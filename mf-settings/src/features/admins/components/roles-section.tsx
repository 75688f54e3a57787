import type { RoleDefinition } from '@manager/contract';
import { Can } from '@manager/platform';
import { Button, ErrorState, Flex, Panel, PlusOutlined, Tag, Typography } from '@manager/ui';
import { useState } from 'react';
import { useAdminRoles } from '../api/get-admins';
import { permissionGroups } from '../model/role-permissions';
import { NewRoleDrawer } from './new-role-drawer';

/** A role's permissions in words, a line per resource: `Users: See players…; Change a player's balances`. */
function RolePermissions({ role }: { role: RoleDefinition }) {
  return (
    <ul aria-label={`Permissions of ${role.name}`} style={{ margin: '4px 0 0', paddingLeft: 18 }}>
      {permissionGroups(role.permissions).map((group) => (
        <li key={group.resource} style={{ overflowWrap: 'anywhere' }}>
          <Typography.Text strong>{group.label}: </Typography.Text>
          {group.permissions.map((p) => p.description).join('; ')}
        </li>
      ))}
    </ul>
  );
}

/**
 * Roles (docs/screens.md#administrators): every role, built-in and custom, with its permissions in the
 * catalogue's words, and `New role` for composing a custom one from the catalogue.
 */
export function RolesSection() {
  const roles = useAdminRoles(true);
  const [creating, setCreating] = useState(false);
  return (
    <section aria-labelledby="roles-heading">
      <Panel
        title={
          <Flex justify="space-between" align="center" gap={8} style={{ width: '100%' }}>
            <Typography.Title id="roles-heading" level={2} style={{ fontSize: 16, margin: 0 }}>
              Roles
            </Typography.Title>
            <Can permission="admins.manage">
              <Button icon={<PlusOutlined />} onClick={() => setCreating(true)}>
                New role
              </Button>
            </Can>
          </Flex>
        }
        loading={roles.isLoading}
      >
        {roles.isError ? (
          <ErrorState message="Failed to load roles" onRetry={() => void roles.refetch()} />
        ) : (
          <ul aria-label="Roles" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
            {(roles.data ?? []).map((role) => (
              <li
                key={role.id}
                aria-label={role.name}
                style={{ padding: '8px 0', borderBottom: '1px solid rgba(5, 5, 5, 0.06)' }}
              >
                <Flex align="center" gap={8} wrap>
                  <Typography.Text strong>{role.name}</Typography.Text>
                  <Tag color={role.builtIn ? undefined : 'blue'}>{role.builtIn ? 'Built-in' : 'Custom'}</Tag>
                </Flex>
                <RolePermissions role={role} />
              </li>
            ))}
          </ul>
        )}
      </Panel>
      <NewRoleDrawer open={creating} onClose={() => setCreating(false)} />
    </section>
  );
}
