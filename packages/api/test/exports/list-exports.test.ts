import { request, type IncomingMessage } from 'node:http';
import { sql } from 'drizzle-orm';
import { parse } from 'csv-parse/sync';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { ShopOrder, Withdrawal } from '@manager/contract';
import { EXPORT_TUNING } from '../../src/exports/csv-stream';
import { signedInApp, type TestApp } from '../support/helper';
import { rowsOf } from '../support/tasks-helpers';

let t: TestApp;
let token: string;

beforeAll(async () => ({ t, token } = await signedInApp({ users: 300 })), 600_000);
afterAll(() => t?.close());
afterEach(() => {
  EXPORT_TUNING.batch = 2000;
});

type Row = Record<string, string>;
const get = (url: string, headers: Record<string, string> = {}) =>
  t.call({ method: 'GET', url, token, headers });

async function exported(
  url: string,
): Promise<{ rows: Row[]; body: string; headers: Record<string, unknown> }> {
  const res = await get(url, { 'user-agent': 'export-test/1.0' });
  expect(res.statusCode, `${url}: ${res.body.slice(0, 300)}`).toBe(200);
  expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
  expect(res.body.startsWith('\ufeff'), 'a byte order mark').toBe(true);
  return {
    rows: parse(res.body, { bom: true, columns: true }) as Row[],
    body: res.body,
    headers: res.headers,
  };
}

/** Every row of a paged list, in its order, 100 a page. */
async function allPages<T>(path: string, query: string, key: string): Promise<{ rows: T[]; total: number }> {
  const rows: T[] = [];
  for (let page = 1; ; page++) {
    const res = await get(`${path}?${query}&limit=100&page=${page}`);
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    const data = res.json().data as Record<string, unknown> & { pagination: Record<string, number> };
    rows.push(...(data[key] as T[]));
    const total = Object.entries(data.pagination).find(
      ([k]) => k.startsWith('total') && k !== 'totalPages',
    )![1];
    if (page >= data.pagination.totalPages!) return { rows, total };
  }
}

const exportRows = () =>
  rowsOf(t, sql`select * from audit_log where action = 'list.export' order by id desc`);
const json = (v: unknown) => (typeof v === 'string' ? JSON.parse(v) : v) as Record<string, unknown>;

