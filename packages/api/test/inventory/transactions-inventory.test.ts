import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { envelope, inventoryResponseSchema } from '@manager/contract';
import { signedInApp, type TestApp } from '../support/helper';
import { rows } from '../support/withdrawals-fixtures';

let t: TestApp;
let token: string;

beforeAll(async () => ({ t, token } = await signedInApp({ users: 300 })));
afterAll(async () => {
  await t?.close();
});

const list = async (query: string) => {
  const res = await t.call({ method: 'GET', url: `/manager/transactions/inventory?${query}`, token });
  expect(res.statusCode, res.body).toBe(200);
  return envelope(inventoryResponseSchema).parse(res.json()).data;
};

describe('GET /manager/transactions/inventory', () => {
  it('lists gifts still on the platform, 20 a page, newest first, with their owner', async () => {
    const data = await list('page=1');
    const [{ n }] = (await rows(
      t,
      sql`select count(*) as n from inventories where status <> 'withdrawn'`,
    )) as [{ n: string }];
    expect(data.items).toHaveLength(20);
    expect(data.pagination).toMatchObject({ totalItems: Number(n), totalPages: Math.ceil(Number(n) / 20) });
    expect(data.items[0]!.user?.telegramId).toBeGreaterThan(0);
    const dates = data.items.map((i) => i.createdAt);
    expect([...dates].sort().reverse()).toEqual(dates);
  });

  it('searches by item name', async () => {
    const [{ name }] = (await rows(
      t,
      sql`select name from inventories where status <> 'withdrawn' limit 1`,
    )) as [{ name: string }];
    const data = await list(`search=${encodeURIComponent(name)}`);
    expect(data.items.map((i) => i.name)).toContain(name);
    for (const i of data.items) expect(i.name.toLowerCase()).toContain(name.toLowerCase());
    expect((await list('search=zz_no_such_gift')).pagination.totalItems).toBe(0);
  });

  it('refuses a bad page with a 400', async () => {
    const res = await t.call({ method: 'GET', url: '/manager/transactions/inventory?page=-1', token });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/^page: /);
  });
});
