import { and, asc, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import {
  maskValue,
  type Withdrawal,
  type WithdrawalCounts,
  type withdrawalsQuerySchema,
} from '@manager/contract';
import type { DbOrTx } from '../db/client';
import { admins, auditLog, inventories, users, withdrawalCounts, withdrawals } from '../db/schema/index';
import { countAll, isPaged, orderOf, pageIds, pageOf, paginationOf, type Paged } from '../lib/lists';
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

/** DUAL_APPROVAL_MIN_TON, and the decision's instant (the app clock): the 24 hours before it count. */
export interface DualApproval {
  minTon: number;
  now: Date;
}

/** What one player's TON withdrawals approved in this window count toward the next one's threshold. */
export const DUAL_APPROVAL_WINDOW_MS = 24 * 60 * 60_000;

// Written out in full: a column Drizzle places in a one-table select list is written bare,
// and inside this correlated subquery a bare name would resolve to the inner table.
const outer = (column: string) => sql`${sql.identifier('withdrawals')}.${sql.identifier(column)}`;
const prior = (column: string) => sql`${sql.identifier('prior')}.${sql.identifier(column)}`;

/**
 * The TON the row's player withdrew in the window before `now`, other than the row: their TON
 * withdrawals approved then (`decided_at`), or approved once then and awaiting the second
 * approval (`first_approved_at`). Rejected ones and ones nobody approved yet do not count.
 */
function recentTonOfPlayer(dual: DualApproval): SQL {
  const since = sql`${new Date(dual.now.getTime() - DUAL_APPROVAL_WINDOW_MS).toISOString()}::timestamptz`;
  return sql`(select coalesce(sum(${prior('price')}), 0) from ${withdrawals} as ${sql.identifier('prior')}
    where ${prior('telegram_id')} = ${outer('telegram_id')} and ${prior('currency')} = 'TON' and ${prior('id')} <> ${outer('id')}
      and ((${prior('status')} and ${prior('decided_at')} > ${since})
        or (${prior('decision')} is null and ${prior('first_approved_at')} > ${since})))`;
}

/**
 * Whether approving the withdrawal needs two different administrators: worth `minTon` or more
 * (a gift at its price), and for an undecided TON withdrawal its amount plus what the player
 * withdrew in the last 24 hours (`recentTonOfPlayer`), so splitting a sum into small requests
 * does not avoid the second approval. Compared in SQL, on the exact decimals, so the edge is
 * exact. A decision reads it after locking the player (`lockPlayerForApproval`).
 */
export const needsTwoApprovals = (dual: DualApproval) =>
  sql<boolean>`(${outer('price')} + case when ${outer('currency')} = 'TON' and ${outer('decision')} is null then ${recentTonOfPlayer(dual)} else 0 end)
    >= ${String(dual.minTon)}::numeric`;

/**
 * The rows `GET /withdrawals` lists: every withdrawal except rejected ones. Written as the
 * predicate of `withdrawals_listed_idx`, the constant inline (not a parameter), so the planner
 * can always prove the partial index covers the query.
 */
const listed = sql`(${withdrawals.decision} is null or ${withdrawals.decision} <> 'rejected')`;
/** The rows of the Rejected filter, which no other filter lists. */
const rejected = sql`${withdrawals.decision} = 'rejected'`;

/** The admin who decided a row (an approval or a rejection names them). */
const decider = alias(admins, 'decider');

/**
 * Withdrawals in the contract's shape, user, gift name and first approver joined in the same
 * query (no N+1), in `order`; `page` limits them to one page. `firstApproval` is set while the
 * row is undecided and awaits its second approval.
 */
async function selectWithdrawals(
  db: DbOrTx,
  dual: DualApproval,
  where: SQL | undefined,
  order: SQL[],
  page?: Paged,
): Promise<Withdrawal[]> {
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
      needsTwo: needsTwoApprovals(dual),
      firstApprovedBy: withdrawals.firstApprovedBy,
      firstApproval: withdrawals.firstApproval,
      firstApprovedAt: withdrawals.firstApprovedAt,
      firstApprover: admins.username,
      decidedBy: withdrawals.decidedBy,
      decidedAt: withdrawals.decidedAt,
      decider: decider.username,
    })
    .from(withdrawals)
    .leftJoin(users, eq(users.telegramId, withdrawals.telegramId))
    .leftJoin(inventories, eq(inventories.id, withdrawals.inventoryId))
    .leftJoin(admins, eq(admins.id, withdrawals.firstApprovedBy))
    .leftJoin(decider, eq(decider.id, withdrawals.decidedBy))
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
    // Masked for every admin: the whole wallet only through POST /pii/reveal (docs/security.md).
    wallet: maskValue(r.wallet),
    inventory: r.inventoryName === null ? null : { name: r.inventoryName },
    inventoryId: r.inventoryId === null ? null : String(r.inventoryId),
    status: r.status,
    rejected: r.decision === 'rejected',
    rejection:
      r.decision === 'rejected' && r.decidedAt !== null
        ? { adminId: r.decidedBy, adminUsername: r.decider, at: r.decidedAt.toISOString() }
        : null,
    approval:
      r.decision !== null && r.decision !== 'rejected' && r.decidedAt !== null
        ? {
            adminId: r.decidedBy,
            adminUsername: r.decider,
            action: r.decision,
            at: r.decidedAt.toISOString(),
          }
        : null,
    createdAt: r.createdAt.toISOString(),
    ...(r.failureReason ? { failureReason: r.failureReason } : {}),
    needsTwoApprovals: r.needsTwo,
    firstApproval:
      r.decision === null &&
      r.firstApprovedBy !== null &&
      r.firstApproval !== null &&
      r.firstApprovedAt !== null
        ? {
            adminId: r.firstApprovedBy,
            adminUsername: r.firstApprover,
            action: r.firstApproval,
            at: r.firstApprovedAt.toISOString(),
          }
        : null,
  }));
}

