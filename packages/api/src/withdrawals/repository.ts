import { and, desc, eq, inArray, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { Withdrawal, WithdrawalCounts, withdrawalsQuerySchema } from '@manager/contract';
import type { DbOrTx } from '../db/client';
import { admins, auditLog, inventories, users, withdrawals } from '../db/schema/index';
import { countAll, countIf, isPaged, orderOf, pageOf, paginationOf, type Paged } from '../lib/list-query';
import { containsAny } from '../lib/search';
import { RELEASE_ACTIONS } from './settle';

type WithdrawalsQuery = z.output<typeof withdrawalsQuerySchema>;

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

/** The rows `GET /withdrawals` lists: every withdrawal except rejected ones. */
const listed = or(isNull(withdrawals.decision), ne(withdrawals.decision, 'rejected'));

/**
 * Withdrawals in the contract's shape, user, gift name and first approver joined in the same
 * query (no N+1), in `order`; `page` limits them to one page. `firstApproval` is set while the
 * row is undecided and awaits its second approval.
 */
async function selectWithdrawals(db: DbOrTx, dualApprovalMinTon: number, where: SQL | undefined, order: SQL[], page?: Paged): Promise<Withdrawal[]> {
  const select = db
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
    .where(where)
    .orderBy(...order)
    .$dynamic();
  const rows = await (page ? pageOf(select, page) : select);
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

/** Awaiting a second approval: undecided with a first approval recorded (what `firstApproval` shows). */
const awaitingSecond = sql`${withdrawals.decision} is null and ${withdrawals.firstApprovedBy} is not null
  and ${withdrawals.firstApproval} is not null and ${withdrawals.firstApprovedAt} is not null`;

/**
 * The counters over every listed withdrawal, whatever the filters: pending (not approved),
 * of which awaiting a second approval, approved, total.
 */
async function withdrawalCounts(db: DbOrTx): Promise<WithdrawalCounts> {
  const [row] = await db
    .select({ total: countAll, approved: countIf(sql`${withdrawals.status}`), awaiting: countIf(sql`not ${withdrawals.status} and ${awaitingSecond}`) })
    .from(withdrawals)
    .where(listed);
  const total = Number(row?.total ?? 0);
  const approved = Number(row?.approved ?? 0);
  return { pending: total - approved, awaiting: Number(row?.awaiting ?? 0), approved, total };
}

/** The listed withdrawals (not rejected) the search and status select: the list's and its export's. */
export function withdrawalsWhere(q: Pick<WithdrawalsQuery, 'search' | 'status'>): SQL | undefined {
  return and(
    listed,
    q.search ? sql`${withdrawals.telegramId} in (select ${users.telegramId} from ${users} where ${containsAny([users.username], q.search)})` : undefined,
    q.status ? eq(withdrawals.status, q.status === 'approved') : undefined,
  );
}

/**
 * `GET /withdrawals`: usernames containing the search (trigram index of users), the status
 * filter (pending: not approved). By default undecided ones first, newest first within each
 * group (oldest waiting longest on top would bury new ones; `withdrawals_listed_idx`); a sort
 * orders the whole list by its key.
 */
export async function listWithdrawals(db: DbOrTx, dualApprovalMinTon: number, q: WithdrawalsQuery) {
  const where = withdrawalsWhere(q);
  const order = orderOf(q.sort, { createdAt: withdrawals.createdAt, price: withdrawals.price }, withdrawals.id, [
    sql`${withdrawals.decision} is null desc`,
    desc(withdrawals.createdAt),
    desc(withdrawals.id),
  ]);
  if (!isPaged(q)) return selectWithdrawals(db, dualApprovalMinTon, where, order);
  const [rows, [counted], counts] = await Promise.all([
    selectWithdrawals(db, dualApprovalMinTon, where, order, q),
    db.select({ n: countAll }).from(withdrawals).where(where),
    withdrawalCounts(db),
  ]);
  const total = Number(counted?.n ?? 0);
  return { withdrawals: rows, pagination: paginationOf(q, total, 'totalWithdrawals'), counts };
}

/** One withdrawal by id, rejected ones included (the answer of a decision). */
export async function readWithdrawal(db: DbOrTx, dualApprovalMinTon: number, id: number): Promise<Withdrawal | undefined> {
  return (await selectWithdrawals(db, dualApprovalMinTon, eq(withdrawals.id, id), [desc(withdrawals.id)]))[0];
}
