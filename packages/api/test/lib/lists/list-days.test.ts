import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FAR_OFFSET } from '../../../src/lib/pagination';
import { signedInApp, type TestApp } from '../../support/helper';
import { rows } from '../../support/withdrawals-fixtures';

/**
 * Deep pages entered at the UTC day that holds them (docs/decisions, "deep pages positioned
 * by day counts"): list_days' counts against a full scan, and every list's pages around each
 * day boundary against the plain `ORDER BY created_at desc, id desc OFFSET`.
 */
let t: TestApp;
let token: string;
beforeAll(async () => {
  ({ t, token } = await signedInApp({}));
}, 120_000);
afterAll(async () => {
  await t?.close();
});

const run = (text: string) => rows(t, sql.raw(text));

/** Rows per list and UTC day, from list_days and from the tables themselves. */
const kept = () => run(`select list, day::text as day, sum(n)::int as n from list_days group by 1, 2 having sum(n) <> 0 order by 1, 2`);
const scanned = () =>
  run(`select list, day::text as day, count(*)::int as n from (
      select 'users' as list, (created_at at time zone 'UTC')::date as day from users
      union all select 'games', (created_at at time zone 'UTC')::date from games
      union all select 'marketplace_items', (created_at at time zone 'UTC')::date from marketplace_items
      union all select 'marketplace_orders', (created_at at time zone 'UTC')::date from marketplace_orders
      union all select 'inventories', (created_at at time zone 'UTC')::date from inventories where status <> 'withdrawn') r
    group by 1, 2 order by 1, 2`);

/**
 * `count` rows a day over `days` days from `base` (day d holds `(d * 97) % 400` rows, every
 * ninth day none): the first at midnight, the second one microsecond before the next, the
 * rest on 97 times of the day, many sharing one (the id decides between them). `batch` keeps
 * the users' ids of each call apart.
 */
const spread = (base: string, days: number, batch: number) => `
  select timestamptz '${base}' + d * interval '1 day' + case k when 1 then interval '0' when 2 then interval '1 day' - interval '1 microsecond'
    else ((k * 7919) % 97) * interval '10 minutes' end as at, ${batch * 1_000_000} + d * 1000 + k as g
  from generate_series(0, ${days - 1}) d, generate_series(1, case when d % 9 = 4 then 0 else (d * 97) % 400 + 1 end) k`;

const owner = '(select min(telegram_id) from users)';
const REWARDS = `'{"ton":0,"stars":0,"nfts":[],"totalAmount":0}'`;

async function insertLists(base: string, days: number, batch: number) {
  const s = spread(base, days, batch);
  await run(`insert into users (telegram_id, username, created_at) select 9000000000 + g, 'day' || g, at from (${s}) s`);
  await run(`insert into games (room_code, player1_id, status, player1_rewards, player2_rewards, created_at)
    select 'R' || g, ${owner}, 'finished', ${REWARDS}, ${REWARDS}, at from (${s}) s`);
  await run(`insert into inventories (telegram_id, name, base_name, gift_number, price, status, created_at)
    select ${owner}, 'Gift-' || g, 'Gift', g, 1, case when g % 5 = 0 then 'withdrawn' else 'available' end, at from (${s}) s`);
  await run(`insert into shop_orders (telegram_id, price, currency, created_at) select ${owner}, 1, 'TON', at from (${s}) s`);
  await run(`insert into marketplace_items (name, price, telegram_id, created_at) select 'Gift-' || g, 1, ${owner}, at from (${s}) s`);
  await run(`insert into marketplace_orders (item_name, buyer_id, seller_id, price, total_price, created_at) select 'Gift-' || g, ${owner}, ${owner}, 1, 1, at from (${s}) s`);
  for (const table of ['ton_payments', 'stars_payments']) {
    await run(`insert into ${table} (telegram_id, transaction_id, type, amount, fee, status, created_at)
      select ${owner}, md5(g::text || random()::text), 'deposit', 1, 0, g % 3 = 0, at from (${s}) s`);
  }
}

