import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { envelope, starsPaymentsResponseSchema, successRate, tonPaymentsResponseSchema } from '@manager/contract';
import { signedInApp, type TestApp } from './helper';
import { rows } from './withdrawals-fixtures';

let t: TestApp;
let token: string;

beforeAll(async () => ({ t, token } = await signedInApp({ users: 400 })));
afterAll(async () => {
  await t?.close();
});

const get = (url: string) => t.call({ method: 'GET', url, token });
const ton = async (query: string) => {
  const res = await get(`/manager/transactions/ton-payments?${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return envelope(tonPaymentsResponseSchema).parse(res.json()).data;
};
const stars = async (query: string) => {
  const res = await get(`/manager/transactions/stars-payments?${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return envelope(starsPaymentsResponseSchema).parse(res.json()).data;
};

/** The stats recomputed in SQL over the same filter. */
async function expected(table: string, where: string) {
  const [r] = await rows(
    t,
    sql.raw(`select count(*) as n, coalesce(sum(amount), 0) as amount, coalesce(sum(fee), 0) as fee,
      coalesce(sum(amount) filter (where status), 0) as c_amount, coalesce(sum(fee) filter (where status), 0) as c_fee,
      count(*) filter (where status) as c_count from ${table} where ${where}`),
  );
  return {
    total: Number(r!.n),
    stats: {
      totalAmount: Number(r!.amount),
      totalFee: Number(r!.fee),
      completedAmount: Number(r!.c_amount),
      completedFee: Number(r!.c_fee),
      completedCount: Number(r!.c_count),
      pendingCount: Number(r!.n) - Number(r!.c_count),
    },
  };
}

describe('GET /manager/transactions/ton-payments', () => {
  it('needs a signed-in admin', async () => {
    expect((await t.call({ method: 'GET', url: '/manager/transactions/ton-payments' })).statusCode).toBe(401);
  });

  it('pages by 20, newest first, with user and product, and stats over the whole set', async () => {
    const data = await ton('page=1&limit=20');
    const want = await expected('ton_payments', 'true');
    expect(data.payments).toHaveLength(20);
    expect(data.pagination).toMatchObject({ totalPayments: want.total, totalPages: Math.ceil(want.total / 20) });
    expect(data.stats).toEqual(want.stats);
    const dates = data.payments.map((p) => p.createdAt);
    expect([...dates].sort().reverse()).toEqual(dates);
    expect(data.payments[0]!.transactionId).toMatch(/^[0-9a-f]{64}$/);
    expect(data.payments[0]!.user?.username).toBeTruthy();
    expect(data.payments[0]!.product?.product).toBeTruthy();
    const page2 = await ton('page=2');
    expect(page2.payments[0]!.id).not.toBe(data.payments[0]!.id);
  });

  it('filters by status, date range and amount range; stats follow the filter', async () => {
    const [{ d }] = (await rows(t, sql`select to_char(max(created_at) - interval '10 days', 'YYYY-MM-DD') as d from ton_payments`)) as [{ d: string }];
    const data = await ton(`status=true&startDate=${d}&minAmount=1&maxAmount=20.5`);
    const want = await expected('ton_payments', `status and created_at >= '${d}' and amount >= 1 and amount <= 20.5`);
    expect(data.pagination.totalPayments).toBe(want.total);
    expect(data.stats).toEqual(want.stats);
    expect(data.stats.pendingCount).toBe(0);
    for (const p of data.payments) {
      expect(p.status).toBe(true);
      expect(p.amount).toBeGreaterThanOrEqual(1);
      expect(p.amount).toBeLessThanOrEqual(20.5);
      expect(p.createdAt >= d).toBe(true);
    }
    // A bare end date includes that whole day.
    const day = await ton(`startDate=${d}&endDate=${d}`);
    const wantDay = await expected('ton_payments', `created_at >= '${d}' and created_at < '${d}'::date + 1`);
    expect(day.pagination.totalPayments).toBe(wantDay.total);
  });

  it('searches by username and by transaction hash prefix', async () => {
    const [r] = await rows(t, sql`select u.username, p.transaction_id from ton_payments p join users u using (telegram_id) where u.username is not null limit 1`);
    const byUser = await ton(`search=${encodeURIComponent(String(r!.username))}`);
    expect(byUser.payments.length).toBeGreaterThan(0);
    for (const p of byUser.payments) expect(p.user?.username?.toLowerCase()).toContain(String(r!.username).toLowerCase());
    const byHash = await ton(`search=${String(r!.transaction_id).slice(0, 12)}`);
    expect(byHash.payments.map((p) => p.transactionId)).toContain(r!.transaction_id);
    const none = await ton('search=%25_nobody_%25');
    expect(none).toMatchObject({ payments: [], pagination: { totalPayments: 0, totalPages: 0 } });
    expect(successRate(none.stats)).toBe(0);
  });

  it('refuses bad filters with a 400 naming the field', async () => {
    for (const [query, field] of [
      ['status=maybe', 'status'],
      ['minAmount=abc', 'minAmount'],
      ['startDate=notadate', 'startDate'],
      ['minAmount=5&maxAmount=1', 'minAmount'],
      ['startDate=2026-02-01&endDate=2026-01-01', 'startDate'],
      ['limit=1000', 'limit'],
      ['page=0', 'page'],
    ] as const) {
      const res = await get(`/manager/transactions/ton-payments?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().message).toMatch(new RegExp(`^${field}: `));
    }
  });
});

describe('GET /manager/transactions/stars-payments', () => {
  it('filters pending Stars payments with integer amounts; stats equal SQL', async () => {
    const data = await stars('status=false&minAmount=100&maxAmount=1000');
    const want = await expected('stars_payments', 'not status and amount between 100 and 1000');
    expect(data.pagination.totalPayments).toBe(want.total);
    expect(data.stats).toEqual(want.stats);
    expect(data.stats.completedCount).toBe(0);
    for (const p of data.payments) {
      expect(Number.isInteger(p.amount)).toBe(true);
      expect(p).not.toHaveProperty('transactionId');
    }
    const all = await stars('');
    const wantAll = await expected('stars_payments', 'true');
    expect(all.stats).toEqual(wantAll.stats);
    expect(successRate(all.stats)).toBe(Math.round((wantAll.stats.completedCount / wantAll.total) * 1000) / 10);
  });
});

describe('payment totals kept by triggers', () => {
  it('answers the unfiltered cards from the kept totals, not by summing the payments', async () => {
    const before = await ton('page=1');
    // A difference only the kept totals hold (the payments are untouched) shows in the answer.
    await rows(t, sql`update payment_totals set payments = payments + 5 where table_name = 'ton_payments' and slot = (select min(slot) from payment_totals where table_name = 'ton_payments')`);
    expect((await ton('page=1')).pagination.totalPayments).toBe(before.pagination.totalPayments + 5);
    await rows(t, sql`update payment_totals set payments = payments - 5 where table_name = 'ton_payments' and slot = (select min(slot) from payment_totals where table_name = 'ton_payments')`);
  });

  it('stay equal to the sums after inserts, updates of amount, fee and status, and deletes, in both tables', async () => {
    const someone = sql`(select min(telegram_id) from users)`;
    await rows(t, sql`insert into ton_payments (telegram_id, transaction_id, type, amount, fee, status) select ${someone}, md5(g::text), 'deposit', g * 0.123456789, 0.0001 * g, g % 2 = 0 from generate_series(1, 30) g`);
    await rows(t, sql`insert into stars_payments (telegram_id, transaction_id, type, amount, fee, status) select ${someone}, 'stxt' || g, 'deposit', g * 7, g, g % 3 = 0 from generate_series(1, 30) g`);
    for (const table of ['ton_payments', 'stars_payments']) {
      await rows(t, sql.raw(`update ${table} set status = not status where id in (select id from ${table} order by id desc limit 7)`));
      await rows(t, sql.raw(`update ${table} set amount = amount + 2, fee = fee + 1 where id in (select id from ${table} order by id limit 9)`));
      await rows(t, sql.raw(`update ${table} set type = type where id in (select id from ${table} order by id limit 3)`));
      await rows(t, sql.raw(`delete from ${table} where id in (select id from ${table} order by id desc limit 4)`));
    }
    const tonNow = await ton('page=1');
    const tonWant = await expected('ton_payments', 'true');
    expect([tonNow.pagination.totalPayments, tonNow.stats]).toEqual([tonWant.total, tonWant.stats]);
    const starsNow = await stars('page=1');
    const starsWant = await expected('stars_payments', 'true');
    expect([starsNow.pagination.totalPayments, starsNow.stats]).toEqual([starsWant.total, starsWant.stats]);
  });

  it('rebuilds to the same totals, and follows a truncate', async () => {
    const kept = await rows(t, sql`select table_name, sum(payments)::text as n, sum(amount)::numeric::text as amount, sum(completed_fee)::text as fee from payment_totals group by 1 order by 1`);
    await rows(t, sql`select payment_totals_rebuild()`);
    expect(await rows(t, sql`select table_name, sum(payments)::text as n, sum(amount)::numeric::text as amount, sum(completed_fee)::text as fee from payment_totals group by 1 order by 1`)).toEqual(kept);
    await rows(t, sql`truncate stars_payments`);
    const empty = await stars('page=1');
    expect([empty.pagination.totalPayments, empty.stats.totalAmount, empty.stats.completedCount]).toEqual([0, 0, 0]);
  });
});
