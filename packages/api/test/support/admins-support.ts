import { asc, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import type { AdminRequest, BuiltInRole } from '@manager/contract';
import { createAdmin } from '../../src/auth/admin-repository';
import { hashPassword } from '../../src/auth/passwords';
import { admins, auditLog } from '../../src/db/schema/auth';
import { adminRoleMembers } from '../../src/db/schema/roles';
import { signIn, type TestApp } from './helper';

export const OTHER_PASSWORD = 'another long passphrase';

/**
 * A new admin, as `admin:create` makes one (roles at once, no four eyes), signed in with a
 * fresh step-up: a second Owner where a test needs one. Returns their id and access token.
 */
export async function extraAdmin(t: TestApp, username: string, roles: readonly BuiltInRole[] = ['owner']) {
  const row = await createAdmin(
    t.db,
    { username, email: null, passwordHash: await hashPassword(OTHER_PASSWORD) },
    roles,
  );
  if (!row) throw new Error(`${username} exists`);
  return { id: row.id, token: (await signIn(t, username, OTHER_PASSWORD)).accessToken };
}

export async function adminIdOf(t: TestApp, username: string): Promise<number> {
  const [row] = await t.db.select({ id: admins.id }).from(admins).where(eq(admins.username, username));
  if (!row) throw new Error(`no admin ${username}`);
  return row.id;
}

export async function rolesOf(t: TestApp, adminId: number): Promise<string[]> {
  const rows = await t.db
    .select({ roleId: adminRoleMembers.roleId })
    .from(adminRoleMembers)
    .where(eq(adminRoleMembers.adminId, adminId));
  return rows.map((r) => r.roleId).sort();
}

/** A call of the console's API (`/manager/...`), answering status and parsed body. */
export async function api(
  t: TestApp,
  token: string,
  method: 'GET' | 'POST' | 'PUT',
  path: string,
  payload?: object,
) {
  const res = await t.call({ method, url: `/manager${path}`, token, ...(payload ? { payload } : {}) });
  return { status: res.statusCode, body: res.json() };
}

/** Decides a request and expects it to go through. */
export async function decide(t: TestApp, token: string, id: number, verb: 'approve' | 'reject') {
  const res = await api(t, token, 'POST', `/admins/requests/${id}/${verb}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data.request as AdminRequest;
}

/** The audit rows of `action` (every row when absent), oldest first. */
export async function auditRows(t: TestApp, action?: string) {
  return t.db
    .select({
      action: auditLog.action,
      entityId: auditLog.entityId,
      before: auditLog.before,
      after: auditLog.after,
    })
    .from(auditLog)
    .where(action ? eq(auditLog.action, action) : undefined)
    .orderBy(asc(auditLog.id));
}