describe('list_days', () => {
  it('counts every user, game, listing and sale and the gifts not withdrawn per UTC day, through inserts, deletes, updates, truncate and rebuild', async () => {
    await run(`insert into users (telegram_id, username) values (8000000001, 'owner')`);
    await insertLists('2026-02-01', 40, 0);
    expect(await kept()).toEqual(await scanned());
    // Deletes over many days, a whole day emptied.
    await run(`delete from games where id % 7 = 0 or (created_at at time zone 'UTC')::date = '2026-02-03'`);
    await run(`delete from inventories where id % 11 = 0`);
    await run(`delete from users where telegram_id > 9000000000 and telegram_id % 13 = 0`);
    await run(`delete from marketplace_items where id % 7 = 2 or (created_at at time zone 'UTC')::date = '2026-02-05'`);
    await run(`delete from marketplace_orders where id % 5 = 1`);
    expect(await kept()).toEqual(await scanned());
    // Gifts withdrawn and back, in bulk across days; a status change that keeps them on the list.
    await run(`update inventories set status = 'withdrawn' where id % 4 = 1 and status <> 'withdrawn'`);
    await run(`update inventories set status = 'available' where id % 6 = 0 and status = 'withdrawn'`);
    await run(`update inventories set status = 'listed' where id % 10 = 3 and status = 'available'`);
    expect(await kept()).toEqual(await scanned());
    // Creation dates moved within and across days, and an update of another column.
    await run(`update inventories set created_at = created_at + interval '30 hours' where id % 8 = 2`);
    await run(`update games set created_at = created_at - interval '3 days' where id % 9 = 5`);
    await run(`update games set created_at = created_at + interval '1 minute' where id % 9 = 6`);
    await run(`update users set created_at = created_at + interval '2 days' where telegram_id % 17 = 3`);
    await run(`update users set username = username || 'x' where telegram_id % 5 = 0`);
    await run(`update marketplace_items set created_at = created_at + interval '26 hours' where id % 6 = 1`);
    await run(`update marketplace_orders set created_at = created_at - interval '2 days' where id % 7 = 3`);
    await run(`update marketplace_items set price = price + 1 where id % 3 = 0`);
    expect(await kept()).toEqual(await scanned());
    await run(`truncate games, marketplace_orders cascade`);
    expect((await kept()).filter((r) => r.list === 'games' || r.list === 'marketplace_orders')).toEqual([]);
    expect(await kept()).toEqual(await scanned());
    await run(`select list_days_rebuild()`);
    expect(await kept()).toEqual(await scanned());
    expect(Number((await run(`select count(*) as n from list_days where slot <> 0`))[0]!.n)).toBe(0);
  });
});

interface List {
  name: string;
  url: string;
  limit: number;
  table: string;
  id: string;
  where: string;
  ids: (data: Record<string, { id?: unknown; telegramId?: unknown }[]>) => unknown[];
}
const LISTS: List[] = [
  { name: 'users', url: '/manager/users', limit: 50, table: 'users', id: 'telegram_id', where: 'true', ids: (d) => d.users!.map((u) => u.telegramId) },
  { name: 'games', url: '/manager/game/history', limit: 20, table: 'games', id: 'id', where: 'true', ids: (d) => d.games!.map((g) => g.id) },
  { name: 'inventory', url: '/manager/transactions/inventory', limit: 20, table: 'inventories', id: 'id', where: `status <> 'withdrawn'`, ids: (d) => d.items!.map((i) => i.id) },
  { name: 'shop orders', url: '/manager/shop-orders', limit: 15, table: 'shop_orders', id: 'id', where: 'true', ids: (d) => d.orders!.map((o) => o.id) },
  { name: 'TON', url: '/manager/transactions/ton-payments', limit: 20, table: 'ton_payments', id: 'id', where: 'true', ids: (d) => d.payments!.map((p) => p.id) },
  { name: 'Stars', url: '/manager/transactions/stars-payments', limit: 20, table: 'stars_payments', id: 'id', where: 'true', ids: (d) => d.payments!.map((p) => p.id) },
  { name: 'listings', url: '/manager/marketplace', limit: 20, table: 'marketplace_items', id: 'id', where: 'true', ids: (d) => d.items!.map((i) => i.id) },
  { name: 'sales', url: '/manager/marketplace/orders', limit: 20, table: 'marketplace_orders', id: 'id', where: 'true', ids: (d) => d.orders!.map((o) => o.id) },
];

