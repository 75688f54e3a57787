import { and, eq } from 'drizzle-orm';
import {
  OWN_REQUEST_MESSAGE,
  REQUEST_DECIDED_MESSAGE,
  type Permission,
  type RoleDefinition,
} from '@manager/contract';
import type { SessionLimits } from '../../config';
import { writeAudit } from '../../db/audit';
import { resolveInbox } from '../../db/inbox';
import type { Db, DbOrTx } from '../../db/client';
import { adminRequests } from '../../db/schema/admins';
import { adminPasskeys, admins } from '../../db/schema/auth';
import { clearAuthenticator, endOthers } from '../admin-repository';
import { conflict, notFound } from '../../lib/envelope';
import { addRoles, lockAdminManagement } from './manage-repository';
import { grantedBy, pickRoles, requireHolds } from './roles';

type RequestRow = typeof adminRequests.$inferSelect;

export const REQUEST_NOT_FOUND = 'Request not found';

/**
 * Approves or rejects a pending request, once: the guarded UPDATE (`status = 'pending'`)
 * inside the transaction lets one decision through, and any other, even at the same moment,
 * answers 409. Neither the admin who asked nor the admin it is about decides it (409, as a
 * withdrawal's first approver cannot give the second approval), and
 * approving a grant needs every permission it gives (403 naming the first missing).
 */
export async function decideRequest(
  db: Db,
  input: {
    id: number;
    approve: boolean;
    deciderId: number;
    held: ReadonlySet<Permission>;
    roles: readonly RoleDefinition[];
    now: Date;
    limits: SessionLimits;
  },
): Promise<void> {
  await db.transaction(async (tx) => {
    await lockAdminManagement(tx);
    const [found] = await tx.select().from(adminRequests).where(eq(adminRequests.id, input.id));
    if (!found) throw notFound(REQUEST_NOT_FOUND);
    if (found.requestedBy === input.deciderId || found.adminId === input.deciderId)
      throw conflict(OWN_REQUEST_MESSAGE);
    if (input.approve && found.kind === 'grant')
      requireHolds(input.held, grantedBy(pickRoles(input.roles, found.roles)));
    const [decided] = await tx
      .update(adminRequests)
      .set({
        status: input.approve ? 'approved' : 'rejected',
        decidedBy: input.deciderId,
        decidedAt: input.now,
      })
      .where(and(eq(adminRequests.id, input.id), eq(adminRequests.status, 'pending')))
      .returning();
    if (!decided) throw conflict(REQUEST_DECIDED_MESSAGE);
    if (input.approve) await apply(tx, decided, input.now, input.limits);
    await writeAudit(tx, {
      action: input.approve ? 'admin.request.approved' : 'admin.request.rejected',
      entity: 'admin_request',
      entityId: decided.id,
      after: { kind: decided.kind, adminId: decided.adminId, roles: decided.roles },
    });
    await resolveInbox(tx, 'admin.request', `admin_request:${decided.id}`, input.now);
  });
}

/** What an approved request does. */
async function apply(tx: DbOrTx, request: RequestRow, now: Date, limits: SessionLimits): Promise<void> {
  const adminId = request.adminId;
  if (request.kind === 'grant') return addRoles(tx, adminId, request.roles);
  if (request.kind === 'enable') {
    const [row] = await tx
      .update(admins)
      .set({ status: 'active', updatedAt: now })
      .where(and(eq(admins.id, adminId), eq(admins.status, 'disabled')))
      .returning({ id: admins.id });
    if (row)
      await writeAudit(tx, {
        action: 'admin.enabled',
        entity: 'admin',
        entityId: adminId,
        before: { status: 'disabled' },
        after: { status: 'active' },
      });
    return;
  }
  // reset-second-factor: no authenticator, backup codes or passkeys, no session: they sign in
  // again and enrol a second factor as a new admin without one does.
  await clearAuthenticator(tx, adminId, now);
  const passkeys = await tx
    .delete(adminPasskeys)
    .where(eq(adminPasskeys.adminId, adminId))
    .returning({ id: adminPasskeys.id });
  const sessionsEnded = await endOthers(tx, adminId, null, now, limits);
  await writeAudit(tx, {
    action: 'admin.second_factor.reset',
    entity: 'admin',
    entityId: adminId,
    after: { authenticator: false, passkeysRemoved: passkeys.length, sessionsEnded },
  });
}
