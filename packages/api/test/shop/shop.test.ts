import { readdirSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  envelope,
  shopItemSchema,
  shopItemsResponseSchema,
  shopOrdersResponseSchema,
} from '@manager/contract';
import { signedInApp, type TestApp, whole } from '../support/helper';
import { JPEG, multipart, PNG, type Part } from '../support/multipart';

const fields = (over: Record<string, string> = {}): Part[] =>
  Object.entries({
    titleEn: 'Test Frame',
    titleRu: 'Тест',
    descriptionEn: 'A frame',
    descriptionRu: 'Рамка',
    type: 'FRAME',
    price: '2.5',
    currency: 'TON',
    ...over,
  }).map(([name, value]) => ({ name, value }));

let t: TestApp;
let token: string;
const rows = async (q: string) =>
  ((await t.db.execute(sql.raw(q))) as unknown as { rows: Array<Record<string, unknown>> }).rows;
const itemCount = async () => Number((await rows('select count(*) as n from shop_items'))[0]!.n);
const uploads = () => readdirSync(t.config.uploadsDir).length;
const send = (method: 'POST' | 'PUT', url: string, parts: Part[]) =>
  t.call({ method, url, token, ...multipart(parts) });
const items = async () =>
  whole(
    envelope(shopItemsResponseSchema).parse(
      (await t.call({ method: 'GET', url: '/manager/shop-items', token })).json(),
    ).data,
  );

beforeAll(async () => ({ t, token } = await signedInApp({ users: 300 })));
afterAll(async () => {
  await t?.close();
});

