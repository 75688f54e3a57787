import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  envelope,
  starsPaymentsResponseSchema,
  successRate,
  tonPaymentsResponseSchema,
} from '@manager/contract';
import { signedInApp, type TestApp } from '../support/helper';
import { rows } from '../support/withdrawals-fixtures';

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
    expect(data.pagination).toMatchObject({
      totalPayments: want.total,
      totalPages: Math.ceil(want.total / 20),
    });
    expect(data.stats).toEqual(want.stats);
    const dates = data.payments.map((p) => p.createdAt);
    expect([...dates].sort().reverse()).toEqual(dates);
    // Masked (docs/security.md, Personal data): the hash's first 4 and last 4 characters.
    expect(data.payments[0]!.transactionId).toMatch(/^[0-9a-f]{4}…[0-9a-f]{4}$/);
    expect(data.payments[0]!.user?.username).toBeTruthy();
    expect(data.payments[0]!.product?.product).toBeTruthy();
    const page2 = await ton('page=2');
    expect(page2.payments[0]!.id).not.toBe(data.payments[0]!.id);
  });

  it('filters by status, date range and amount range; stats follow the filter', async () => {
    const [{ d }] = (await rows(
      t,
      sql`select to_char(max(created_at) - interval '10 days', 'YYYY-MM-DD') as d from ton_payments`,
    )) as [{ d: string }];
    const data = await ton(`status=true&startDate=${d}&minAmount=1&maxAmount=20.5`);
    const want = await expected(
      'ton_payments',
      `status and created_at >= '${d}' and amount >= 1 and amount <= 20.5`,
    );
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
    const [r] = await rows(
      t,
      sql`select u.username, p.transaction_id from ton_payments p join users u using (telegram_id) where u.username is not null limit 1`,
    );
    const byUser = await ton(`search=${encodeURIComponent(String(r!.username))}`);
    expect(byUser.payments.length).toBeGreaterThan(0);
    for (const p of byUser.payments)
      expect(p.user?.username?.toLowerCase()).toContain(String(r!.username).toLowerCase());
    const byHash = await ton(`search=${String(r!.transaction_id).slice(0, 12)}`);
    const hash = String(r!.transaction_id);
    expect(byHash.payments.map((p) => p.transactionId)).toContain(`${hash.slice(0, 4)}…${hash.slice(-4)}`);
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
    expect(successRate(all.stats)).toBe(
      Math.round((wantAll.stats.completedCount / wantAll.total) * 1000) / 10,
    );
  });
});

