import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import { LAST_OWNER_MESSAGE, paths, type AdminRequestKind } from '@manager/contract';
import type { SessionLimits } from '../../config';
import { writeAudit } from '../../db/audit';
import { deliverInbox } from '../../db/inbox';
import type { DbOrTx } from '../../db/client';
import { adminRequests } from '../../db/schema/admins';
import { admins } from '../../db/schema/auth';
import { adminRoleMembers } from '../../db/schema/roles';
import { voidChallenges } from '../challenge-repository';
import { endOtherSessions } from '../session-repository';
import { conflict } from '../../lib/envelope';
import { grantedBy, pickRoles, roleDefinitions } from './roles';

/**
 * The writes of `/admins` (docs/security.md, Administrators and four eyes). Every change of
 * who holds a role or who may sign in takes one transaction-level lock first, so two of them
 * never interleave: the last-Owner check and the change it allows are one step.
 */
export async function lockAdminManagement(tx: DbOrTx): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${ADMIN_MANAGEMENT_LOCK})`);
}
/** The advisory lock's key: an arbitrary constant no other lock of the API uses. */
const ADMIN_MANAGEMENT_LOCK = 0x41444d4e;

/** The ids of the roles `adminId` holds. */
export async function heldRoleIds(tx: DbOrTx, adminId: number): Promise<string[]> {
  const rows = await tx
    .select({ roleId: adminRoleMembers.roleId })
    .from(adminRoleMembers)
    .where(eq(adminRoleMembers.adminId, adminId));
  return rows.map((r) => r.roleId);
}

/**
 * 409 when `adminId` is the last active Owner: a deployment always keeps one admin who can
 * manage the others. Call under `lockAdminManagement`.
 */
export async function keepAnOwner(tx: DbOrTx, adminId: number): Promise<void> {
  const [row] = await tx
    .select({ others: sql<number>`count(*)::int` })
    .from(adminRoleMembers)
    .innerJoin(admins, eq(admins.id, adminRoleMembers.adminId))
    .where(and(eq(adminRoleMembers.roleId, 'owner'), eq(admins.status, 'active'), ne(admins.id, adminId)));
  if (Number(row?.others ?? 0) === 0) throw conflict(LAST_OWNER_MESSAGE);
}

/** Takes `roles` from `adminId` at once, audited with the roles before and after. */
export async function removeRoles(
  tx: DbOrTx,
  adminId: number,
  before: readonly string[],
  roles: readonly string[],
): Promise<void> {
  if (roles.length === 0) return;
  await tx
    .delete(adminRoleMembers)
    .where(and(eq(adminRoleMembers.adminId, adminId), inArray(adminRoleMembers.roleId, [...roles])));
  await writeAudit(tx, {
    action: 'admin.roles.changed',
    entity: 'admin',
    entityId: adminId,
    before: { roles: [...before].sort() },
    after: { roles: before.filter((r) => !roles.includes(r)).sort() },
  });
}

/** Gives `adminId` `roles` (an approved grant), audited with the roles before and after. */
export async function addRoles(tx: DbOrTx, adminId: number, roles: readonly string[]): Promise<void> {
  const before = await heldRoleIds(tx, adminId);
  if (roles.length > 0)
    await tx
      .insert(adminRoleMembers)
      .values(roles.map((roleId) => ({ adminId, roleId })))
      .onConflictDoNothing();
  await writeAudit(tx, {
    action: 'admin.roles.changed',
    entity: 'admin',
    entityId: adminId,
    before: { roles: [...before].sort() },
    after: { roles: [...new Set([...before, ...roles])].sort() },
  });
}

/** A pending request of `kind` about `adminId`, audited; its id. */
export async function createRequest(
  tx: DbOrTx,
  kind: AdminRequestKind,
  adminId: number,
  requestedBy: number,
  roles: readonly string[],
  now: Date,
): Promise<number> {
  const [row] = await tx
    .insert(adminRequests)
    .values({ kind, adminId, requestedBy, roles: [...roles], requestedAt: now })
    .returning({ id: adminRequests.id });
  await writeAudit(tx, {
    action: 'admin.request.created',
    entity: 'admin_request',
    entityId: row!.id,
    after: { kind, adminId, roles },
  });
  const granted = kind === 'grant' ? grantedBy(pickRoles(await roleDefinitions(tx), roles)) : [];
  const [about] = await tx.select({ username: admins.username }).from(admins).where(eq(admins.id, adminId));
  const name = about?.username ?? `admin #${adminId}`;
  const what = {
    grant: `grant ${roles.join(', ')} to ${name}`,
    enable: `enable ${name}`,
    'reset-second-factor': `reset the second factor of ${name}`,
  }[kind];
  await deliverInbox(
    tx,
    {
      kind: 'admin.request',
      subject: `admin_request:${row!.id}`,
      text: `Approval requested: ${what}`,
      link: paths.admins,
      // Those who may decide it (decide-repository.ts): not the admin who asked nor the one it
      // is about, and for a grant only those who hold everything it gives.
      to: { permissions: ['admins.manage', ...granted], except: [requestedBy, adminId] },
    },
    now,
  );
  return row!.id;
}

/** A pending request of `kind` about `adminId` already waiting, if any (asking twice gives the same one). */
export async function pendingRequest(
  tx: DbOrTx,
  kind: AdminRequestKind,
  adminId: number,
): Promise<number | undefined> {
  const [row] = await tx
    .select({ id: adminRequests.id })
    .from(adminRequests)
    .where(
      and(
        eq(adminRequests.kind, kind),
        eq(adminRequests.adminId, adminId),
        eq(adminRequests.status, 'pending'),
      ),
    )
    .limit(1);
  return row?.id;
}

/**
 * Disables `adminId`: no sign-in from now, every session and refresh token ended (their open
 * console is signed out at its next call). Audited; the caller checked the last-Owner rule.
 */
export async function disableAdmin(
  tx: DbOrTx,
  adminId: number,
  statusBefore: string,
  now: Date,
  limits: SessionLimits,
): Promise<void> {
  await tx.update(admins).set({ status: 'disabled', updatedAt: now }).where(eq(admins.id, adminId));
  // Sign-ins halfway through (a password given, the second factor not yet) are voided too.
  await voidChallenges(tx, adminId, now);
  const ended = await endOtherSessions(tx, adminId, null, now, limits, 'disabled');
  await writeAudit(tx, {
    action: 'admin.disabled',
    entity: 'admin',
    entityId: adminId,
    before: { status: statusBefore },
    after: { status: 'disabled', sessionsEnded: ended.length },
  });
}
