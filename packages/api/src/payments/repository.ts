import { and, count, desc, eq, gte, ilike, inArray, lt, lte, or, sql, type SQL } from 'drizzle-orm';
import {
  maskValue,
  type PaymentStats,
  type PaymentsQuery,
  type StarsPayment,
  type TonPayment,
} from '@manager/contract';
import { executeRows, type Db } from '../db/client';
import { paymentDays, starsPayments, tonPayments, users } from '../db/schema/index';
import { daysOf, inListOrder, pageIds, pagesOf } from '../lib/lists';
import { personColumns, personOf } from '../lib/person';
import { asTelegramId, escapeLike, likePattern } from '../lib/search';
import { dayKey, midnightAfter, midnightFrom, startOfUtcDay, isUtcMidnight } from '../lib/utc-days';

export /** The filters of a payments query (the list's or its export's). */
type PaymentFilterQuery = Omit<PaymentsQuery, 'page' | 'limit'>;

export type PaymentTable = typeof tonPayments | typeof starsPayments;
/** The `table_name` of a payments table's rows in payment_days. */
const tableNameOf = (table: PaymentTable) => (table === tonPayments ? 'ton_payments' : 'stars_payments');

/**
 * The filters of the deposits screen. Search matches the username, first or last name
 * (trigram indexes), the Telegram id, or (TON) the transaction hash prefix; amounts are
 * inclusive; endDate as a bare date includes that whole day (up to the next midnight).
 */
export function paymentFilters(table: PaymentTable, q: PaymentFilterQuery): SQL | undefined {
  const parts: Array<SQL | undefined> = [];
  if (q.search) {
    const like = likePattern(q.search);
    const id = asTelegramId(q.search);
    parts.push(
      or(
        ilike(users.username, like),
        ilike(users.firstName, like),
        ilike(users.lastName, like),
        id === null ? undefined : eq(table.telegramId, id),
        table === tonPayments ? ilike(tonPayments.transactionId, `${escapeLike(q.search)}%`) : undefined,
      ),
    );
  }
  if (q.status !== undefined) parts.push(eq(table.status, q.status));
  if (q.startDate) parts.push(gte(table.createdAt, q.startDate));
  if (q.endDate) parts.push(endBound(table, q.endDate));
  // As numeric: Stars amounts are a bigint column, where a parameter "1.5" would not parse.
  if (q.minAmount !== undefined) parts.push(gte(table.amount, sql`${q.minAmount}::numeric`));
  if (q.maxAmount !== undefined) parts.push(lte(table.amount, sql`${q.maxAmount}::numeric`));
  return and(...parts);
}

/**
 * A date-only bound (midnight UTC) means "through the end of that day": before the next
 * midnight (no bound after 9999-12-31).
 */
function endBound(table: PaymentTable, end: Date): SQL | undefined {
  if (!isUtcMidnight(end)) return lte(table.createdAt, end);
  const next = midnightAfter(end);
  return next && lt(table.createdAt, next);
}

/** The stats' columns over rows carrying status, payments (a count), amount and fee. */
const statsColumns = sql`coalesce(sum(payments), 0)::text as total, coalesce(sum(amount), 0)::text as "totalAmount",
  coalesce(sum(fee), 0)::text as "totalFee", coalesce(sum(amount) filter (where status), 0)::text as "completedAmount",
  coalesce(sum(fee) filter (where status), 0)::text as "completedFee", coalesce(sum(payments) filter (where status), 0)::text as "completedCount"`;

interface Stats {
  total: string | number;
  totalAmount: string;
  totalFee: string;
  completedAmount: string;
  completedFee: string;
  completedCount: string;
}

/**
 * The stats of a query filtered at most by status and dates, exact: the whole UTC days inside
 * the bounds from payment_days, plus the payments of a partial first or last day summed from
 * the (status, created_at, id, amount, fee) index alone. Null when the bounds hold no whole day
 * (the plain query reads at most two days then).
 */
async function keptStats(db: Db, table: PaymentTable, q: PaymentFilterQuery): Promise<Stats | null> {
  const start = q.startDate;
  // The first whole day starts at the first midnight at or after the start.
  const from = start && midnightFrom(start);
  // Whole days end at the exclusive end (the midnight after a bare end date), or at the
  // midnight before an end with a time (created_at has microseconds: that day is partial).
  const end = q.endDate;
  // Past year 9999 there is no midnight: no whole day from a start there, no bound at an end there.
  const to = end && (isUtcMidnight(end) ? midnightAfter(end) : startOfUtcDay(end));
  if (start && !from) return null;
  if (from && to && from >= to) return null;
  // Both statuses spelled out when none is asked: the edge days then still read the
  // (status, created_at, id, amount, fee) index alone, one range per status, never the rows.
  const status = q.status === undefined ? inArray(table.status, [true, false]) : eq(table.status, q.status);
  const parts = [
    sql`select status, payments, amount, fee from ${paymentDays} where ${and(
      eq(paymentDays.tableName, tableNameOf(table)),
      q.status === undefined ? undefined : eq(paymentDays.status, q.status),
      from ? gte(paymentDays.day, dayKey(from)) : undefined,
      to ? lt(paymentDays.day, dayKey(to)) : undefined,
    )}`,
  ];
  // An edge day summed on its own (one row per status), so the outer sums add a few rows.
  const edge = (where: SQL | undefined) =>
    sql`select ${table.status}, count(*), sum(${table.amount})::numeric, sum(${table.fee})::numeric from ${table} where ${where} group by ${table.status}`;
  if (start && from && start < from)
    parts.push(edge(and(status, gte(table.createdAt, start), lt(table.createdAt, from))));
  if (end && to && !isUtcMidnight(end))
    parts.push(edge(and(status, gte(table.createdAt, to), lte(table.createdAt, end))));
  const [stats] = await executeRows<Stats>(
    db,
    sql`select ${statsColumns} from (${sql.join(parts, sql` union all `)}) as d (status, payments, amount, fee)`,
  );
  return stats!;
}

