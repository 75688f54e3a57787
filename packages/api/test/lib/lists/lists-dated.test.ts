import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInApp, type TestApp } from '../../support/helper';
import { listReader } from './lists-support';
import { rows } from '../../support/withdrawals-fixtures';

/*
 * The dated filtered pages (completed TON payments since a time, TON shop orders since a
 * time): whole days from the rollups, the partial first day summed from the covering indexes.
 * Their first page, total and cards must be what the plain query gives over the same rows,
 * before and after writes inside that partial day. Runs on PGlite and, with
 * TEST_DATABASE_URL, on PostgreSQL.
 */
let t: TestApp;
let read: ReturnType<typeof listReader>;
beforeAll(async () => {
  const signed = await signedInApp({ users: 40 });
  t = signed.t;
  read = listReader(t, signed.token);
  const someone = sql`(select min(telegram_id) from users)`;
  // Every 37 minutes over six days from 2026-10-01, so each day has rows before and after any hour.
  await rows(
    t,
    sql`insert into ton_payments (telegram_id, transaction_id, type, amount, fee, status, created_at)
    select ${someone}, md5('dated' || g), 'deposit', g * 0.000000007 + 1, (g % 5) * 0.01, g % 3 <> 0, timestamptz '2026-10-01 00:00:00+00' + g * interval '37 minutes'
    from generate_series(0, 233) g`,
  );
  await rows(
    t,
    sql`insert into stars_payments (telegram_id, transaction_id, type, amount, fee, status, created_at)
    select ${someone}, 'dated' || g, 'deposit', g + 1, g % 5, g % 3 <> 0, timestamptz '2026-10-01 00:00:00+00' + g * interval '37 minutes'
    from generate_series(0, 233) g`,
  );
  await rows(
    t,
    sql`insert into shop_orders (telegram_id, shop_item_id, price, currency, created_at)
    select ${someone}, (select min(id) from shop_items), g * 0.000000003 + 2, (array['TON', 'STAR', 'RED_CHIP'])[1 + g % 3], timestamptz '2026-10-01 00:00:00+00' + g * interval '37 minutes'
    from generate_series(0, 233) g`,
  );
});
afterAll(async () => {
  await t?.close();
});

const start = '2026-10-02T09:30:00.123Z';

async function tonPageMatches() {
  const got = await read.data(`/transactions/ton-payments?page=1&limit=20&status=true&startDate=${start}`);
  const ids = await rows(
    t,
    sql`select id from ton_payments where status and created_at >= ${start} order by created_at desc, id desc limit 20`,
  );
  const [want] = await rows(
    t,
    sql`select count(*)::int as n, coalesce(sum(amount), 0)::text as amount, coalesce(sum(fee), 0)::text as fee
    from ton_payments where status and created_at >= ${start}`,
  );
  expect(got.payments.map((p: { id: number }) => p.id)).toEqual(ids.map((r) => r.id));
  expect(got.pagination).toEqual({
    totalPages: Math.ceil((want!.n as number) / 20),
    currentPage: 1,
    totalPayments: want!.n,
  });
  expect(got.stats).toEqual({
    totalAmount: Number(want!.amount),
    totalFee: Number(want!.fee),
    completedAmount: Number(want!.amount),
    completedFee: Number(want!.fee),
    completedCount: want!.n,
    pendingCount: 0,
  });
}

async function shopPageMatches() {
  const got = await read.data(`/shop-orders?page=1&limit=15&currency=TON&from=${start}`);
  const ids = await rows(
    t,
    sql`select id from shop_orders where currency = 'TON' and created_at >= ${start} order by created_at desc, id desc limit 15`,
  );
  const [want] = await rows(
    t,
    sql`select count(*)::int as n, coalesce(sum(price), 0)::text as ton from shop_orders where currency = 'TON' and created_at >= ${start}`,
  );
  expect(got.orders.map((o: { id: string }) => o.id)).toEqual(ids.map((r) => r.id));
  expect(got.pagination).toEqual({
    totalPages: Math.ceil((want!.n as number) / 15),
    currentPage: 1,
    totalOrders: want!.n,
  });
  expect(got.revenue).toEqual({ total: want!.n, ton: Number(want!.ton), star: 0, redChip: 0 });
}

