import { asc } from 'drizzle-orm';
import {
  BUILT_IN_ROLE_IDS,
  BUILT_IN_ROLES,
  isBuiltInRole,
  isPermission,
  PERMISSION_NAMES,
  type Permission,
  type RoleDefinition,
} from '@manager/contract';
import type { DbOrTx } from '../../db/client';
import { adminRoles } from '../../db/schema/roles';
import { AccessDenied } from '../../lib/permissions';
import { badRequest } from '../../lib/envelope';

/**
 * Every role of the deployment (built-in first) with what it grants: a built-in role's permissions are the
 * contract's, a custom role's are stored with it (docs/security.md, Roles and permissions).
 */
export async function roleDefinitions(db: DbOrTx): Promise<RoleDefinition[]> {
  const rows = await db.select().from(adminRoles).orderBy(asc(adminRoles.createdAt), asc(adminRoles.id));
  // The built-in roles first, in the contract's order; then the custom ones, oldest first.
  const rank = (id: string) => {
    const i = (BUILT_IN_ROLE_IDS as readonly string[]).indexOf(id);
    return i < 0 ? BUILT_IN_ROLE_IDS.length : i;
  };
  rows.sort((a, b) => rank(a.id) - rank(b.id));
  return rows.map((r) =>
    isBuiltInRole(r.id)
      ? {
          id: r.id,
          name: BUILT_IN_ROLES[r.id].name,
          builtIn: true,
          permissions: [...BUILT_IN_ROLES[r.id].permissions],
        }
      : { id: r.id, name: r.name, builtIn: false, permissions: r.permissions.filter(isPermission) },
  );
}

/** The roles `ids` name, in the order given; 400 naming `roles` when one is unknown. */
export function pickRoles(all: readonly RoleDefinition[], ids: readonly string[]): RoleDefinition[] {
  return ids.map((id) => {
    const role = all.find((r) => r.id === id);
    if (!role) throw badRequest(`roles: Unknown role ${id.slice(0, 64)}`);
    return role;
  });
}

/** The union of what `roles` grant, in catalogue order. */
export function grantedBy(roles: readonly RoleDefinition[]): Permission[] {
  const held = new Set(roles.flatMap((r) => r.permissions));
  return PERMISSION_NAMES.filter((p) => held.has(p));
}

/**
 * Nobody gives what they do not hold: 403 naming the first permission of `wanted` missing
 * from `held` (docs/security.md, Administrators and four eyes).
 */
export function requireHolds(held: ReadonlySet<Permission>, wanted: readonly Permission[]): void {
  const missing = wanted.find((p) => !held.has(p));
  if (missing) throw new AccessDenied(missing);
}
