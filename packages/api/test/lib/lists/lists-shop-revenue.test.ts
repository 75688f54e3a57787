import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FAR_OFFSET } from '../../../src/lib/lists';
import { signedInApp, type TestApp } from '../../support/helper';
import { listReader } from './lists-support';

/*
 * The orders page's revenue cards and total come from the daily rollup shop_order_days (plus
 * the exact orders of a partial first day); they must equal the plain scan of shop_orders for
 * every filter, before and after every kind of write. Its own app: these tests delete and
 * truncate orders. Runs on PGlite and, with TEST_DATABASE_URL, on PostgreSQL.
 */
let t: TestApp;
let read: ReturnType<typeof listReader>;
beforeAll(async () => {
  const signed = await signedInApp({ users: 60 });
  t = signed.t;
  read = listReader(t, signed.token);
  // Orders over a few days, some exactly at midnight UTC and just before it, some of no item.
  await rows(sql`
    with items as (select array_agg(id order by id) as ids from shop_items)
    insert into shop_orders (telegram_id, shop_item_id, price, currency, created_at)
    select (select min(telegram_id) from users), case when g % 7 = 0 then null else ids[1 + g % cardinality(ids)] end,
      (g % 13) * 0.123456789 + 1, (array['TON', 'STAR', 'RED_CHIP', 'PLAY'])[1 + g % 4],
      timestamptz '2026-10-01 00:00:00+00' + (g / 40) * interval '1 day' + case g % 5 when 0 then interval '0' when 1 then interval '1 day' - interval '1 microsecond' else (g % 97) * interval '7 minutes' end
    from generate_series(1, 400) g, items`);
});
afterAll(async () => {
  await t?.close();
});

const rows = async (q: ReturnType<typeof sql>) =>
  ((await t.db.execute(q)) as unknown as { rows: Array<Record<string, unknown>> }).rows;

interface Filters {
  currency?: string;
  type?: string;
  from?: string;
}

/** The cards as a full scan of shop_orders gives them (the type read from shop_items, as the page filters). */
async function scanned(f: Filters) {
  const [row] = await rows(sql`
    select count(*)::text as total,
      coalesce(sum(price) filter (where currency = 'TON'), 0)::text as ton,
      coalesce(sum(price) filter (where currency = 'STAR'), 0)::text as star,
      coalesce(sum(price) filter (where currency = 'RED_CHIP'), 0)::text as red_chip
    from shop_orders
    where (${f.currency ?? null}::text is null or currency = ${f.currency ?? null})
      and (${f.type ?? null}::text is null or shop_item_id in (select id from shop_items where type = ${f.type ?? null}))
      and (${f.from ?? null}::timestamptz is null or created_at >= ${f.from ?? null}::timestamptz)`);
  return {
    total: Number(row!.total),
    ton: Number(row!.ton),
    star: Number(row!.star),
    redChip: Number(row!.red_chip),
  };
}

const query = (f: Filters, extra = 'page=1') =>
  [extra, ...Object.entries(f).map(([k, v]) => `${k}=${encodeURIComponent(v)}`)].filter(Boolean).join('&');

/** Every combination of the filters, each answered as the scan answers it. */
async function everyFilterMatches() {
  const [type] = (await rows(sql`select type from shop_items order by id limit 1`)).map(
    (r) => r.type as string,
  );
  const froms = [
    undefined,
    '2026-10-03T00:00:00.000Z', // a day boundary: whole days only
    '2026-10-03T09:30:00.123Z', // mid-day: the rest of that day counted from the orders
    '2026-10-04T23:59:59.999Z',
    '2026-09-01T12:00:00.000Z', // before every order
    '2030-01-01T00:00:00.000Z', // after every order
  ];
  for (const currency of [undefined, 'TON', 'STAR', 'PLAY'])
    for (const itemType of [undefined, type!, 'NICKNAME'])
      for (const from of froms) {
        const f: Filters = {
          ...(currency && { currency }),
          ...(itemType && { type: itemType }),
          ...(from && { from }),
        };
        const page = await read.data(`/shop-orders?${query(f)}`);
        const want = await scanned(f);
        expect(page.revenue, JSON.stringify(f)).toEqual(want);
        expect(page.pagination.totalOrders, JSON.stringify(f)).toBe(want.total);
      }
}

