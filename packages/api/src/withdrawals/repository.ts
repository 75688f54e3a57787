import { and, desc, eq, inArray, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import type { Withdrawal } from '@manager/contract';
import type { DbOrTx } from '../db/client';
import { auditLog, inventories, users, withdrawals } from '../db/schema/index';
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
 * Withdrawals in the contract's shape, user and gift name joined in the same query (no N+1).
 * `GET /withdrawals` lists every withdrawal except rejected ones: pending first (oldest
 * waiting longest on top would bury new ones, so newest first within each group).
 */
export async function readWithdrawals(db: DbOrTx, where?: SQL): Promise<Withdrawal[]> {
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
    })
    .from(withdrawals)
    .leftJoin(users, eq(users.telegramId, withdrawals.telegramId))
    .leftJoin(inventories, eq(inventories.id, withdrawals.inventoryId))
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
  }));
}

export async function readWithdrawal(db: DbOrTx, id: number): Promise<Withdrawal | undefined> {
  return (await readWithdrawals(db, and(eq(withdrawals.id, id))))[0];
}
