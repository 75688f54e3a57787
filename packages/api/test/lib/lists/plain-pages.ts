import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { FAR_OFFSET } from '../../../src/lib/lists';
import type { TestApp } from '../../support/helper';
import { rows } from '../../support/withdrawals-fixtures';

/**
 * The lists paged by ids (`pageIds`), each held to the plain query of its table:
 * `select <id> from <table> where <where> order by created_at desc, <id> desc limit n offset k`.
 * A new list paged this way adds its one line to PLAIN_LISTS; list-days.test.ts then fills it
 * with rows over months of days and compares its deep pages around every day boundary, from
 * both ends, through inserts, deletes, truncate and rebuild.
 */
export interface PlainList {
  name: string;
  url: string;
  limit: number;
  table: string;
  /** The list's unique order column after created_at (`id`, or `telegram_id` for users). */
  id: string;
  /** The rows on the list (`true`, or the partial index's condition). */
  where: string;
  /** The page's ids, from the answer's `data`. */
  ids: (data: Record<string, { id?: unknown; telegramId?: unknown }[]>) => unknown[];
  /**
   * An INSERT of one row per row of `spread` (its columns: `at`, a creation time, and `g`, a
   * distinct number), owned by the player `owner`; none for a filter of another list's rows.
   */
  insert?: (spread: string, owner: string) => string;
}

const REWARDS = `'{"ton":0,"stars":0,"nfts":[],"totalAmount":0}'`;
const payments = (table: string) => (s: string, owner: string) =>
  `insert into ${table} (telegram_id, transaction_id, type, amount, fee, status, created_at)
    select ${owner}, md5(g::text || random()::text), 'deposit', 1, 0, g % 3 = 0, at from (${s}) s`;

export const PLAIN_LISTS: PlainList[] = [
  {
    name: 'users',
    url: '/manager/users',
    limit: 50,
    table: 'users',
    id: 'telegram_id',
    where: 'true',
    ids: (d) => d.users!.map((u) => u.telegramId),
    // A fifth premium; a seventh seen "in the future", so online under whatever clock a test runs at.
    insert: (s) =>
      `insert into users (telegram_id, username, created_at, is_premium, last_active)
        select 9000000000 + g, 'day' || g, at, g % 5 = 0, case when g % 7 = 0 then timestamptz '2100-01-01' end from (${s}) s`,
  },
  {
    name: 'regular users',
    url: '/manager/users?type=regular',
    limit: 50,
    table: 'users',
    id: 'telegram_id',
    where: 'not is_premium',
    ids: (d) => d.users!.map((u) => u.telegramId),
  },
  {
    name: 'offline users',
    url: '/manager/users?status=offline',
    limit: 50,
    table: 'users',
    id: 'telegram_id',
    where: `last_active is null or last_active <= now() - interval '5 minutes'`,
    ids: (d) => d.users!.map((u) => u.telegramId),
  },
  {
    name: 'games',
    url: '/manager/game/history',
    limit: 20,
    table: 'games',
    id: 'id',
    where: 'true',
    ids: (d) => d.games!.map((g) => g.id),
    insert: (s, owner) =>
      `insert into games (room_code, player1_id, status, player1_rewards, player2_rewards, created_at) select 'R' || g, ${owner}, 'finished', ${REWARDS}, ${REWARDS}, at from (${s}) s`,
  },
  {
    name: 'inventory',
    url: '/manager/transactions/inventory',
    limit: 20,
    table: 'inventories',
    id: 'id',
    where: `status <> 'withdrawn'`,
    ids: (d) => d.items!.map((i) => i.id),
    insert: (s, owner) =>
      `insert into inventories (telegram_id, name, base_name, gift_number, price, status, created_at) select ${owner}, 'Gift-' || g, 'Gift', g, 1, case when g % 5 = 0 then 'withdrawn' else 'available' end, at from (${s}) s`,
  },
  {
    name: 'shop orders',
    url: '/manager/shop-orders',
    limit: 15,
    table: 'shop_orders',
    id: 'id',
    where: 'true',
    ids: (d) => d.orders!.map((o) => o.id),
    insert: (s, owner) =>
      `insert into shop_orders (telegram_id, price, currency, created_at) select ${owner}, 1, 'TON', at from (${s}) s`,
  },
  {
    name: 'TON',
    url: '/manager/transactions/ton-payments',
    limit: 20,
    table: 'ton_payments',
    id: 'id',
    where: 'true',
    ids: (d) => d.payments!.map((p) => p.id),
    insert: payments('ton_payments'),
  },
  {
    name: 'Stars',
    url: '/manager/transactions/stars-payments',
    limit: 20,
    table: 'stars_payments',
    id: 'id',
    where: 'true',
    ids: (d) => d.payments!.map((p) => p.id),
    insert: payments('stars_payments'),
  },
  {
    name: 'listings',
    url: '/manager/marketplace',
    limit: 20,
    table: 'marketplace_items',
    id: 'id',
    where: 'true',
    ids: (d) => d.items!.map((i) => i.id),
    insert: (s, owner) =>
      `insert into marketplace_items (name, price, telegram_id, created_at) select 'Gift-' || g, 1, ${owner}, at from (${s}) s`,
  },
  {
    name: 'sales',
    url: '/manager/marketplace/orders',
    limit: 20,
    table: 'marketplace_orders',
    id: 'id',
    where: 'true',
    ids: (d) => d.orders!.map((o) => o.id),
    insert: (s, owner) =>
      `insert into marketplace_orders (item_name, buyer_id, seller_id, price, total_price, created_at) select 'Gift-' || g, ${owner}, ${owner}, 1, 1, at from (${s}) s`,
  },
];

/**
 * The list's pages from FAR_OFFSET on that hold a day's last or first row (so pages that span
 * two days), the page at 90%, the last two and one past the end, each against the plain query.
 */
export async function expectPlainPages(t: TestApp, token: string, list: PlainList) {
  const run = (text: string) => rows(t, sql.raw(text));
  const { limit } = list;
  const days = await run(
    `select count(*)::int as n from ${list.table} where (${list.where}) group by (created_at at time zone 'UTC')::date order by 1 desc`,
  );
  const total = Number((await run(`select count(*) as n from ${list.table} where (${list.where})`))[0]!.n);
  const last = Math.ceil(total / limit);
  expect(total, `${list.name}: deep pages from both ends`).toBeGreaterThan(FAR_OFFSET * 2 + limit);
  const pages = new Set([Math.floor(last * 0.9), last - 1, last, last + 1]);
  let before = 0;
  for (const { n } of days as { n: number }[]) {
    before += n;
    for (const row of [before - 1, before]) if (row >= FAR_OFFSET) pages.add(Math.floor(row / limit) + 1);
  }
  for (const page of [...pages].sort((a, b) => a - b)) {
    const url = `${list.url}${list.url.includes('?') ? '&' : '?'}page=${page}&limit=${limit}`;
    const res = await t.call({ method: 'GET', url, token });
    expect(res.statusCode, res.body).toBe(200);
    const want = await run(
      `select ${list.id} as id from ${list.table} where (${list.where}) order by created_at desc, ${list.id} desc limit ${limit} offset ${(page - 1) * limit}`,
    );
    expect(list.ids(res.json().data).map(String), `${list.name} page ${page}`).toEqual(
      want.map((r) => String(r.id)),
    );
    const pagination = res.json().data.pagination as Record<string, number>;
    const totalKey = Object.keys(pagination).find((k) => k.startsWith('total') && k !== 'totalPages')!;
    expect(pagination[totalKey], `${list.name} total`).toBe(total);
  }
}