/**
 * One page plus the stats and count over the whole filtered set: the page's ids from the
 * table alone (joined to users only when the search needs names; see pageIds), then those
 * rows with their players.
 */
async function readPage(db: Db, table: PaymentTable, q: PaymentsQuery) {
  const where = paymentFilters(table, q);
  const statsQuery = db
    .select({
      total: count(),
      totalAmount: sql<string>`coalesce(sum(${table.amount}), 0)`,
      totalFee: sql<string>`coalesce(sum(${table.fee}), 0)`,
      completedAmount: sql<string>`coalesce(sum(${table.amount}) filter (where ${table.status}), 0)`,
      completedFee: sql<string>`coalesce(sum(${table.fee}) filter (where ${table.status}), 0)`,
      completedCount: sql<string>`count(*) filter (where ${table.status})`,
    })
    .from(table)
    .$dynamic();
  // Filtered by status and dates alone: whole days from payment_days. A search or an amount
  // range the days cannot answer: the plain query over the filtered rows (exact, slower).
  const exact = () =>
    (q.search ? statsQuery.leftJoin(users, eq(users.telegramId, table.telegramId)) : statsQuery)
      .where(where)
      .then((r) => r[0]!);
  const kept =
    q.search || q.minAmount !== undefined || q.maxAmount !== undefined
      ? Promise.resolve(null)
      : keptStats(db, table, q);
  const statsOf: Promise<Stats> = kept.then((k) => k ?? exact());
  const page = await pageIds(
    q,
    () => statsOf.then((r) => Number(r.total)),
    async (read) => {
      const ids = db.select({ id: table.id }).from(table).$dynamic();
      const rows = await inListOrder(
        q.search ? ids.leftJoin(users, eq(users.telegramId, table.telegramId)) : ids,
        table,
        where,
        read,
      );
      return rows.map((r) => r.id);
    },
    where
      ? undefined
      : () =>
          daysOf(
            db,
            paymentDays,
            paymentDays.day,
            paymentDays.payments,
            eq(paymentDays.tableName, tableNameOf(table)),
          ),
  );
  const rows = page.ids.length
    ? await db
        .select({ p: table, ...personColumns('user', users) })
        .from(table)
        .leftJoin(users, eq(users.telegramId, table.telegramId))
        .where(inArray(table.id, page.ids))
        .orderBy(desc(table.createdAt), desc(table.id))
    : [];
  const stats = await statsOf;
  const total = page.total;
  const completedCount = Number(stats.completedCount);
  const summary: PaymentStats = {
    totalAmount: Number(stats.totalAmount),
    totalFee: Number(stats.totalFee),
    completedAmount: Number(stats.completedAmount),
    completedFee: Number(stats.completedFee),
    completedCount,
    pendingCount: total - completedCount,
  };
  const pagination = { ...pagesOf(q, total), totalPayments: total };
  return { rows, stats: summary, pagination };
}

const base = (
  p: typeof tonPayments.$inferSelect | typeof starsPayments.$inferSelect,
  row: Record<string, unknown>,
) => ({
  id: p.id,
  user: personOf(row, 'user'),
  telegramId: p.telegramId,
  type: p.type,
  // Masked for every admin (it carries the transaction id): whole only through POST /pii/reveal.
  link: maskValue(p.link),
  amount: Number(p.amount),
  fee: Number(p.fee),
  status: p.status,
  createdAt: p.createdAt.toISOString(),
});

export async function readTonPayments(db: Db, q: PaymentsQuery) {
  const page = await readPage(db, tonPayments, q);
  const payments: TonPayment[] = page.rows.map((r) => {
    const row = r.p as typeof tonPayments.$inferSelect;
    return {
      ...base(row, r),
      transactionId: maskValue(row.transactionId),
      product: row.product === null ? null : { product: row.product, amount: Number(row.productAmount ?? 0) },
      wallet: maskValue(row.wallet),
    };
  });
  return { payments, pagination: page.pagination, stats: page.stats };
}

export async function readStarsPayments(db: Db, q: PaymentsQuery) {
  const page = await readPage(db, starsPayments, q);
  const payments: StarsPayment[] = page.rows.map((r) => base(r.p, r));
  return { payments, pagination: page.pagination, stats: page.stats };
}
