import { and, desc, eq, inArray, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import type { Withdrawal } from '@manager/contract';
import type { DbOrTx } from '../db/client';
import { admins, auditLog, inventories, users, withdrawals } from '../db/schema/index';
import { RELEASE_ACTIONS } from './settle';

/**
 * Why a still-pending withdrawal's last transfer did not happen (a failed call, or a claim the
 * reconciler released): the latest such audit row's reason (audit log, indexed). Rows written
 * before the reason had its own column kept it in `after`; the audit log is never rewritten,
 * so those are read there.
 */
const failureReason = sql<string | null>`case when ${withdrawals.decision} is null then (
  select coalesce(${auditLog.reason}, ${auditLog.after} ->> 'reason') from ${auditLog}
  where ${auditLog.entity} = 'withdrawal' and ${auditLog.entityId} = ${withdrawals.id}::text
    and ${inArray(auditLog.action, [...RELEASE_ACTIONS])}
  order by ${auditLog.id} desc limit 1) end`;

/**
 * Whether approving the withdrawal needs two different administrators: worth `minTon` or more
 * (a gift at its price). Compared in SQL, on the exact decimal, so the edge is exact.
 */
export const needsTwoApprovals = (minTon: number) => sql<boolean>`${withdrawals.price} >= ${String(minTon)}::numeric`;

/**
 * Withdrawals in the contract's shape, user, gift name and first approver joined in the same
 * query (no N+1). `GET /withdrawals` lists every withdrawal except rejected ones: pending first
 * (oldest waiting longest on top would bury new ones, so newest first within each group).
 * `firstApproval` is set while the row is undecided and awaits its second approval.
 */
export async function readWithdrawals(db: DbOrTx, dualApprovalMinTon: number, where?: SQL): Promise<Withdrawal[]> {
  const rows = await db
    .select({
      id: withdrawals.id,
      username: users.username,
      telegramId: withdrawals.telegramId,
      currency: withdrawals.currency,
      price: withdrawals.price,
      wallet: withdrawals.wallet,
      inventoryName: inventories.name,
      inventoryId: withdrawals.inventoryId,
      status: withdrawals.status,
      decision: withdrawals.decision,
      createdAt: withdrawals.createdAt,
      failureReason,
      needsTwo: needsTwoApprovals(dualApprovalMinTon),
      firstApprovedBy: withdrawals.firstApprovedBy,
      firstApproval: withdrawals.firstApproval,
      firstApprovedAt: withdrawals.firstApprovedAt,
      firstApprover: admins.username,
    })
    .from(withdrawals)
    .leftJoin(users, eq(users.telegramId, withdrawals.telegramId))
    .leftJoin(inventories, eq(inventories.id, withdrawals.inventoryId))
    .leftJoin(admins, eq(admins.id, withdrawals.firstApprovedBy))
    .where(where ?? or(isNull(withdrawals.decision), ne(withdrawals.decision, 'rejected')))
    .orderBy(sql`${withdrawals.decision} is null desc`, desc(withdrawals.createdAt), desc(withdrawals.id));
  return rows.map((r) => ({
    id: r.id,
    user: { username: r.username },
    telegramId: r.telegramId,
    currency: r.currency,
    price: Number(r.price),
    wallet: r.wallet,
    inventory: r.inventoryName === null ? null : { name: r.inventoryName },
    inventoryId: r.inventoryId === null ? null : String(r.inventoryId),
    status: r.status,
    rejected: r.decision === 'rejected',
    createdAt: r.createdAt.toISOString(),
    ...(r.failureReason ? { failureReason: r.failureReason } : {}),
    needsTwoApprovals: r.needsTwo,
    firstApproval:
      r.decision === null && r.firstApprovedBy !== null && r.firstApproval !== null && r.firstApprovedAt !== null
        ? { adminId: r.firstApprovedBy, adminUsername: r.firstApprover, action: r.firstApproval, at: r.firstApprovedAt.toISOString() }
        : null,
  }));
}

export async function readWithdrawal(db: DbOrTx, dualApprovalMinTon: number, id: number): Promise<Withdrawal | undefined> {
  return (await readWithdrawals(db, dualApprovalMinTon, and(eq(withdrawals.id, id))))[0];
}