/** Awaiting a second approval: not approved, undecided, a first approval recorded (what `firstApproval` shows); `withdrawals_awaiting_idx`'s predicate. */
const awaitingSecond = sql`not ${withdrawals.status} and ${withdrawals.decision} is null and ${withdrawals.firstApprovedBy} is not null
  and ${withdrawals.firstApproval} is not null and ${withdrawals.firstApprovedAt} is not null`;

/**
 * The counters over every withdrawal, whatever the filters: pending (not approved), of
 * which awaiting a second approval, approved, total (listed: not rejected), and rejected. Listed and approved are the sums of the
 * trigger-kept withdrawal_counts (a few rows, not the table). Awaiting is counted on the rows
 * themselves, through `withdrawals_awaiting_idx`, a partial index holding only those rows:
 * undecided withdrawals are few on a live platform even when approved ones are millions, and
 * those with a first approval fewer still (each waits for a second administrator). Counting
 * them on the rows keeps the count exact whatever decides that a row needs two approvals
 * (the dual-approval threshold is a runtime setting, which no trigger could follow).
 */
async function readCounts(db: DbOrTx): Promise<WithdrawalCounts> {
  const [[kept], [awaiting], [refused]] = await Promise.all([
    db
      .select({
        listed: sql<string>`coalesce(sum(${withdrawalCounts.listed}), 0)`,
        approved: sql<string>`coalesce(sum(${withdrawalCounts.approved}), 0)`,
      })
      .from(withdrawalCounts),
    db.select({ n: countAll }).from(withdrawals).where(and(listed, awaitingSecond)),
    // Counted on the rows (no kept counter): the decided history, read once a page.
    db.select({ n: countAll }).from(withdrawals).where(rejected),
  ]);
  const total = Number(kept?.listed ?? 0);
  const approved = Number(kept?.approved ?? 0);
  return {
    pending: total - approved,
    awaiting: Number(awaiting?.n ?? 0),
    approved,
    total,
    rejected: Number(refused?.n ?? 0),
  };
}

