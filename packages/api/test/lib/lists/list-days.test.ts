import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInApp, type TestApp } from '../../support/helper';
import { rows } from '../../support/withdrawals-fixtures';
import { expectPlainPages, PLAIN_LISTS } from './plain-pages';

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
const kept = () =>
  run(
    `select list, day::text as day, sum(n)::int as n from list_days group by 1, 2 having sum(n) <> 0 order by 1, 2`,
  );
const scanned = () =>
  run(`select list, day::text as day, count(*)::int as n from (
      select 'users' as list, (created_at at time zone 'UTC')::date as day from users
      union all select 'users_premium', (created_at at time zone 'UTC')::date from users where is_premium
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

/** Every list paged by ids gets the spread's rows (users first: the others belong to `owner`). */
async function insertLists(base: string, days: number, batch: number) {
  const s = spread(base, days, batch);
  for (const list of PLAIN_LISTS) if (list.insert) await run(list.insert(s, owner));
}

describe('list_days', () => {
  it('counts every user (and premium player), game, listing and sale and the gifts not withdrawn per UTC day, through inserts, deletes, updates, truncate and rebuild', async () => {
    await run(`insert into users (telegram_id, username) values (8000000001, 'owner')`);
    await insertLists('2026-02-01', 40, 0);
    expect(await kept()).toEqual(await scanned());
    // Deletes over many days, a whole day emptied.
    await run(`delete from games where id % 7 = 0 or (created_at at time zone 'UTC')::date = '2026-02-03'`);
    await run(`delete from inventories where id % 11 = 0`);
    await run(`delete from users where telegram_id > 9000000000 and telegram_id % 13 = 0`);
    await run(
      `delete from marketplace_items where id % 7 = 2 or (created_at at time zone 'UTC')::date = '2026-02-05'`,
    );
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
    // Players turned premium and back, one moved across days while premium.
    await run(`update users set is_premium = not is_premium where telegram_id % 11 = 4`);
    await run(
      `update users set created_at = created_at - interval '1 day', is_premium = true where telegram_id % 19 = 7`,
    );
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
  }, 300_000);
});

describe('deep pages by day counts', () => {
  beforeAll(async () => {
    await run(
      `truncate users, games, inventories, shop_orders, ton_payments, stars_payments, marketplace_items, marketplace_orders cascade`,
    );
    await run(
      `insert into users (telegram_id, username, created_at) values (8000000001, 'owner', '2020-01-01')`,
    );
    await insertLists('2026-03-01', 90, 1);
    await run('analyze');
  }, 120_000);

  it('gives the plain newest-first rows on every page around each day boundary, from both ends, for every list', async () => {
    for (const list of PLAIN_LISTS) await expectPlainPages(t, token, list);
  }, 300_000);

  it('stays exact after inserts, deletes, emptied days, gifts withdrawn and back, truncate and rebuild', async () => {
    // A newer day, rows added to existing days, a day emptied, rows deleted across days.
    await insertLists('2026-06-05', 3, 2);
    for (const { table } of PLAIN_LISTS) {
      const key =
        table === 'users' ? 'telegram_id' : table === 'shop_orders' ? 'abs(hashtext(id::text))' : 'id';
      await run(
        `delete from ${table} where ${table === 'users' ? 'telegram_id > 9000000000 and ' : ''}(${key} % 13 = 0 or (created_at at time zone 'UTC')::date = '2026-04-10')`,
      );
    }
    await run(`update inventories set status = 'withdrawn' where id % 10 = 1 and status <> 'withdrawn'`);
    await run(`update inventories set status = 'available' where id % 6 = 0 and status = 'withdrawn'`);
    for (const list of PLAIN_LISTS) await expectPlainPages(t, token, list);
    // Truncated and filled again; then the counts rebuilt from the rows (one slot).
    await run(`truncate games, inventories, marketplace_items, marketplace_orders cascade`);
    await run(`delete from users where telegram_id > 9000000000`);
    await insertLists('2026-03-01', 90, 3);
    await run(`select list_days_rebuild()`);
    expect(await kept()).toEqual(await scanned());
    for (const list of PLAIN_LISTS) await expectPlainPages(t, token, list);
  }, 300_000);
});
