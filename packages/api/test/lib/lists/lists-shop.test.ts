import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAGE_SIZES } from '@manager/contract';
import { signedInApp, type TestApp } from '../../support/helper';
import { listReader, middleOf, type ListSpec, type Row } from './lists-support';

let t: TestApp;
let token: string;
let read: ReturnType<typeof listReader>;
beforeAll(async () => {
  ({ t, token } = await signedInApp({ users: 200 }));
  read = listReader(t, token);
});
afterAll(async () => {
  await t?.close();
});

const rows = async (q: ReturnType<typeof sql>) =>
  ((await t.db.execute(q)) as unknown as { rows: Array<Record<string, unknown>> }).rows;
const countOf = async (table: string) =>
  Number((await rows(sql.raw(`select count(*)::int as n from ${table}`)))[0]!.n);

const ORDERS: ListSpec = {
  path: '/shop-orders',
  key: 'orders',
  totalKey: 'totalOrders',
  pageSize: PAGE_SIZES.SHOP_ORDERS,
};
const ITEMS: ListSpec = {
  path: '/shop-items',
  key: 'items',
  totalKey: 'totalItems',
  pageSize: PAGE_SIZES.SHOP_ITEMS,
};
const BOXES: ListSpec = {
  path: '/loot-boxes',
  key: 'lootBoxes',
  totalKey: 'totalLootBoxes',
  pageSize: PAGE_SIZES.LOOT_BOXES,
};

type Order = Row & {
  user: { username: string | null; firstName: string | null; lastName: string | null; telegramId: number };
  shopItem: { titleEn: string; titleRu: string; type: string } | null;
};
const order = (r: Row) => r as Order;
/** The orders page's search today: order id, buyer's names and Telegram id, item titles; contains, any case. */
const orderSearch = (text: string) => (r: Row) => {
  const o = order(r);
  const q = text.toLowerCase();
  return [
    String(o.id),
    o.user.username,
    o.user.firstName,
    o.user.lastName,
    String(o.user.telegramId),
    o.shopItem?.titleEn,
    o.shopItem?.titleRu,
  ].some((v) => v?.toLowerCase().includes(q));
};

/** Exact decimal sum of numeric texts (9 decimals at most), as the nearest JS number. */
function exactSum(values: string[]): number {
  const nano = values.reduce((s, v) => {
    const [whole, fraction = ''] = v.split('.');
    return s + BigInt(whole!) * 1_000_000_000n + BigInt(fraction.padEnd(9, '0').slice(0, 9));
  }, 0n);
  return Number(`${nano / 1_000_000_000n}.${String(nano % 1_000_000_000n).padStart(9, '0')}`);
}