describe('payment days kept by triggers', () => {
  const tables = ['ton_payments', 'stars_payments'] as const;
  const read = (table: (typeof tables)[number], query: string) =>
    table === 'ton_payments' ? ton(query) : stars(query);

  /**
   * Queries the days answer (status and dates), each with the same filter in plain SQL: whole
   * days, a start or end with a time (partial edge days), bare end dates (through the next
   * midnight), a range inside one day.
   */
  async function cases() {
    const [r] = await rows(
      t,
      sql`select to_char(min(created_at) at time zone 'UTC' + interval '2 days', 'YYYY-MM-DD') as a,
        to_char(max(created_at) at time zone 'UTC' - interval '3 days', 'YYYY-MM-DD') as b from ton_payments`,
    );
    const a = String(r!.a);
    const b = String(r!.b);
    const at = (d: string, time: string) => `${d}T${time}Z`;
    return [
      ['', 'true'],
      ['status=true', 'status'],
      ['status=false', 'not status'],
      [`startDate=${a}`, `created_at >= '${a}'`],
      [`endDate=${b}`, `created_at < '${b}'::date + 1`],
      [
        `status=false&startDate=${a}&endDate=${b}`,
        `not status and created_at >= '${a}' and created_at < '${b}'::date + 1`,
      ],
      [
        `status=true&startDate=${at(a, '07:30:00.250')}`,
        `status and created_at >= '${at(a, '07:30:00.250')}'`,
      ],
      [
        `startDate=${at(a, '07:30:00')}&endDate=${at(b, '18:00:00')}`,
        `created_at >= '${at(a, '07:30:00')}' and created_at <= '${at(b, '18:00:00')}'`,
      ],
      [`status=true&endDate=${at(b, '00:00:00.001')}`, `status and created_at <= '${at(b, '00:00:00.001')}'`],
      [`startDate=${b}&endDate=${b}`, `created_at >= '${b}' and created_at < '${b}'::date + 1`],
      [
        `startDate=${at(b, '01:00:00')}&endDate=${at(b, '23:00:00')}`,
        `created_at >= '${at(b, '01:00:00')}' and created_at <= '${at(b, '23:00:00')}'`,
      ],
      [`startDate=${at(a, '12:00:00')}&endDate=${at(a, '12:00:00')}`, `created_at = '${at(a, '12:00:00')}'`],
    ] as const;
  }

  async function allEqual() {
    for (const table of tables) {
      for (const [query, where] of await cases()) {
        const got = await read(table, `${query}&page=1`);
        const want = await expected(table, where);
        expect([got.pagination.totalPayments, got.stats], `${table}?${query}`).toEqual([
          want.total,
          want.stats,
        ]);
      }
    }
  }

  it('answers the status and date cards from the kept days, not by summing the payments', async () => {
    const [r] = await rows(
      t,
      sql`select day::text as day, status from payment_days where table_name = 'ton_payments' order by day desc limit 1 offset 5`,
    );
    const bump = (n: number) =>
      rows(
        t,
        sql`update payment_days set payments = payments + ${n} where table_name = 'ton_payments' and day = ${r!.day}::date and status = ${r!.status} and slot = (select min(slot) from payment_days where table_name = 'ton_payments' and day = ${r!.day}::date and status = ${r!.status})`,
      );
    const queries = [
      'page=1',
      `status=${String(r!.status)}`,
      `startDate=${String(r!.day)}&endDate=${String(r!.day)}`,
    ];
    const before = await Promise.all(queries.map(ton));
    await bump(5);
    const after = await Promise.all(queries.map(ton));
    await bump(-5);
    expect(after.map((d) => d.pagination.totalPayments)).toEqual(
      before.map((d) => d.pagination.totalPayments + 5),
    );
  });

  it('equal the plain sums for whole, partial and bare-date bounds', allEqual);

  it('stay equal after inserts on day edges, updates of amount, fee, status and date, and deletes, in both tables', async () => {
    const someone = sql`(select min(telegram_id) from users)`;
    // Midnight, the last microsecond of a day, a start bound exactly, around the ends.
    const edges = sql`(select (d + x)::timestamptz at time zone 'UTC' as at from (select date_trunc('day', max(created_at) at time zone 'UTC') - interval '3 days' as d from ton_payments) m,
      (values (interval '0'), (interval '1 day' - interval '1 microsecond'), (interval '7 hours 30 minutes'), (interval '18 hours'), (interval '1 day'), (interval '-1 microsecond')) v(x))`;
    await rows(
      t,
      sql`insert into ton_payments (telegram_id, transaction_id, type, amount, fee, status, created_at) select ${someone}, md5(at::text), 'deposit', 1.000000001, 0.000000001, true, at from ${edges} e`,
    );
    await rows(
      t,
      sql`insert into stars_payments (telegram_id, transaction_id, type, amount, fee, status, created_at) select ${someone}, 'edge' || at, 'deposit', 3, 1, false, at from ${edges} e`,
    );
    await rows(
      t,
      sql`insert into ton_payments (telegram_id, transaction_id, type, amount, fee, status) select ${someone}, md5(g::text), 'deposit', g * 0.123456789, 0.0001 * g, g % 2 = 0 from generate_series(1, 30) g`,
    );
    await rows(
      t,
      sql`insert into stars_payments (telegram_id, transaction_id, type, amount, fee, status) select ${someone}, 'stxt' || g, 'deposit', g * 7, g, g % 3 = 0 from generate_series(1, 30) g`,
    );
    await allEqual();
    for (const table of tables) {
      await rows(
        t,
        sql.raw(
          `update ${table} set status = not status where id in (select id from ${table} order by id desc limit 7)`,
        ),
      );
      await rows(
        t,
        sql.raw(
          `update ${table} set amount = amount + 2, fee = fee + 1 where id in (select id from ${table} order by id limit 9)`,
        ),
      );
      await rows(
        t,
        sql.raw(`update ${table} set type = type where id in (select id from ${table} order by id limit 3)`),
      );
      await rows(
        t,
        sql.raw(
          `update ${table} set created_at = created_at - interval '2 days', status = not status where id in (select id from ${table} order by id limit 5 offset 20)`,
        ),
      );
      await rows(
        t,
        sql.raw(`delete from ${table} where id in (select id from ${table} order by id desc limit 4)`),
      );
      await rows(
        t,
        sql.raw(`delete from ${table} where id in (select id from ${table} order by created_at limit 3)`),
      );
    }
    await allEqual();
  });

  it('rebuilds to the same days, and follows a truncate', async () => {
    const kept = sql`select table_name, day::text, status, sum(payments)::text as n, sum(amount)::numeric::text as amount, sum(fee)::text as fee
      from payment_days group by 1, 2, 3 having sum(payments) <> 0 order by 1, 2, 3`;
    const before = await rows(t, kept);
    await rows(t, sql`select payment_days_rebuild()`);
    expect(await rows(t, kept)).toEqual(before);
    await rows(t, sql`truncate stars_payments`);
    const empty = await stars('page=1');
    expect([empty.pagination.totalPayments, empty.stats.totalAmount, empty.stats.completedCount]).toEqual([
      0, 0, 0,
    ]);
    await allEqual();
  });
});
