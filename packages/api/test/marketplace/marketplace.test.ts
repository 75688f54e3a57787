import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { envelope, marketplaceOrdersResponseSchema, marketplaceResponseSchema } from '@manager/contract';
import { signedInApp, type TestApp } from '../support/helper';

let t: TestApp;
let token: string;
const count = async (query: string) =>
  Number(((await t.db.execute(sql.raw(query))) as unknown as { rows: Array<{ n: unknown }> }).rows[0]!.n);
const get = (url: string) => t.call({ method: 'GET', url, token });

beforeAll(async () => ({ t, token } = await signedInApp({ users: 1500 })));
afterAll(async () => {
  await t?.close();
});

describe('GET /manager/marketplace', () => {
  it('needs a signed-in admin', async () => {
    expect((await t.call({ method: 'GET', url: '/manager/marketplace' })).statusCode).toBe(401);
  });

  it('pages listings by 20, newest first, with owners and totals from the database', async () => {
    const res = await get('/manager/marketplace');
    expect(res.statusCode).toBe(200);
    const { data } = envelope(marketplaceResponseSchema).parse(res.json());
    const total = await count('select count(*) as n from marketplace_items');
    expect(data.pagination).toEqual({ totalItems: total, totalPages: Math.ceil(total / 20), currentPage: 1 });
    expect(data.items).toHaveLength(20);
    const dates = data.items.map((i) => i.createdAt);
    expect([...dates].sort().reverse()).toEqual(dates);
    expect(data.items[0]!.owner?.telegramId).toBe(data.items[0]!.telegramId);
    const last = await get(`/manager/marketplace?page=${data.pagination.totalPages}`);
    expect(last.json().data.items.length).toBe(total - (data.pagination.totalPages - 1) * 20);
  });

  it('searches gift names, with LIKE wildcards taken literally', async () => {
    const name = (await get('/manager/marketplace?limit=1')).json().data.items[0].name as string;
    const part = name.slice(0, 5);
    const res = (await get(`/manager/marketplace?search=${encodeURIComponent(part)}`)).json().data;
    expect(res.items.length).toBeGreaterThan(0);
    for (const item of res.items) expect(item.name.toLowerCase()).toContain(part.toLowerCase());
    const none = (await get('/manager/marketplace?search=%25%25')).json().data;
    expect(none.pagination.totalItems).toBe(0);
  });

  it('refuses a bad page or limit with 400 naming the field', async () => {
    const res = await get('/manager/marketplace?page=abc');
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/^page:/);
    expect((await get('/manager/marketplace?limit=1000')).json().message).toMatch(/^limit:/);
  });
});

describe('GET /manager/marketplace/orders', () => {
  it('pages orders by 20 with buyer, seller and prices', async () => {
    const res = await get('/manager/marketplace/orders?page=2');
    const { data } = envelope(marketplaceOrdersResponseSchema).parse(res.json());
    const total = await count('select count(*) as n from marketplace_orders');
    expect(data.pagination.totalOrders).toBe(total);
    expect(data.orders).toHaveLength(20);
    const order = data.orders[0]!;
    expect(order.buyer?.telegramId).toBeTypeOf('number');
    expect(order.seller?.telegramId).not.toBe(order.buyer?.telegramId);
    expect(order.totalPrice).toBeCloseTo(order.price + order.fee, 6);
  });

  it('finds orders by buyer username', async () => {
    const first = (await get('/manager/marketplace/orders?limit=1')).json().data.orders[0];
    const username = first.buyer.username as string;
    const res = (
      await get(`/manager/marketplace/orders?search=${encodeURIComponent(username)}&limit=100`)
    ).json().data;
    expect(res.orders.some((o: { id: number }) => o.id === first.id)).toBe(true);
  });
});