describe('dated filtered pages', () => {
  it('equal the plain query: first page, total and cards', async () => {
    await tonPageMatches();
    await shopPageMatches();
  });

  it('stay equal after inserts, updates and deletes inside the partial first day', async () => {
    const someone = sql`(select min(telegram_id) from users)`;
    // At the start exactly, a microsecond before it, and at the day's last microsecond.
    const edges = sql`(values (timestamptz '2026-10-02 09:30:00.123+00'), (timestamptz '2026-10-02 09:30:00.122999+00'), (timestamptz '2026-10-02 23:59:59.999999+00')) v(at)`;
    await rows(
      t,
      sql`insert into ton_payments (telegram_id, transaction_id, type, amount, fee, status, created_at) select ${someone}, md5(at::text), 'deposit', 5.5, 0.5, true, at from ${edges}`,
    );
    await rows(
      t,
      sql`insert into shop_orders (telegram_id, price, currency, created_at) select ${someone}, 7.25, 'TON', at from ${edges}`,
    );
    const partial = (table: string) =>
      sql.raw(
        `(select id from ${table} where created_at >= '${start}' and created_at < '2026-10-03' order by id limit 4)`,
      );
    await rows(
      t,
      sql`update ton_payments set status = not status, amount = amount + 1 where id in ${partial('ton_payments')}`,
    );
    await rows(
      t,
      sql`update shop_orders set currency = case currency when 'TON' then 'STAR' else 'TON' end, price = price + 1 where id in ${partial('shop_orders')}`,
    );
    await rows(
      t,
      sql`update ton_payments set created_at = created_at - interval '10 hours' where id in (select id from ton_payments where created_at >= '2026-10-02 12:00+00' order by id limit 3)`,
    );
    await rows(
      t,
      sql`update shop_orders set created_at = created_at + interval '10 hours' where id in (select id from shop_orders where created_at < '${sql.raw(start)}' order by created_at desc limit 3)`,
    );
    await rows(
      t,
      sql`delete from ton_payments where id in (select id from ton_payments where created_at >= ${start} order by created_at limit 2)`,
    );
    await rows(
      t,
      sql`delete from shop_orders where id in (select id from shop_orders where created_at >= ${start} order by created_at limit 2)`,
    );
    await tonPageMatches();
    await shopPageMatches();
  });

  it('sum a partial day from the index alone (amount, fee, price and item are index keys)', async () => {
    // Pages all-visible and counted, scans of the rows refused: an index scan that needs no
    // heap page is then the cheapest plan, if an index covers the sums.
    await rows(t, sql`vacuum analyze ton_payments, stars_payments, shop_orders`);
    const plan = (query: string) =>
      t.db.transaction(async (tx) => {
        await tx.execute(sql`set local enable_seqscan = off`);
        await tx.execute(sql`set local enable_bitmapscan = off`);
        const lines = (await tx.execute(sql.raw(`explain ${query}`))) as unknown as {
          rows: Array<Record<string, unknown>>;
        };
        return lines.rows.map((r) => String(r['QUERY PLAN'])).join('\n');
      });
    const day = `created_at >= '${start}' and created_at < '2026-10-03'`;
    for (const status of ['status = true', 'status in (true, false)'])
      for (const table of ['ton_payments', 'stars_payments'])
        expect(
          await plan(
            `select status, count(*), sum(amount), sum(fee) from ${table} where ${status} and ${day} group by status`,
          ),
        ).toContain(`Index Only Scan using ${table}_status_created_at_id_amount_fee_idx`);
    expect(
      await plan(
        `select currency, count(*), sum(price) from shop_orders where currency = 'TON' and shop_item_id in (1, 2) and ${day} group by currency`,
      ),
    ).toContain('Index Only Scan using shop_orders_currency_created_at_id_idx');
  });
});
