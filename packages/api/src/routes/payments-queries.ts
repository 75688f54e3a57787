import { and, count, desc, eq, gte, ilike, lte, or, sql, type SQL } from 'drizzle-orm';
import type { PaymentStats, PaymentsQuery, StarsPayment, TonPayment } from '@manager/contract';
import type { Db } from '../db/client';
import { starsPayments, tonPayments, users } from '../db/schema/index';

type PaymentTable = typeof tonPayments | typeof starsPayments;

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * The filters of the deposits screen. Search matches the username, first or last name
 * (trigram indexes), the Telegram id, or (TON) the transaction hash prefix; amounts are
 * inclusive; endDate as a bare date includes that whole day.
 */
function filtersOf(table: PaymentTable, q: PaymentsQuery): SQL | undefined {
  const parts: Array<SQL | undefined> = [];
  if (q.search) {
    const like = `%${escapeLike(q.search)}%`;
    const digits = /^\d{1,16}$/.test(q.search) ? eq(table.telegramId, Number(q.search)) : undefined;
    parts.push(
      or(
        ilike(users.username, like),
        ilike(users.firstName, like),
        ilike(users.lastName, like),
        digits,
        table === tonPayments ? ilike(tonPayments.transactionId, `${escapeLike(q.search)}%`) : undefined,
      ),
    );
  }
  if (q.status !== undefined) parts.push(eq(table.status, q.status));
  if (q.startDate) parts.push(gte(table.createdAt, q.startDate));
  if (q.endDate) parts.push(lte(table.createdAt, endOfDay(q.endDate)));
  if (q.minAmount !== undefined) parts.push(gte(table.amount, sql`${q.minAmount}`));
  if (q.maxAmount !== undefined) parts.push(lte(table.amount, sql`${q.maxAmount}`));
  return and(...parts);
}

/** A date-only bound (midnight UTC) means "through the end of that day". */
function endOfDay(d: Date): Date {
  const midnight = d.getUTCHours() === 0 && d.getUTCMinutes() === 0 && d.getUTCSeconds() === 0 && d.getUTCMilliseconds() === 0;
  return midnight ? new Date(d.getTime() + 86_400_000 - 1) : d;
}

const personCols = {
  avatar: users.avatar,
  username: users.username,
  firstName: users.firstName,
  lastName: users.lastName,
  isPremium: users.isPremium,
};

/** One page plus the stats and count over the whole filtered set (two queries, no N+1). */
async function readPage(db: Db, table: PaymentTable, q: PaymentsQuery) {
  const where = filtersOf(table, q);
  const [rows, [stats]] = await Promise.all([
    db
      .select({ p: table, ...personCols })
      .from(table)
      .leftJoin(users, eq(users.telegramId, table.telegramId))
      .where(where)
      .orderBy(desc(table.createdAt), desc(table.id))
      .limit(q.limit)
      .offset((q.page - 1) * q.limit),
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
  const pagination = { totalPages: Math.ceil(total / q.limit), currentPage: q.page, totalPayments: total };
  return { rows, stats: summary, pagination };
}

interface PersonRow {
  avatar: string | null;
  username: string | null;
  firstName: string | null;
  lastName: string | null;
  isPremium: boolean | null;
}

const base = (p: typeof tonPayments.$inferSelect | typeof starsPayments.$inferSelect, person: PersonRow | null) => ({
  id: p.id,
  user: person && person.isPremium !== null ? { ...person, isPremium: person.isPremium, telegramId: p.telegramId } : null,
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
  const payments: TonPayment[] = page.rows.map(({ p, ...person }) => {
    const row = p as typeof tonPayments.$inferSelect;
    return {
      ...base(row, person),
      transactionId: row.transactionId,
      product: row.product === null ? null : { product: row.product, amount: Number(row.productAmount ?? 0) },
      wallet: row.wallet,
    };
  });
  return { payments, pagination: page.pagination, stats: page.stats };
}

export async function readStarsPayments(db: Db, q: PaymentsQuery) {
  const page = await readPage(db, starsPayments, q);
  const payments: StarsPayment[] = page.rows.map(({ p, ...person }) => base(p, person));
  return { payments, pagination: page.pagination, stats: page.stats };
}