describe('shop orders revenue and total from the daily rollup', () => {
  it('equal the full scan for no filter, each filter and their combinations, from at a day boundary and mid-day', async () => {
    expect((await scanned({})).total).toBeGreaterThan(400);
    await everyFilterMatches();
  });

  it('are read from the rollup, not by summing the orders', async () => {
    const before = await read.data('/shop-orders?page=1');
    // A difference only the rollup holds (the orders are untouched) shows in the answer.
    const [key] = await rows(
      sql`select day::text, currency, shop_item_id, slot from shop_order_days limit 1`,
    );
    const bump = (n: number) =>
      rows(sql`update shop_order_days set orders = orders + ${n} where day = ${key!.day}::date and currency = ${key!.currency}
        and shop_item_id is not distinct from ${key!.shop_item_id}::int and slot = ${key!.slot}::smallint`);
    await bump(5);
    expect((await read.data('/shop-orders?page=1')).pagination.totalOrders).toBe(
      before.pagination.totalOrders + 5,
    );
    await bump(-5);
  });

  it('stay equal after inserts and updates of price, currency, created_at and item, an item retyped or deleted, deletes', async () => {
    const someone = sql`(select min(telegram_id) from users)`;
    await rows(sql`insert into shop_orders (telegram_id, shop_item_id, price, currency, created_at)
      select ${someone}, (select min(id) from shop_items), g * 0.000000001 + 3, 'TON', timestamptz '2026-10-03 00:00:00+00' + g * interval '1 hour' from generate_series(0, 30) g`);
    await rows(
      sql`update shop_orders set price = price + 0.5 where id in (select id from shop_orders order by created_at, id limit 9)`,
    );
    await rows(
      sql`update shop_orders set currency = 'STAR' where id in (select id from shop_orders where currency = 'TON' order by id limit 6)`,
    );
    await rows(
      sql`update shop_orders set created_at = created_at - interval '2 days 3 hours' where id in (select id from shop_orders order by id desc limit 11)`,
    );
    await rows(
      sql`update shop_orders set shop_item_id = (select max(id) from shop_items) where id in (select id from shop_orders where shop_item_id is null limit 5)`,
    );
    await rows(
      sql`update shop_orders set is_bundle = not is_bundle where id in (select id from shop_orders limit 5)`,
    );
    await everyFilterMatches();
    await rows(sql`update shop_items set type = 'NICKNAME' where id = (select min(id) from shop_items)`);
    // The item's orders lose it (ON DELETE SET NULL): they count under no type from then on.
    const [gone] = await rows(
      sql`select id from shop_items where id not in (select min(id) from shop_items) order by id limit 1`,
    );
    await rows(sql`delete from shop_items where id = ${gone!.id}`);
    await rows(
      sql`delete from shop_orders where id in (select id from shop_orders order by price desc, id limit 12)`,
    );
    await everyFilterMatches();
  });

  it('rebuild to the same totals, and follow a truncate', async () => {
    const kept = sql`select day::text, currency, shop_item_id, sum(orders)::text as n, sum(price)::text as price from shop_order_days
      group by 1, 2, 3 having sum(orders) <> 0 or sum(price) <> 0 order by 1, 2, 3 nulls first`;
    const before = await rows(kept);
    await rows(sql`select shop_order_days_rebuild()`);
    expect(await rows(kept)).toEqual(before);
    await rows(sql`truncate shop_orders`);
    expect(
      (await read.data('/shop-orders?page=1&currency=TON&from=2026-10-03T09:30:00.000Z')).revenue,
    ).toEqual({ total: 0, ton: 0, star: 0, redChip: 0 });
    await rows(
      sql`insert into shop_orders (telegram_id, price, currency, created_at) values ((select min(telegram_id) from users), 1.5, 'TON', '2026-10-05T10:00:00Z')`,
    );
    await everyFilterMatches();
  });
});

describe('shop orders deep pages', () => {
  it('a deep page of the default order (read from the oldest end) equals the same page read with OFFSET', async () => {
    await rows(sql`insert into shop_orders (telegram_id, shop_item_id, price, currency, created_at)
      select (select min(telegram_id) from users), (select min(id) from shop_items), 1 + g % 10, (array['TON', 'STAR'])[1 + g % 2],
        timestamptz '2026-09-01 00:00:00+00' + (g / 3) * interval '1 minute'
      from generate_series(1, 12000) g`);
    const limit = 100;
    const total = (await scanned({})).total;
    const from = '2026-09-01T05:00:00.000Z';
    const fromTotal = (await scanned({ from })).total;
    expect(fromTotal - 2 * limit).toBeGreaterThan(FAR_OFFSET);
    for (const [filters, page] of [
      ['', Math.ceil(total / limit) - 3],
      ['', Math.ceil(FAR_OFFSET / limit) + 1], // far, but nearer the newest end
      [`from=${from}`, Math.ceil(fromTotal / limit) - 1],
    ] as const) {
      const fast = await read.data(
        `/shop-orders?${[filters, `page=${page}&limit=${limit}`].filter(Boolean).join('&')}`,
      );
      // sort=-createdAt is the same order (ties by id descending), paged with OFFSET.
      const offset = await read.data(
        `/shop-orders?${[filters, `page=${page}&limit=${limit}&sort=-createdAt`].filter(Boolean).join('&')}`,
      );
      expect(fast.orders.length).toBeGreaterThan(0);
      expect(fast).toEqual(offset);
    }
    const last = Math.ceil(total / limit);
    const tail = await read.data(`/shop-orders?page=${last}&limit=${limit}`);
    const ids = await rows(
      sql`select id from shop_orders order by created_at desc, id desc limit ${limit} offset ${(last - 1) * limit}`,
    );
    expect(tail.orders.map((o: { id: string }) => o.id)).toEqual(ids.map((r) => r.id));
    expect((await read.data(`/shop-orders?page=${last + 1}&limit=${limit}`)).orders).toEqual([]);
  });
});