/**
 * Each list's pages from FAR_OFFSET on that hold a day's last or first row (so pages that
 * span two days), the page at 90%, the last two and one past the end, against the plain query.
 */
async function expectPlainPages(list: List) {
  const { limit } = list;
  const days = await run(`select count(*)::int as n from ${list.table} where ${list.where} group by (created_at at time zone 'UTC')::date order by 1 desc`);
  const total = Number((await run(`select count(*) as n from ${list.table} where ${list.where}`))[0]!.n);
  const last = Math.ceil(total / limit);
  expect(total, `${list.name}: deep pages from both ends`).toBeGreaterThan(FAR_OFFSET * 2 + limit);
  const pages = new Set([Math.floor(last * 0.9), last - 1, last, last + 1]);
  let before = 0;
  for (const { n } of days as { n: number }[]) {
    before += n;
    for (const row of [before - 1, before]) if (row >= FAR_OFFSET) pages.add(Math.floor(row / limit) + 1);
  }
  for (const page of [...pages].sort((a, b) => a - b)) {
    const res = await t.call({ method: 'GET', url: `${list.url}?page=${page}&limit=${limit}`, token });
    expect(res.statusCode, res.body).toBe(200);
    const want = await run(`select ${list.id} as id from ${list.table} where ${list.where} order by created_at desc, ${list.id} desc limit ${limit} offset ${(page - 1) * limit}`);
    expect(list.ids(res.json().data).map(String), `${list.name} page ${page}`).toEqual(want.map((r) => String(r.id)));
    const pagination = res.json().data.pagination as Record<string, number>;
    const totalKey = Object.keys(pagination).find((k) => k.startsWith('total') && k !== 'totalPages')!;
    expect(pagination[totalKey], `${list.name} total`).toBe(total);
  }
}

describe('deep pages by day counts', () => {
  beforeAll(async () => {
    await run(`truncate users, games, inventories, shop_orders, ton_payments, stars_payments, marketplace_items, marketplace_orders cascade`);
    await run(`insert into users (telegram_id, username, created_at) values (8000000001, 'owner', '2020-01-01')`);
    await insertLists('2026-03-01', 90, 1);
    await run('analyze');
  }, 120_000);

  it('gives the plain newest-first rows on every page around each day boundary, from both ends, for every list', async () => {
    for (const list of LISTS) await expectPlainPages(list);
  }, 300_000);

  it('stays exact after inserts, deletes, emptied days, gifts withdrawn and back, truncate and rebuild', async () => {
    // A newer day, rows added to existing days, a day emptied, rows deleted across days.
    await insertLists('2026-06-05', 3, 2);
    for (const table of ['users', 'games', 'inventories', 'shop_orders', 'ton_payments', 'stars_payments', 'marketplace_items', 'marketplace_orders']) {
      const key = table === 'users' ? 'telegram_id' : table === 'shop_orders' ? 'abs(hashtext(id::text))' : 'id';
      await run(`delete from ${table} where ${table === 'users' ? 'telegram_id > 9000000000 and ' : ''}(${key} % 13 = 0 or (created_at at time zone 'UTC')::date = '2026-04-10')`);
    }
    await run(`update inventories set status = 'withdrawn' where id % 10 = 1 and status <> 'withdrawn'`);
    await run(`update inventories set status = 'available' where id % 6 = 0 and status = 'withdrawn'`);
    for (const list of LISTS) await expectPlainPages(list);
    // Truncated and filled again; then the counts rebuilt from the rows (one slot).
    await run(`truncate games, inventories, marketplace_items, marketplace_orders cascade`);
    await run(`delete from users where telegram_id > 9000000000`);
    await insertLists('2026-03-01', 90, 3);
    await run(`select list_days_rebuild()`);
    expect(await kept()).toEqual(await scanned());
    for (const list of LISTS) await expectPlainPages(list);
  }, 300_000);
});