describe('CSV exports: the rows of the list, in its order, with its filters', () => {
  // Small reads: every export below crosses several batches.
  const paged: Array<[string, string, string, string, (r: Record<string, unknown>) => unknown, string]> = [
    ['users, searched', '/manager/users', 'search=an', 'users', (u) => u.telegramId, 'telegramId'],
    ['users, all', '/manager/users', '', 'users', (u) => u.telegramId, 'telegramId'],
    ['game history, searched', '/manager/game/history', 'search=a', 'games', (g) => g.id, 'id'],
    [
      'TON deposits, filtered',
      '/manager/transactions/ton-payments',
      'status=true&minAmount=1',
      'payments',
      (p) => p.id,
      'id',
    ],
    ['Stars deposits', '/manager/transactions/stars-payments', 'status=false', 'payments', (p) => p.id, 'id'],
    ['inventory, searched', '/manager/transactions/inventory', 'search=pe', 'items', (i) => i.id, 'id'],
    ['marketplace orders', '/manager/marketplace/orders', '', 'orders', (o) => o.id, 'id'],
  ];
  for (const [name, path, query, key, idOf, column] of paged) {
    it(`${name}: as many rows as the list counts, the same ids in the same order`, async () => {
      const list = await allPages<Record<string, unknown>>(path, query, key);
      expect(list.total, 'the fixture has rows for this filter').toBeGreaterThan(3);
      EXPORT_TUNING.batch = Math.max(1, Math.floor(list.total / 3));
      const { rows } = await exported(`${path}/export?${query}`);
      expect(rows).toHaveLength(list.total);
      expect(rows.map((r) => r[column])).toEqual(list.rows.map((r) => String(idOf(r))));
    }, 60_000);
  }

  /** The whole list (no page) for a query, as the list call answers it. */
  const whole = async <T>(path: string, query: string): Promise<T[]> => {
    const res = await get(`${path}?${query}`);
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    return res.json().data as T[];
  };

  it("withdrawals: the list's rows and order for each filter and sort, rejected ones left out", async () => {
    EXPORT_TUNING.batch = 2;
    await t.db.execute(
      sql`update withdrawals set decision = 'rejected' where id = (select min(id) from withdrawals where decision is null)`,
    );
    const [rejected] = await rowsOf(t, sql`select id from withdrawals where decision = 'rejected' limit 1`);
    for (const query of [
      '',
      'status=pending',
      'status=approved&search=A',
      'sort=price',
      'sort=-createdAt&status=approved',
    ]) {
      const list = await whole<Withdrawal>('/manager/withdrawals', query);
      const { rows } = await exported(`/manager/withdrawals/export?${query}`);
      expect(list.length, `the fixture has withdrawals for ${query}`).toBeGreaterThan(0);
      expect(
        rows.map((r) => r.id),
        query,
      ).toEqual(list.map((w) => String(w.id)));
      expect(rows.map((r) => r.id)).not.toContain(String(rejected!.id));
    }
    // The default order puts undecided ones first, as the list does.
    const { rows } = await exported('/manager/withdrawals/export');
    const lastPending = rows.findLastIndex((r) => r.status === 'pending');
    const firstApproved = rows.findIndex((r) => r.status === 'approved');
    expect(lastPending).toBeGreaterThanOrEqual(0);
    expect(firstApproved).toBeGreaterThan(lastPending);
  }, 120_000);

  it("shop orders: the list's rows and order for currency, type, from, search and sort, as the shop orders page filters", async () => {
    EXPORT_TUNING.batch = 20;
    const all = await whole<ShopOrder>('/manager/shop-orders', '');
    const from = new Date(t.clock.now().getTime() - 7 * 86_400_000);
    const cases: Array<[string, (o: ShopOrder) => boolean]> = [
      ['', () => true],
      ['currency=TON&sort=price', (o) => o.currency === 'TON'],
      ['type=FRAME&currency=STAR', (o) => o.shopItem?.type === 'FRAME' && o.currency === 'STAR'],
      [`from=${from.toISOString()}&sort=-price`, (o) => new Date(o.createdAt) >= from],
      [
        'search=fra',
        (o) =>
          [
            o.id,
            o.user.username,
            o.user.firstName,
            o.user.lastName,
            String(o.user.telegramId),
            o.shopItem?.titleEn,
            o.shopItem?.titleRu,
          ].some((v) => v?.toLowerCase().includes('fra')),
      ],
      [`search=${all[3]!.id.slice(0, 8)}`, (o) => o.id.startsWith(all[3]!.id.slice(0, 8))],
    ];
    for (const [query, keep] of cases) {
      const list = await whole<ShopOrder>('/manager/shop-orders', query);
      const { rows } = await exported(`/manager/shop-orders/export?${query}`);
      expect(list.length, `the fixture has orders for ${query}`).toBeGreaterThan(0);
      expect(
        rows.map((r) => r.id),
        query,
      ).toEqual(list.map((o) => o.id));
      // The page's own filter agrees (filterShopOrders in mf-commerce).
      expect([...rows.map((r) => r.id)].sort(), query).toEqual(
        all
          .filter(keep)
          .map((o) => o.id)
          .sort(),
      );
    }
  }, 120_000);
});

describe('CSV exports: cells', () => {
  it('writes money as the database holds it (every decimal), with a header row and a file name', async () => {
    await t.db
      .execute(sql`insert into users (telegram_id, username, ton_balance, stars_balance, ref_ton, created_at)
      values (9007199254740991, 'exact_money', 12345678901.123456789, 9007199254740991, 0.000000001, now() + interval '1 day')`);
    const { rows, body, headers } = await exported('/manager/users/export?search=exact_money');
    expect(body.slice(1).split('\r\n')[0]).toBe(
      'telegramId,username,firstName,lastName,isPremium,countryName,lang,tonBalance,starsBalance,redChipBalance,playBalance,refNormal,refPremium,refTon,refRedChip,totalGames,gamesWon,gamesLost,referralsCount,dailyStrike,maxStrike,createdAt,lastActive',
    );
    expect(rows).toEqual([
      expect.objectContaining({
        telegramId: '9007199254740991',
        tonBalance: '12345678901.123456789',
        starsBalance: '9007199254740991',
        refTon: '0.000000001',
      }),
    ]);
    // A float would have given 12345678901.123457.
    expect(String(Number(rows[0]!.tonBalance))).not.toBe(rows[0]!.tonBalance);
    expect(headers['content-disposition']).toMatch(/^attachment; filename="users-\d{4}-\d{2}-\d{2}\.csv"$/);
    const { rows: payments } = await exported('/manager/transactions/ton-payments/export?minAmount=0');
    const [stored] = await rowsOf(
      t,
      sql`select id, amount::text as amount from ton_payments order by created_at desc, id desc limit 1`,
    );
    expect(payments[0]).toMatchObject({ id: String(stored!.id), amount: stored!.amount });
  });

  it('keeps commas, quotes and line breaks, and turns names that start a formula into text', async () => {
    await t.db.execute(sql`insert into users (telegram_id, username, first_name, last_name, created_at)
      values (777000111, '=HYPERLINK("http://evil.example")', 'line one, "quoted"' || chr(10) || 'line two', '-2+3', now() + interval '2 days')`);
    const { rows, body } = await exported('/manager/users/export?search=777000111');
    expect(rows[0]).toMatchObject({
      username: '\'=HYPERLINK("http://evil.example")',
      firstName: 'line one, "quoted"\nline two',
      lastName: "'-2+3",
    });
    expect(body).toContain('"line one, ""quoted""\nline two"');
  });
});

