import { and, asc, eq, lt } from 'drizzle-orm';
import {
  BUILT_IN_ROLES,
  isBuiltInRole,
  PERMISSION_NAMES,
  permissionsOf,
  type AdminRole,
  type BuiltInRole,
  type Permission,
} from '@manager/contract';
import { writeAudit } from '../db/audit';
import type { DbOrTx } from '../db/client';
import { adminRoleMembers, adminRoles, permissionRefusals } from '../db/schema/roles';

/**
 * Roles and their members (docs/security.md, Roles and permissions). What an admin may do is
 * the union of their roles: a built-in role's permissions are the contract's, a custom role's
 * are stored with it.
 */

/** Gives `adminId` the built-in `roles` (kept when already held); in the caller's transaction. */
export async function grantRoles(tx: DbOrTx, adminId: number, roles: readonly BuiltInRole[]): Promise<void> {
  if (roles.length === 0) return;
  await tx
    .insert(adminRoleMembers)
    .values(roles.map((roleId) => ({ adminId, roleId })))
    .onConflictDoNothing();
}

/** The roles `adminId` holds and the union of their permissions, in catalogue order: the profile's snapshot. */
export async function rolesOfAdmin(
  db: DbOrTx,
  adminId: number,
): Promise<{ roles: AdminRole[]; permissions: Permission[] }> {
  const rows = await db
    .select({ id: adminRoles.id, name: adminRoles.name, permissions: adminRoles.permissions })
    .from(adminRoleMembers)
    .innerJoin(adminRoles, eq(adminRoles.id, adminRoleMembers.roleId))
    .where(eq(adminRoleMembers.adminId, adminId))
    .orderBy(asc(adminRoles.id));
  const custom = rows.filter((r) => !isBuiltInRole(r.id)).flatMap((r) => r.permissions);
  const held = permissionsOf(
    rows.map((r) => r.id),
    custom,
  );
  return {
    roles: rows.map(({ id, name }) => ({ id, name: isBuiltInRole(id) ? BUILT_IN_ROLES[id].name : name })),
    permissions: PERMISSION_NAMES.filter((p) => held.has(p)),
  };
}

/** A refusal's bucket: the UTC minute it falls in. */
const MINUTE_MS = 60_000;
/** Buckets older than this are deleted by the admin's next refusal: only the current minute's matter. */
const KEEP_MS = 60 * MINUTE_MS;

/**
 * Records that `adminId` was refused a call for lack of `permission`: one audit row per admin,
 * permission and UTC minute, decided by the database (the bucket's primary key, ON CONFLICT DO
 * NOTHING), so several API instances together write one too. True when this call wrote it.
 */
export async function recordRefusal(
  db: DbOrTx,
  adminId: number,
  permission: Permission,
  call: string,
  now: Date,
): Promise<boolean> {
  const minute = new Date(Math.floor(now.getTime() / MINUTE_MS) * MINUTE_MS);
  return db.transaction(async (tx) => {
    const inserted = await tx
      .insert(permissionRefusals)
      .values({ adminId, permission, minute })
      .onConflictDoNothing()
      .returning({ adminId: permissionRefusals.adminId });
    if (inserted.length === 0) return false;
    await tx
      .delete(permissionRefusals)
      .where(
        and(
          eq(permissionRefusals.adminId, adminId),
          lt(permissionRefusals.minute, new Date(minute.getTime() - KEEP_MS)),
        ),
      );
    await writeAudit(tx, {
      adminId,
      action: 'auth.access.denied',
      entity: 'admin',
      entityId: adminId,
      after: { permission, call },
    });
    return true;
  });
}
