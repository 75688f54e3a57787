import { aliasedTable, asc, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { AdminRequest, AdminRow, RoleDefinition } from '@manager/contract';
import type { DbOrTx } from '../../db/client';
import { adminInvites, adminRequests } from '../../db/schema/admins';
import { adminPasskeys, adminSessions, admins } from '../../db/schema/auth';
import { adminRoleMembers } from '../../db/schema/roles';

/** How many decided requests the list keeps after the pending ones. */
export const DECIDED_SHOWN = 50;

const iso = (value: Date | string | null): string | null =>
  value === null ? null : new Date(value).toISOString();

/**
 * The administrators as `/admins` lists them (few rows: the whole list), or only `onlyId`.
 * Roles come from one query over the members, second factors and last activity from
 * per-admin subqueries on their indexes.
 */
export async function listAdminRows(
  db: DbOrTx,
  roles: readonly RoleDefinition[],
  onlyId?: number,
): Promise<AdminRow[]> {
  const rows = await db
    .select({
      id: admins.id,
      username: admins.username,
      email: admins.email,
      status: admins.status,
      authenticator: admins.twoFactorEnabled,
      passkeys: sql<number>`(select count(*)::int from ${adminPasskeys} where ${adminPasskeys.adminId} = ${admins.id})`,
      lastActiveAt: sql<
        string | null
      >`(select max(${adminSessions.lastActiveAt}) from ${adminSessions} where ${adminSessions.adminId} = ${admins.id})`,
      inviteExpiresAt: adminInvites.expiresAt,
    })
    .from(admins)
    .leftJoin(adminInvites, eq(adminInvites.adminId, admins.id))
    .where(onlyId === undefined ? undefined : eq(admins.id, onlyId))
    .orderBy(asc(admins.id));
  const members = await db
    .select({ adminId: adminRoleMembers.adminId, roleId: adminRoleMembers.roleId })
    .from(adminRoleMembers)
    .where(onlyId === undefined ? undefined : eq(adminRoleMembers.adminId, onlyId))
    .orderBy(asc(adminRoleMembers.roleId));
  const roleOf = new Map(roles.map((r) => [r.id, { id: r.id, name: r.name }]));
  return rows.map((r) => ({
    id: r.id,
    username: r.username,
    email: r.email,
    roles: members.filter((m) => m.adminId === r.id).flatMap((m) => roleOf.get(m.roleId) ?? []),
    secondFactors: { authenticator: r.authenticator, passkeys: Number(r.passkeys) },
    lastActiveAt: iso(r.lastActiveAt),
    status: r.status,
    inviteExpiresAt: r.status === 'invited' ? iso(r.inviteExpiresAt) : null,
  }));
}

export async function adminRowById(
  db: DbOrTx,
  roles: readonly RoleDefinition[],
  id: number,
): Promise<AdminRow | undefined> {
  return (await listAdminRows(db, roles, id))[0];
}

const target = aliasedTable(admins, 'target');
const requester = aliasedTable(admins, 'requester');
const decider = aliasedTable(admins, 'decider');

const requestColumns = {
  id: adminRequests.id,
  kind: adminRequests.kind,
  roles: adminRequests.roles,
  status: adminRequests.status,
  requestedAt: adminRequests.requestedAt,
  decidedAt: adminRequests.decidedAt,
  adminId: target.id,
  adminName: target.username,
  requesterId: requester.id,
  requesterName: requester.username,
  deciderId: decider.id,
  deciderName: decider.username,
};

function requestQuery(db: DbOrTx) {
  return db
    .select(requestColumns)
    .from(adminRequests)
    .innerJoin(target, eq(target.id, adminRequests.adminId))
    .innerJoin(requester, eq(requester.id, adminRequests.requestedBy))
    .leftJoin(decider, eq(decider.id, adminRequests.decidedBy));
}

interface RequestRow {
  id: number;
  kind: AdminRequest['kind'];
  roles: string[];
  status: AdminRequest['status'];
  requestedAt: Date | string;
  decidedAt: Date | string | null;
  adminId: number;
  adminName: string;
  requesterId: number;
  requesterName: string;
  deciderId: number | null;
  deciderName: string | null;
}

function toRequest(r: RequestRow, roles: readonly RoleDefinition[]): AdminRequest {
  return {
    id: r.id,
    kind: r.kind,
    admin: { id: r.adminId, username: r.adminName },
    roles: r.roles.map((id) => {
      const role = roles.find((x) => x.id === id);
      return { id, name: role?.name ?? id };
    }),
    requestedBy: { id: r.requesterId, username: r.requesterName },
    requestedAt: new Date(r.requestedAt).toISOString(),
    status: r.status,
    decidedBy:
      r.deciderId === null || r.deciderName === null ? null : { id: r.deciderId, username: r.deciderName },
    decidedAt: iso(r.decidedAt),
  };
}

/** Pending requests first (oldest first), then the last DECIDED_SHOWN decided ones (newest first). */
export async function listRequests(db: DbOrTx, roles: readonly RoleDefinition[]): Promise<AdminRequest[]> {
  const pending = await requestQuery(db)
    .where(eq(adminRequests.status, 'pending'))
    .orderBy(asc(adminRequests.id));
  const decided = await requestQuery(db)
    .where(ne(adminRequests.status, 'pending'))
    .orderBy(desc(adminRequests.decidedAt), desc(adminRequests.id))
    .limit(DECIDED_SHOWN);
  return [...pending, ...decided].map((r) => toRequest(r, roles));
}

export async function requestById(
  db: DbOrTx,
  roles: readonly RoleDefinition[],
  id: number,
): Promise<AdminRequest | undefined> {
  const [row] = await requestQuery(db).where(inArray(adminRequests.id, [id]));
  return row && toRequest(row, roles);
}
