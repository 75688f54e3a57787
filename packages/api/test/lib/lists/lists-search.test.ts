import { count, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { likePattern } from '../../../src/lib/search';
import { inventorySearchPage } from '../../../src/inventory/repository';
import { marketplaceOrders } from '../../../src/db/schema/index';
import {
  MANY_USERS,
  manyUsersMatch,
  marketplaceOrderSearchCount,
  marketplaceOrderSearchPage,
  marketplaceOrdersWhere,
} from '../../../src/marketplace/repository';
import { signedInApp, type TestApp } from '../../support/helper';
import { rows } from '../../support/withdrawals-fixtures';

/**
 * The searched first pages of the inventory, marketplace sales and game history against the
 * plain SQL of each search (one OR over the rows, count(*) and ORDER BY ... LIMIT): the same
 * total and the same ids, including the inventory's trigger-kept counts per name stem through
 * inserts, updates, deletes, a rebuild and a truncate. PGlite, and PostgreSQL with
 * TEST_DATABASE_URL.
 */
let t: TestApp;
let token: string;

beforeAll(async () => {
  ({ t, token } = await signedInApp({ users: 120 }));
}, 120_000);
afterAll(async () => {
  await t?.close();
});

const LIMIT = 20;
const quote = (text: string) => `'${text.replace(/'/g, "''")}'`;

/** The page and its total as the API answers them. */
async function answered(path: string, key: string, totalKey: string, search: string) {
  const res = await t.call({
    method: 'GET',
    url: `/manager${path}?page=1&limit=${LIMIT}&search=${encodeURIComponent(search)}`,
    token,
  });
  expect(res.statusCode, res.body).toBe(200);
  const data = res.json().data;
  return {
    ids: (data[key] as { id: number }[]).map((r) => r.id),
    total: data.pagination[totalKey] as number,
  };
}

/** The same by the plain SQL: `where` over `table`, counted and ordered newest first. */
async function scanned(table: string, where: string) {
  const [{ n }] = (await rows(t, sql.raw(`select count(*)::int as n from ${table} where ${where}`))) as [
    { n: number },
  ];
  const ids = (
    await rows(
      t,
      sql.raw(`select id from ${table} where ${where} order by created_at desc, id desc limit ${LIMIT}`),
    )
  ).map((r) => Number(r.id));
  return { ids, total: Number(n) };
}

const inventoryWhere = (search: string) => {
  const p = quote(likePattern(search));
  return `status <> 'withdrawn' and (name ilike ${p} or base_name ilike ${p})`;
};

/** A search of the inventory answers what the plain SQL counts and pages; returns the total. */
async function inventoryExact(search: string) {
  const got = await answered('/transactions/inventory', 'items', 'totalItems', search);
  expect(got, `inventory search ${search}`).toEqual(await scanned('inventories', inventoryWhere(search)));
  return got.total;
}

const firstWord = async (query: string) =>
  String((await rows(t, sql.raw(query)))[0]!.v).match(/[A-Za-z]{4,}/)![0];

describe('inventory search', () => {
  /** Searches with some, many, no and escaped matches (a word of a name, a collection's, one letter, LIKE's wildcards). */
  let searches: string[];
  beforeAll(async () => {
    const name = await firstWord(
      `select name as v from inventories where status <> 'withdrawn' order by created_at desc, id desc limit 1`,
    );
    const collection = await firstWord(`select base_name as v from inventories order by id limit 1`);
    // A whole name and a number go past the stems (counted on the gifts); the rest use them.
    const whole = String(
      (
        await rows(
          t,
          sql.raw(`select name as v from inventories where status <> 'withdrawn' order by id limit 1`),
        )
      )[0]!.v,
    );
    searches = [name, collection, collection.toLowerCase(), 'a', 'e-1', '1', whole, '%', '_', 'no such gift'];
  });
  const allExact = async () => {
    for (const s of searches) await inventoryExact(s);
  };

  it('counts from the kept counts per name stem and collection, not the gifts', async () => {
    const search = searches[0]!;
    const before = await inventoryExact(search);
    expect(before).toBeGreaterThan(0);
    const bump = (n: number) =>
      rows(
        t,
        sql`update inventory_name_counts set gifts = gifts + ${n} where (name_stem, base_name, slot) = (select name_stem, base_name, slot from inventory_name_counts where name_stem ilike ${likePattern(search)} order by name_stem, base_name, slot limit 1)`,
      );
    await bump(3);
    expect((await answered('/transactions/inventory', 'items', 'totalItems', search)).total).toBe(before + 3);
    await bump(-3);
    await allExact();
  });

  it('stays exact through inserts, updates of the kept columns and deletes', async () => {
    const owner = `(select min(telegram_id) from users)`;
    // Several rows a statement: new names, names that exist, withdrawn ones.
    await rows(
      t,
      sql.raw(`insert into inventories (telegram_id, name, base_name, status)
      select ${owner}, case when g % 3 = 0 then 'NewGift-' || g else (select name from inventories order by id limit 1) end,
        case when g % 2 = 0 then 'New Gift' else (select base_name from inventories order by id limit 1) end,
        case when g % 5 = 0 then 'withdrawn' else 'available' end
      from generate_series(1, 30) g`),
    );
    searches.push('NewGift', 'New Gift');
    await allExact();
    await rows(
      t,
      sql.raw(
        `update inventories set status = 'withdrawn' where id in (select id from inventories where status <> 'withdrawn' order by id desc limit 9)`,
      ),
    );
    await rows(
      t,
      sql.raw(
        `update inventories set status = 'available' where id in (select id from inventories where status = 'withdrawn' order by id limit 4)`,
      ),
    );
    await rows(
      t,
      sql.raw(
        `update inventories set status = 'listed' where id in (select id from inventories where status = 'available' order by id limit 6)`,
      ),
    );
    await allExact();
    await rows(
      t,
      sql.raw(
        `update inventories set name = 'Renamed-' || id where id in (select id from inventories order by id limit 5)`,
      ),
    );
    await rows(
      t,
      sql.raw(
        `update inventories set base_name = 'Other Set', status = 'withdrawn' where id in (select id from inventories where status <> 'withdrawn' order by id desc limit 3)`,
      ),
    );
    await rows(
      t,
      sql.raw(
        `update inventories set price = price + 1 where id in (select id from inventories order by id limit 7)`,
      ),
    );
    searches.push('Renamed', 'Other Set');
    await allExact();
    await rows(
      t,
      sql.raw(
        `delete from inventories where id in (select id from inventories where id not in (select inventory_id from marketplace_items where inventory_id is not null) order by id desc limit 12)`,
      ),
    );
    await allExact();
  });

  it('stays exact through simultaneous writers (on PostgreSQL, several connections and slots)', async () => {
    const owner = `(select min(telegram_id) from users)`;
    await Promise.all(
      Array.from({ length: 12 }, (_, k) =>
        rows(
          t,
          sql.raw(
            `insert into inventories (telegram_id, name, base_name) select ${owner}, 'Busy-' || (g % 3), 'Busy Set' from generate_series(1, ${k + 1}) g`,
          ),
        ),
      ),
    );
    searches.push('Busy');
    await allExact();
  });

  it('reads any slice in either direction as the plain ORDER BY ... OFFSET does (merged per stem, or sorted)', async () => {
    // Stems shared by two collections, and names that are not slugs.
    await rows(
      t,
      sql.raw(`insert into inventories (telegram_id, name, base_name, created_at)
      select (select min(telegram_id) from users), case when g % 4 = 0 then 'Twin' else 'Twin-' || g end, case when g % 2 = 0 then 'Twin A' else 'Twin B' end,
        timestamptz '2024-01-01' + (g % 7) * interval '1 hour'
      from generate_series(1, 40) g`),
    );
    for (const search of [...searches, 'Twin', 'twin a']) {
      for (const newestFirst of [true, false]) {
        const dir = newestFirst ? 'desc' : 'asc';
        for (const offset of [0, 5, 17, 40]) {
          const plain = (
            await rows(
              t,
              sql.raw(
                `select id from inventories where ${inventoryWhere(search)} order by created_at ${dir}, id ${dir} limit 7 offset ${offset}`,
              ),
            )
          ).map((r) => Number(r.id));
          expect(
            await inventorySearchPage(t.db, search, { newestFirst, limit: 7, offset }),
            `${search} ${dir} ${offset}`,
          ).toEqual(plain);
        }
      }
    }
    await allExact();
  });

  it('rebuilds to the same counts, and follows a truncate', async () => {
    const kept = () =>
      rows(
        t,
        sql`select name_stem, base_name, sum(gifts)::int as gifts from inventory_name_counts group by 1, 2 having sum(gifts) <> 0 order by 1, 2`,
      );
    const before = await kept();
    await rows(t, sql`select inventory_name_counts_rebuild()`);
    expect(await kept()).toEqual(before);
    await rows(t, sql`truncate inventories cascade`);
    expect(await kept()).toEqual([]);
    for (const s of searches) expect(await inventoryExact(s)).toBe(0);
  });
});

describe('marketplace sales search', () => {
  const where = (search: string) => {
    const p = quote(likePattern(search));
    const n = /^#?\d{1,9}$/.test(search) ? Number(search.replace('#', '')) : null;
    const users = `(select telegram_id from users where username ilike ${p})`;
    return `(item_name ilike ${p}${n === null ? '' : ` or gift_number = ${n}`} or buyer_id in ${users} or seller_id in ${users})`;
  };
  const exact = async (search: string) => {
    const got = await answered('/marketplace/orders', 'orders', 'totalOrders', search);
    expect(got, `sales search ${search}`).toEqual(await scanned('marketplace_orders', where(search)));
    return got.total;
  };
  let searches: string[];
  const allExact = async () => {
    for (const s of searches) await exact(s);
  };
  let buyer: string;
  let seller: string;

  beforeAll(async () => {
    const [sale] = await rows(
      t,
      sql`select o.item_name, o.gift_number, b.username as buyer, s.username as seller from marketplace_orders o
      join users b on b.telegram_id = o.buyer_id join users s on s.telegram_id = o.seller_id order by o.created_at desc, o.id desc limit 1`,
    );
    expect(sale).toBeDefined();
    [buyer, seller] = [String(sale!.buyer), String(sale!.seller)];
    const word = String(sale!.item_name).match(/[A-Za-z]{4,}/)![0];
    // A whole name (with its "-<number>") is counted on the sales; a word through the stems.
    searches = [
      word,
      String(sale!.item_name),
      buyer,
      seller,
      `#${sale!.gift_number}`,
      String(sale!.gift_number),
      '7',
      'a',
      '%',
      'no such sale',
    ];
  });

  it('answers what the plain OR counts and pages: item names, gift numbers, buyers and sellers, each sale once', async () => {
    // Sales whose name and buyer both match, counted once.
    await rows(
      t,
      sql`insert into marketplace_orders (item_name, gift_number, buyer_id, seller_id, price, total_price)
      select ${buyer} || '-' || g, g, (select telegram_id from users where username = ${buyer}), (select telegram_id from users where username = ${seller}), 1, 1
      from generate_series(1, 25) g`,
    );
    await allExact();
    expect(await exact(buyer)).toBeGreaterThan(LIMIT);
  });

  it('reads any slice in either direction as the plain ORDER BY ... OFFSET does (the deep pages read from the oldest end)', async () => {
    for (const search of [buyer, searches[0]!, 'a']) {
      for (const newestFirst of [true, false]) {
        const dir = newestFirst ? 'desc' : 'asc';
        for (const offset of [0, 5, 17, 40]) {
          const plain = (
            await rows(
              t,
              sql.raw(
                `select id from marketplace_orders where ${where(search)} order by created_at ${dir}, id ${dir} limit 7 offset ${offset}`,
              ),
            )
          ).map((r) => Number(r.id));
          expect(
            await marketplaceOrderSearchPage(t.db, search, newestFirst, 7, offset),
            `${search} ${dir} ${offset}`,
          ).toEqual(plain);
        }
      }
    }
  });

  // Thousands of users inserted and searched on PGlite: about half a minute on two busy cores.
  it(
    'answers the same whether few users match (per-user reads) or many (the sales walked, each probing its buyer and seller)',
    { timeout: 120_000 },
    async () => {
      // MANY_USERS + 5 users named "crowd…", some of them buyers or sellers; "crowd5" matches
      // fewer than MANY_USERS of them, "crowd" all.
      await rows(
        t,
        sql.raw(
          `insert into users (telegram_id, username) select 7000000000 + g, 'crowd' || g from generate_series(1, ${MANY_USERS + 5}) g`,
        ),
      );
      await rows(
        t,
        sql.raw(`insert into marketplace_orders (item_name, gift_number, buyer_id, seller_id, price, total_price)
      select 'Crowd Gift-' || g, g, case when g % 3 = 0 then 7000000000 + g * 97 else (select min(telegram_id) from users) end,
        case when g % 4 = 1 then 7000000000 + g * 89 else (select min(telegram_id) from users) end, 1, 1
      from generate_series(1, 60) g`),
      );
      const few = Number(
        (await rows(t, sql.raw(`select count(*) as n from users where username ilike '%crowd5%'`)))[0]!.n,
      );
      expect(few).toBeLessThan(MANY_USERS);
      expect(await manyUsersMatch(t.db, 'crowd')).toBe(true);
      expect(await manyUsersMatch(t.db, 'crowd5')).toBe(false);
      for (const search of ['crowd', 'crowd5', 'Crowd', 'rowd1', buyer]) {
        expect(await exact(search), search).toBeGreaterThan(0);
        // Each form forced, and both behind the bound (as the exports read them).
        const [{ n }] = (await rows(
          t,
          sql.raw(`select count(*)::int as n from marketplace_orders where ${where(search)}`),
        )) as [{ n: number }];
        for (const manyUsers of [true, false])
          expect(
            await marketplaceOrderSearchCount(t.db, search, manyUsers),
            `${search} count ${manyUsers}`,
          ).toBe(Number(n));
        expect(
          (
            await t.db.select({ n: count() }).from(marketplaceOrders).where(marketplaceOrdersWhere(search))
          )[0]!.n,
          `${search} where`,
        ).toBe(Number(n));
        for (const newestFirst of [true, false]) {
          const dir = newestFirst ? 'desc' : 'asc';
          for (const offset of [0, 13, 30]) {
            const plain = (
              await rows(
                t,
                sql.raw(
                  `select id from marketplace_orders where ${where(search)} order by created_at ${dir}, id ${dir} limit 7 offset ${offset}`,
                ),
              )
            ).map((r) => Number(r.id));
            for (const manyUsers of [true, false, undefined]) {
              expect(
                await marketplaceOrderSearchPage(t.db, search, newestFirst, 7, offset, manyUsers),
                `${search} ${dir} ${offset} ${manyUsers}`,
              ).toEqual(plain);
            }
          }
        }
      }
      await rows(t, sql.raw(`delete from marketplace_orders where item_name like 'Crowd Gift-%'`));
      await rows(
        t,
        sql.raw(
          `delete from users where telegram_id > 7000000000 and telegram_id <= ${7_000_000_000 + MANY_USERS + 5}`,
        ),
      );
    },
  );

  it('counts the matching names from the kept counts, not the sales', async () => {
    const search = searches[0]!;
    const before = await exact(search);
    expect(before).toBeGreaterThan(0);
    const bump = (n: number) =>
      rows(
        t,
        sql`update marketplace_order_name_counts set orders = orders + ${n} where (item_name_stem, slot) = (select item_name_stem, slot from marketplace_order_name_counts where item_name_stem ilike ${likePattern(search)} order by item_name_stem, slot limit 1)`,
      );
    await bump(2);
    expect((await answered('/marketplace/orders', 'orders', 'totalOrders', search)).total).toBe(before + 2);
    await bump(-2);
  });

  it('stays exact through inserts, renames, deletes, simultaneous writers, a rebuild and a truncate', async () => {
    const someone = `(select min(telegram_id) from users)`;
    await rows(
      t,
      sql.raw(`insert into marketplace_orders (item_name, gift_number, buyer_id, seller_id, price, total_price)
      select case when g % 2 = 0 then 'Fresh-' || g else (select item_name from marketplace_orders order by id limit 1) end, g, ${someone}, ${someone}, 1, 1
      from generate_series(1, 30) g`),
    );
    searches.push('Fresh');
    await allExact();
    await rows(
      t,
      sql.raw(
        `update marketplace_orders set item_name = 'Moved-' || id where id in (select id from marketplace_orders order by id limit 6)`,
      ),
    );
    await rows(
      t,
      sql.raw(
        `update marketplace_orders set price = price + 1 where id in (select id from marketplace_orders order by id desc limit 6)`,
      ),
    );
    searches.push('Moved');
    await allExact();
    await rows(
      t,
      sql.raw(
        `delete from marketplace_orders where id in (select id from marketplace_orders order by id desc limit 9)`,
      ),
    );
    await allExact();
    await Promise.all(
      Array.from({ length: 10 }, (_, k) =>
        rows(
          t,
          sql.raw(
            `insert into marketplace_orders (item_name, buyer_id, seller_id, price, total_price) select 'Rush-' || (g % 2), ${someone}, ${someone}, 1, 1 from generate_series(1, ${k + 1}) g`,
          ),
        ),
      ),
    );
    searches.push('Rush');
    await allExact();
    const kept = () =>
      rows(
        t,
        sql`select item_name_stem, sum(orders)::int as orders from marketplace_order_name_counts group by 1 having sum(orders) <> 0 order by 1`,
      );
    const before = await kept();
    await rows(t, sql`select marketplace_order_name_counts_rebuild()`);
    expect(await kept()).toEqual(before);
    await rows(t, sql`truncate marketplace_orders`);
    expect(await kept()).toEqual([]);
    for (const s of searches) expect(await exact(s)).toBe(0);
  });
});

describe('game history search', () => {
  const where = (search: string) => {
    const p = quote(likePattern(search));
    const id = /^\d{1,16}$/.test(search) && Number.isSafeInteger(Number(search)) ? Number(search) : null;
    const players = `(select telegram_id from users where username ilike ${p} or first_name ilike ${p} or last_name ilike ${p}${id === null ? '' : ` or telegram_id = ${id}`})`;
    return `(room_code ilike ${p} or player1_id in ${players} or player2_id in ${players})`;
  };

  it('answers what the plain OR counts and pages: room codes, player names and ids, each game once', async () => {
    const [game] = await rows(
      t,
      sql`select g.room_code, g.player1_id, g.player2_id, u.username, u.first_name from games g join users u on u.telegram_id = g.player1_id
      where g.player2_id is not null order by g.created_at desc, g.id desc limit 1`,
    );
    expect(game).toBeDefined();
    // Games where one player is both sides' match (player1 and player2 alike), counted once.
    await rows(
      t,
      sql`insert into games (room_code, player1_id, player2_id, player1_rewards, player2_rewards) select 'SRCH' || g, ${game!.player1_id}, ${game!.player1_id}, '{}'::jsonb, '{}'::jsonb from generate_series(1, 25) g`,
    );
    const searches = [
      String(game!.username),
      String(game!.first_name),
      String(game!.room_code).slice(1, 5),
      String(game!.player2_id),
      'SRCH',
      'a',
      '_',
      'no such player',
    ];
    for (const s of searches) {
      const got = await answered('/game/history', 'games', 'totalGames', s);
      expect(got, `game search ${s}`).toEqual(await scanned('games', where(s)));
    }
  });
});