describe('GET /manager/shop-orders: whole or by page', () => {
  it('without page: every order newest first, no counters; with page: that slice, its pagination and the revenue', async () => {
    const all = await read.all(ORDERS);
    expect(all).toHaveLength(await countOf('shop_orders'));
    expect(all.map((o) => o.createdAt)).toEqual(
      all
        .map((o) => o.createdAt as string)
        .sort()
        .reverse(),
    );
    const first = await read.pageMatches(ORDERS, '', all, 1);
    expect(first.orders).toHaveLength(15);
    await read.pageMatches(ORDERS, '', all, 3, 7);
    const last = Math.ceil(all.length / 15);
    await read.pageMatches(ORDERS, '', all, last);
    expect((await read.data(`/shop-orders?page=${last + 1}`)).orders).toEqual([]);
  });

  it('filters by currency, type, time and a search over id, buyer and item, as the page does', async () => {
    const all = await read.all(ORDERS);
    await read.filterMatches(ORDERS, all, 'currency=TON', (r) => r.currency === 'TON');
    await read.filterMatches(ORDERS, all, 'type=FRAME', (r) => order(r).shopItem?.type === 'FRAME');
    const from = all[Math.floor(all.length / 3)]!.createdAt as string;
    await read.filterMatches(
      ORDERS,
      all,
      `from=${encodeURIComponent(from)}`,
      (r) => (r.createdAt as string) >= from,
    );
    const both = order(all.find((r) => order(r).shopItem && r.currency !== 'TON')!);
    const [currency, type] = [both.currency as string, both.shopItem!.type];
    await read.filterMatches(
      ORDERS,
      all,
      `currency=${currency}&type=${type}`,
      (r) => r.currency === currency && order(r).shopItem?.type === type,
    );
    const sample = order(all.find((r) => order(r).user.username && order(r).shopItem)!);
    for (const text of [
      String(sample.id).slice(0, 8),
      middleOf(sample.user.username!),
      String(sample.user.telegramId).slice(2, 9),
      middleOf(sample.shopItem!.titleEn, 4),
    ]) {
      await read.filterMatches(ORDERS, all, `search=${encodeURIComponent(text)}`, orderSearch(text));
    }
  });

  it('sorts by price and date either way, ties by id in the same direction', async () => {
    await read.sortMatches(ORDERS, 'price', (r) => r.price as number);
    await read.sortMatches(ORDERS, 'createdAt', (r) => r.createdAt as string);
  });

  it('revenue covers the whole filtered set (not the page), each currency summed exactly', async () => {
    const type = order((await read.all(ORDERS, 'currency=TON')).find((r) => order(r).shopItem)!).shopItem!
      .type;
    const all = await read.all(ORDERS, `type=${type}`);
    const page = await read.pageMatches(ORDERS, `type=${type}`, all, 2);
    const prices = await rows(
      sql`select o.price::text as price, o.currency from shop_orders o join shop_items i on i.id = o.shop_item_id where i.type = ${type}`,
    );
    const sum = (c: string) => exactSum(prices.filter((p) => p.currency === c).map((p) => p.price as string));
    expect(page.revenue).toEqual({
      total: all.length,
      ton: sum('TON'),
      star: sum('STAR'),
      redChip: sum('RED_CHIP'),
    });
    expect(page.revenue.ton).toBeGreaterThan(0);
  });

  it('revenue is the exact decimal sum, not a float accumulation', async () => {
    const [buyer] = await rows(sql`select telegram_id from users order by telegram_id limit 1`);
    await rows(sql`update users set username = 'exact_sum_buyer' where telegram_id = ${buyer!.telegram_id}`);
    for (const price of ['0.1', '0.2', '0.000000007']) {
      await rows(
        sql`insert into shop_orders (telegram_id, shop_item_id, price, currency) values (${buyer!.telegram_id}, null, ${price}, 'TON')`,
      );
    }
    const page = await read.data('/shop-orders?page=1&search=exact_sum_buyer&currency=TON');
    const prices = await rows(
      sql`select price::text as price from shop_orders where telegram_id = ${buyer!.telegram_id} and currency = 'TON'`,
    );
    const floats = prices.reduce((s, p) => s + Number(p.price), 0);
    expect(page.revenue.ton).toBe(exactSum(prices.map((p) => p.price as string)));
    expect(page.revenue.total).toBe(prices.length);
    // The check can tell: adding the prices as floats gives another number.
    expect(floats).not.toBe(page.revenue.ton);
  });

  it.each([
    ['currency=XRP', 'currency'],
    ['type=HAT', 'type'],
    ['from=yesterday', 'from'],
    ['sort=-title', 'sort'],
    ['page=0', 'page'],
    ['page=2&limit=101', 'limit'],
  ])('refuses %s with 400 naming %s', async (query, field) => {
    await read.refuses(ORDERS, query, field);
  });
});