describe('shop items', () => {
  it('lists every item with parsed bundles', async () => {
    const list = await items();
    expect(list).toHaveLength(await itemCount());
    const pack = list.find((i) => i.type === 'NOOB_PACK')!;
    expect(pack.bundleItems!.length).toBeGreaterThan(1);
    expect(list.find((i) => i.type === 'FRAME')!.bundleItems).toBeNull();
  });

  it('creates an item with images stored under generated names, and audits it', async () => {
    const res = await send('POST', '/manager/shop-items', [
      ...fields(),
      { name: 'photo', value: PNG, filename: 'a.png' },
      { name: 'thumb', value: JPEG, filename: 'b.jpg' },
    ]);
    expect(res.statusCode, res.body).toBe(200);
    const item = shopItemSchema.parse(res.json().data);
    expect(item).toMatchObject({
      titleEn: 'Test Frame',
      type: 'FRAME',
      price: 2.5,
      currency: 'TON',
      status: true,
      sold: 0,
      bundleItems: null,
    });
    expect(item.photoUrl).toMatch(/^[0-9a-f-]{36}\.png$/);
    expect(item.thumbUrl).toMatch(/^[0-9a-f-]{36}\.jpg$/);
    const served = await t.app.inject({ method: 'GET', url: `/uploads/${item.photoUrl}` });
    expect(served.rawPayload.equals(PNG)).toBe(true);
    const audit = await rows(
      `select action from audit_log where entity = 'shop_item' and entity_id = '${item.id}'`,
    );
    expect(audit.map((a) => a.action)).toEqual(['shop_item.create']);
  });

  it.each([
    [
      'a non-image file',
      [...fields(), { name: 'photo', value: '<html>', filename: 'x.png' }],
      /^photo: Only JPEG, PNG, GIF or WebP/,
    ],
    [
      'a file over the limit',
      [
        ...fields(),
        { name: 'thumb', value: Buffer.concat([PNG, Buffer.alloc(10 * 1024 * 1024)]), filename: 'big.png' },
      ],
      /^thumb: Image must be at most 10MB/,
    ],
    ['a missing title', fields({ titleEn: '' }), /^titleEn:/],
    ['an unknown type', fields({ type: 'HAT' }), /^type:/],
    ['a negative price', fields({ price: '-1' }), /^price:/],
    [
      'a bundle naming a NOOB_PACK',
      [
        ...fields({ type: 'NOOB_PACK', bundleItems: '[30]' }),
        { name: 'photo', value: PNG, filename: 'a.png' },
      ],
      /^bundleItems: NOOB_PACK items cannot be bundled/,
    ],
    [
      'a bundle naming an unknown id',
      fields({ type: 'NOOB_PACK', bundleItems: '[1, 99999]' }),
      /^bundleItems: Unknown shop item 99999/,
    ],
    ['a bundle that is not JSON', fields({ type: 'NOOB_PACK', bundleItems: '1,2' }), /^bundleItems:/],
    [
      'an unexpected file field',
      [...fields(), { name: 'avatar', value: PNG, filename: 'a.png' }],
      /^avatar: Unexpected file field/,
    ],
  ])('refuses %s with 400 and stores nothing', async (_, parts, message) => {
    const [before, files] = [await itemCount(), uploads()];
    const res = await send('POST', '/manager/shop-items', parts as Part[]);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().message).toMatch(message);
    expect(await itemCount()).toBe(before);
    expect(uploads()).toBe(files);
  });

  it('creates a NOOB_PACK bundle; other types never keep a bundle', async () => {
    const pack = (
      await send('POST', '/manager/shop-items', fields({ type: 'NOOB_PACK', bundleItems: '[1,2,2]' }))
    ).json().data;
    expect(pack.bundleItems).toEqual([1, 2]);
    const frame = (await send('POST', '/manager/shop-items', fields({ bundleItems: '[1]' }))).json().data;
    expect(frame.bundleItems).toBeNull();
    const self = await send(
      'PUT',
      `/manager/shop-items/${pack.id}`,
      fields({ type: 'NOOB_PACK', bundleItems: `[1,${pack.id}]` }),
    );
    expect(self.statusCode).toBe(400);
    expect(self.json().message).toBe('bundleItems: A bundle cannot contain itself');
  });

  it('updates fields, keeps images not replaced, toggles status, audits before and after', async () => {
    const created = (
      await send('POST', '/manager/shop-items', [
        ...fields(),
        { name: 'photo', value: PNG, filename: 'a.png' },
      ])
    ).json().data;
    const res = await send('PUT', `/manager/shop-items/${created.id}`, [
      ...fields({ titleEn: 'Renamed', status: 'false' }),
      { name: 'thumb', value: PNG, filename: 't.png' },
    ]);
    expect(res.statusCode, res.body).toBe(200);
    const updated = res.json().data;
    expect(updated).toMatchObject({ titleEn: 'Renamed', status: false, photoUrl: created.photoUrl });
    expect(updated.thumbUrl).toMatch(/\.png$/);
    const [audit] = await rows(
      `select before, after from audit_log where action = 'shop_item.update' and entity_id = '${created.id}'`,
    );
    expect(audit).toMatchObject({
      before: { titleEn: 'Test Frame', status: true },
      after: { titleEn: 'Renamed', status: false },
    });
    const missing = await send('PUT', '/manager/shop-items/99999', fields());
    expect(missing.statusCode).toBe(404);
  });

  it('disables an item that has orders; deleting it keeps its orders and leaves bundles', async () => {
    const [sold] =
      await rows(`select i.id from shop_items i where i.type <> 'NOOB_PACK' and exists (select 1 from shop_orders o where o.shop_item_id = i.id)
      and exists (select 1 from shop_items p where p.bundle_items::jsonb @> to_jsonb(i.id)) order by i.id limit 1`);
    const id = Number(sold!.id);
    const orders = Number(
      (await rows(`select count(*) as n from shop_orders where shop_item_id = ${id}`))[0]!.n,
    );
    const item = (await items()).find((i) => i.id === id)!;
    const off = await send(
      'PUT',
      `/manager/shop-items/${id}`,
      fields({ titleEn: item.titleEn, type: item.type, status: 'false' }),
    );
    expect(off.json().data.status).toBe(false);
    const del = await t.call({ method: 'DELETE', url: `/manager/shop-items/${id}`, token });
    expect(del.json()).toMatchObject({ code: 200, message: 'Shop item deleted' });
    expect((await items()).some((i) => i.id === id || (i.bundleItems ?? []).includes(id))).toBe(false);
    const list = whole(
      envelope(shopOrdersResponseSchema).parse(
        (await t.call({ method: 'GET', url: '/manager/shop-orders', token })).json(),
      ).data,
    );
    expect(list.filter((o) => o.shopItem === null)).toHaveLength(orders);
    expect((await t.call({ method: 'DELETE', url: `/manager/shop-items/${id}`, token })).statusCode).toBe(
      404,
    );
    expect((await t.call({ method: 'DELETE', url: '/manager/shop-items/abc', token })).statusCode).toBe(400);
  });
});

describe('GET /manager/shop-orders', () => {
  it('returns every order newest first with user and item', async () => {
    const list = whole(
      envelope(shopOrdersResponseSchema).parse(
        (await t.call({ method: 'GET', url: '/manager/shop-orders', token })).json(),
      ).data,
    );
    expect(list).toHaveLength(Number((await rows('select count(*) as n from shop_orders'))[0]!.n));
    const dates = list.map((o) => o.createdAt);
    expect([...dates].sort().reverse()).toEqual(dates);
    const bundle = list.find((o) => o.isBundle && o.shopItem);
    expect(bundle?.shopItem?.type).toBe('NOOB_PACK');
    expect(list[0]!.user.telegramId).toBeGreaterThan(0);
  });
});