/**
 * The withdrawals the search and status select (the list's and its export's): the listed ones
 * (not rejected), or with status `rejected` only the rejected ones.
 */
export function withdrawalsWhere(q: Pick<WithdrawalsQuery, 'search' | 'status'>): SQL | undefined {
  return and(
    q.status === 'rejected' ? rejected : listed,
    q.search
      ? sql`${withdrawals.telegramId} in (select ${users.telegramId} from ${users} where ${containsAny([users.username], q.search)})`
      : undefined,
    q.status === 'pending' || q.status === 'approved'
      ? eq(withdrawals.status, q.status === 'approved')
      : undefined,
  );
}

/**
 * The default order, undecided first, then newest (`newestFirst`), or exactly reversed (for a
 * page read from the list's far end); `withdrawals_listed_idx` serves both.
 */
function defaultOrder(newestFirst = true): SQL[] {
  const dir = newestFirst ? desc : asc;
  return [dir(sql`${withdrawals.decision} is null`), dir(withdrawals.createdAt), dir(withdrawals.id)];
}

/**
 * `GET /withdrawals`: usernames containing the search (trigram index of users), the status
 * filter (pending: not approved). By default undecided ones first, newest first within each
 * group (oldest waiting longest on top would bury new ones); a sort orders the whole list by
 * its key. A page of the default order is read as pageIds does (ids from the index alone,
 * from the nearer end of the list, then the page's rows); a sort keeps its OFFSET. The total
 * without a search is the kept count (status: approved, or listed minus approved); a search
 * is counted on the rows (the users it matches are not known ahead).
 */
export async function listWithdrawals(db: DbOrTx, dual: DualApproval, q: WithdrawalsQuery) {
  const { search, status, sort } = q;
  const where = withdrawalsWhere(q);
  const order = orderOf(
    sort,
    { createdAt: withdrawals.createdAt, price: withdrawals.price },
    withdrawals.id,
    defaultOrder(),
  );
  if (!isPaged(q)) return selectWithdrawals(db, dual, where, order);
  const counts = readCounts(db);
  const total = async () => {
    if (search) return Number((await db.select({ n: countAll }).from(withdrawals).where(where))[0]?.n ?? 0);
    const c = await counts;
    if (status === 'rejected') return c.rejected;
    return status === 'approved' ? c.approved : status === 'pending' ? c.pending : c.total;
  };
  const readPage = async (): Promise<{ rows: Withdrawal[]; total: number }> => {
    if (sort) {
      const [rows, n] = await Promise.all([selectWithdrawals(db, dual, where, order, q), total()]);
      return { rows, total: n };
    }
    const page = await pageIds(q, total, async ({ newestFirst, limit, offset }) => {
      const ids = await db
        .select({ id: withdrawals.id })
        .from(withdrawals)
        .where(where)
        .orderBy(...defaultOrder(newestFirst))
        .limit(limit)
        .offset(offset);
      return ids.map((r) => r.id);
    });
    const rows = page.ids.length
      ? await selectWithdrawals(db, dual, inArray(withdrawals.id, page.ids), order)
      : [];
    return { rows, total: page.total };
  };
  const [page, c] = await Promise.all([readPage(), counts]);
  return { withdrawals: page.rows, pagination: paginationOf(q, page.total, 'totalWithdrawals'), counts: c };
}

/** One withdrawal by id, rejected ones included (the answer of a decision). */
export async function readWithdrawal(
  db: DbOrTx,
  dual: DualApproval,
  id: number,
): Promise<Withdrawal | undefined> {
  return (await selectWithdrawals(db, dual, eq(withdrawals.id, id), [desc(withdrawals.id)]))[0];
}