describe('CSV exports: the audit row', () => {
  it('records list.export after the last row: the list, the filters as parsed, the rows and complete', async () => {
    const before = (await exportRows()).length;
    const { rows } = await exported(
      '/manager/transactions/ton-payments/export?status=true&startDate=2024-01-01&search=',
    );
    const all = await exportRows();
    expect(all).toHaveLength(before + 1);
    expect(all[0]).toMatchObject({
      admin_id: expect.anything(),
      admin_username: t.demo.admin.username,
      entity: 'list',
      entity_id: 'ton-payments',
      user_agent: 'export-test/1.0',
    });
    expect(json(all[0]!.after)).toEqual({
      list: 'ton-payments',
      filters: { status: true, startDate: new Date('2024-01-01').toISOString() },
      rows: rows.length,
      complete: true,
      unmasked: true,
    });
    const { rows: shop } = await exported('/manager/shop-orders/export?currency=TON&sort=-price');
    expect(json((await exportRows())[0]!.after)).toEqual({
      list: 'shop-orders',
      filters: { currency: 'TON', sort: '-price' },
      rows: shop.length,
      complete: true,
      unmasked: true,
    });
  });

  it('records the rows sent and complete: false when the client leaves before the end', async () => {
    // About 6 MB of CSV: more than the socket buffers hold, so the export is mid-way when the client leaves.
    await t.db.execute(sql`insert into users (telegram_id, username, country_name, created_at)
      select 800000000 + g, 'bulk_' || g, repeat('x', 2000), now() - g * interval '1 second' from generate_series(1, 3000) g`);
    EXPORT_TUNING.batch = 100;
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    try {
      const before = (await exportRows()).length;
      const req = request(new URL(`${address}/manager/users/export?search=bulk_`), {
        headers: { [t.config.apiKeyHeader]: t.config.apiKey, authorization: `Bearer ${token}` },
      });
      const res = await new Promise<IncomingMessage>((resolve) => req.on('response', resolve).end());
      expect(res.statusCode).toBe(200);
      await new Promise((resolve) => res.once('data', resolve));
      res.pause();
      req.destroy();
      let rows = await exportRows();
      for (let i = 0; i < 100 && rows.length === before; i++) {
        await new Promise((resolve) => setTimeout(resolve, 50));
        rows = await exportRows();
      }
      expect(rows).toHaveLength(before + 1);
      const after = json(rows[0]!.after);
      expect(after).toMatchObject({ list: 'users', filters: { search: 'bulk_' }, complete: false });
      expect(after.rows).toBeLessThan(3000);
    } finally {
      await new Promise((resolve) => t.app.server.close(resolve));
    }
  }, 60_000);

  it('refuses a bad filter or sort with a 400 naming it, before any row, and records nothing', async () => {
    const before = (await exportRows()).length;
    for (const [url, field] of [
      ['/manager/shop-orders/export?currency=GOLD', 'currency'],
      ['/manager/shop-orders/export?sort=title', 'sort'],
      ['/manager/shop-orders/export?from=yesterday', 'from'],
      ['/manager/withdrawals/export?status=declined', 'status'],
      ['/manager/transactions/ton-payments/export?startDate=2024-05-02&endDate=2024-05-01', 'startDate'],
      ['/manager/transactions/stars-payments/export?minAmount=abc', 'minAmount'],
      ['/manager/users/export?search=' + 'x'.repeat(201), 'search'],
    ] as const) {
      const res = await get(url);
      expect(res.statusCode, `${url}: ${res.body}`).toBe(400);
      expect(res.json().message, url).toMatch(new RegExp(`^${field}: `));
    }
    expect(await exportRows()).toHaveLength(before);
  });

  it('answers HEAD without reading rows or recording an export, and needs a signed-in admin', async () => {
    const before = (await exportRows()).length;
    const res = await t.call({ method: 'HEAD', url: '/manager/inventory/export', token });
    const head = await t.call({ method: 'HEAD', url: '/manager/transactions/inventory/export', token });
    expect(res.statusCode).toBe(404);
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(await exportRows()).toHaveLength(before);
    expect((await t.call({ method: 'GET', url: '/manager/users/export' })).statusCode).toBe(401);
  });
});
