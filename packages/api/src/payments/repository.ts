import { and, count, eq, gte, ilike, lte, or, sql, type SQL } from 'drizzle-orm';
import type { PaymentStats, PaymentsQuery, StarsPayment, TonPayment } from '@manager/contract';
import type { Db } from '../db/client';
import { starsPayments, tonPayments, users } from '../db/schema/index';
import { newestPage, pagesOf } from '../lib/pagination';
import { personColumns, personOf } from '../lib/person';
import { asTelegramId, escapeLike, likePattern } from '../lib/search';

export /** The filters of a payments query (the list's or its export's). */
type PaymentFilterQuery = Omit<PaymentsQuery, 'page' | 'limit'>;

export type PaymentTable = typeof tonPayments | typeof starsPayments;

/**
 * The filters of the deposits screen. Search matches the username, first or last name
 * (trigram indexes), the Telegram id, or (TON) the transaction hash prefix; amounts are
 * inclusive; endDate as a bare date includes that whole day.
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
  if (q.endDate) parts.push(lte(table.createdAt, endOfDay(q.endDate)));
  // As numeric: Stars amounts are a bigint column, where a parameter "1.5" would not parse.
  if (q.minAmount !== undefined) parts.push(gte(table.amount, sql`${q.minAmount}::numeric`));
  if (q.maxAmount !== undefined) parts.push(lte(table.amount, sql`${q.maxAmount}::numeric`));
  return and(...parts);
}

/** A date-only bound (midnight UTC) means "through the end of that day". */
function endOfDay(d: Date): Date {
  const midnight = d.getUTCHours() === 0 && d.getUTCMinutes() === 0 && d.getUTCSeconds() === 0 && d.getUTCMilliseconds() === 0;
  return midnight ? new Date(d.getTime() + 86_400_000 - 1) : d;
}

/** One page plus the stats and count over the whole filtered set (two queries, no N+1). */
async function readPage(db: Db, table: PaymentTable, q: PaymentsQuery) {
  const where = paymentFilters(table, q);
  const [rows, [stats]] = await Promise.all([
    newestPage(db.select({ p: table, ...personColumns('user', users) }).from(table).leftJoin(users, eq(users.telegramId, table.telegramId)).where(where).$dynamic(), table, q),
    db
      .select({
        total: count(),
        totalAmount: sql<string>`coalesce(sum(${table.amount}), 0)`,
        totalFee: sql<string>`coalesce(sum(${table.fee}), 0)`,
        completedAmount: sql<string>`coalesce(sum(${table.amount}) filter (where ${table.status}), 0)`,
        completedFee: sql<string>`coalesce(sum(${table.fee}) filter (where ${table.status}), 0)`,
        completedCount: sql<string>`count(*) filter (where ${table.status})`,
      })
      .from(table)
      .leftJoin(users, eq(users.telegramId, table.telegramId))
      .where(where),
  ]);
  const total = Number(stats!.total);
  const completedCount = Number(stats!.completedCount);
  const summary: PaymentStats = {
    totalAmount: Number(stats!.totalAmount),
    totalFee: Number(stats!.totalFee),
    completedAmount: Number(stats!.completedAmount),
    completedFee: Number(stats!.completedFee),
    completedCount,
    pendingCount: total - completedCount,
  };
  const pagination = { ...pagesOf(q, total), totalPayments: total };
  return { rows, stats: summary, pagination };
}

const base = (p: typeof tonPayments.$inferSelect | typeof starsPayments.$inferSelect, row: Record<string, unknown>) => ({
  id: p.id,
  user: personOf(row, 'user'),
  telegramId: p.telegramId,
  type: p.type,
  link: p.link,
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
      transactionId: row.transactionId,
      product: row.product === null ? null : { product: row.product, amount: Number(row.productAmount ?? 0) },
      wallet: row.wallet,
    };
  });
  return { payments, pagination: page.pagination, stats: page.stats };
}

export async function readStarsPayments(db: Db, q: PaymentsQuery) {
  const page = await readPage(db, starsPayments, q);
  const payments: StarsPayment[] = page.rows.map((r) => base(r.p, r));
  return { payments, pagination: page.pagination, stats: page.stats };
}
