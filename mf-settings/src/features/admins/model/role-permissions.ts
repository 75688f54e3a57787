import { PERMISSION_NAMES, PERMISSIONS, type Permission } from '@manager/contract';

/** The resources whose name alone does not read as words. */
const RESOURCE_LABELS: Readonly<Record<string, string>> = { pii: 'Personal data' };

/** A permission's resource: the part of its name before the first dot (`users.balances.edit`: users). */
const resourceOf = (permission: Permission) => permission.split('.')[0]!;

/** How a resource is headed: `users` reads `Users`, `pii` reads `Personal data`. */
export const resourceLabel = (resource: string) =>
  RESOURCE_LABELS[resource] ?? resource.charAt(0).toUpperCase() + resource.slice(1);

export interface PermissionGroup {
  resource: string;
  label: string;
  permissions: { name: Permission; description: string }[];
}

/**
 * `permissions` grouped by resource, in the catalogue's order (docs/security.md, Roles and
 * permissions), each with the catalogue's description; the whole catalogue by default.
 */
export function permissionGroups(permissions: readonly Permission[] = PERMISSION_NAMES): PermissionGroup[] {
  const held = new Set(permissions);
  const groups = new Map<string, PermissionGroup>();
  for (const name of PERMISSION_NAMES) {
    if (!held.has(name)) continue;
    const resource = resourceOf(name);
    let group = groups.get(resource);
    if (!group) groups.set(resource, (group = { resource, label: resourceLabel(resource), permissions: [] }));
    group.permissions.push({ name, description: PERMISSIONS[name] });
  }
  return [...groups.values()];
}