describe('GET /manager/shop-items: whole or by page', () => {
  it('without page: every item newest first; with page: the slice and the cards over every item', async () => {
    const all = await read.all(ITEMS);
    expect(all).toHaveLength(await countOf('shop_items'));
    const first = await read.pageMatches(ITEMS, 'status=active', await read.all(ITEMS, 'status=active'), 1);
    const active = all.filter((i) => i.status).length;
    expect(first.stats).toEqual({
      total: all.length,
      active,
      inactive: all.length - active,
      sales: all.reduce((s, i) => s + (i.sold as number), 0),
    });
    expect(first.stats.sales).toBeGreaterThan(0);
    await read.pageMatches(ITEMS, '', all, 2, 4);
  });

  it('filters by type, status and a title search (English or Russian)', async () => {
    const [off] = await rows(sql`select id from shop_items where type <> 'NOOB_PACK' order by id limit 1`);
    await rows(sql`update shop_items set status = false, title_ru = 'Особая Рамка' where id = ${off!.id}`);
    const all = await read.all(ITEMS);
    await read.filterMatches(ITEMS, all, 'type=NOOB_PACK', (r) => r.type === 'NOOB_PACK');
    await read.filterMatches(ITEMS, all, 'status=inactive', (r) => r.status === false);
    await read.filterMatches(ITEMS, all, 'status=active', (r) => r.status === true);
    const title = middleOf(all[2]!.titleEn as string, 4);
    const match = (q: string) => (r: Row) =>
      [r.titleEn, r.titleRu].some((v) => (v as string).toLowerCase().includes(q.toLowerCase()));
    await read.filterMatches(ITEMS, all, `search=${encodeURIComponent(title)}`, match(title));
    await read.filterMatches(ITEMS, all, `search=${encodeURIComponent('особая')}`, match('особая'));
  });

  it('sorts by price, sold and date', async () => {
    await read.sortMatches(ITEMS, 'price', (r) => r.price as number);
    await read.sortMatches(ITEMS, 'sold', (r) => r.sold as number);
    await read.sortMatches(ITEMS, 'createdAt', (r) => r.createdAt as string);
  });

  it.each([
    ['type=HAT', 'type'],
    ['status=on', 'status'],
    ['sort=title', 'sort'],
    ['limit=0', 'limit'],
  ])('refuses %s with 400 naming %s', async (query, field) => {
    await read.refuses(ITEMS, query, field);
  });
});

describe('GET /manager/loot-boxes: whole or by page', () => {
  it('pages of 20 by default; filters by status and name; sorts by amount', async () => {
    const all = await read.all(BOXES);
    expect(all).toHaveLength(await countOf('loot_boxes'));
    expect(all.map((b) => b.createdAt)).toEqual(
      all
        .map((b) => b.createdAt as string)
        .sort()
        .reverse(),
    );
    await read.pageMatches(BOXES, '', all, 1);
    await read.pageMatches(BOXES, '', all, 2, 2);
    await rows(sql`update loot_boxes set is_active = false where id = ${all[1]!.id}`);
    const now = await read.all(BOXES);
    await read.filterMatches(BOXES, now, 'status=inactive', (r) => r.isActive === false);
    const name = middleOf(now[0]!.name as string);
    await read.filterMatches(BOXES, now, `search=${encodeURIComponent(name)}`, (r) =>
      (r.name as string).toLowerCase().includes(name.toLowerCase()),
    );
    await read.sortMatches(BOXES, 'amount', (r) => r.amount as number);
    await read.refuses(BOXES, 'status=paused', 'status');
    await read.refuses(BOXES, 'sort=rewards', 'sort');
  });
});

describe('default orders', () => {
  it.each([
    ['shop_orders', 'order by created_at desc, id desc'],
    ['shop_items', 'order by created_at desc, id desc'],
    ['tasks', 'order by created_at desc, id desc'],
    ['loot_boxes', 'order by created_at desc, id desc'],
    ['mailings', 'order by created_at desc, id desc'],
    ['giveaways', 'order by expired_date desc, id desc'],
    ['tournaments', 'order by tournaments_date desc nulls last, id desc'],
    [
      'withdrawals',
      `where decision is null or decision <> 'rejected' order by decision is null desc, created_at desc, id desc`,
    ],
  ])('%s: the first page is read from an index, never sorted', async (table, order) => {
    const plan = await t.db.transaction(async (tx) => {
      // Sorting made as costly as possible: a plan still sorting has no index for this order.
      await tx.execute(sql`set local enable_sort = off`);
      const result = (await tx.execute(
        sql.raw(`explain select * from ${table} ${order} limit 20`),
      )) as unknown as { rows: Array<Record<string, string>> };
      return result.rows.map((r) => Object.values(r)[0]).join('\n');
    });
    expect(plan).toMatch(/Index Scan/);
    expect(plan).not.toMatch(/Sort/);
  });
});
