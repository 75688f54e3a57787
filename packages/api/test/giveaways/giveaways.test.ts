import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { inventories, users } from '../../src/db/schema/index';
import { buildTestApp, signIn, type TestApp } from '../support/helper';
import { form, PNG, uploadedFiles, rowsOf } from '../support/tasks-helpers';

let t: TestApp;
let token: string;
let giftId: number;
beforeAll(async () => {
  t = await buildTestApp();
  token = (await signIn(t)).accessToken;
  await t.db.insert(users).values({ telegramId: 700000001, username: 'holder' });
  const [gift] = await t.db
    .insert(inventories)
    .values({ telegramId: 700000001, name: 'PlushPepe-12', baseName: 'Plush Pepe', price: '12.5' })
    .returning();
  giftId = gift!.id;
});
afterAll(() => t.close());

const count = async () => Number((await rowsOf(t, sql`select count(*)::int as n from giveaways`))[0]!.n);
const future = new Date(Date.now() + 7 * 86400_000).toISOString();

describe('giveaways', () => {
  it('creates a paid giveaway with gifts from the inventory, edits, toggles and deletes it', async () => {
    const gifts = JSON.stringify([{ id: giftId, name: 'spoofed', price: 0 }]);
    const res = await t.call({
      method: 'POST',
      url: '/manager/giveaways',
      token,
      ...form(
        { expiredDate: future, gifts, isFree: 'false', ticketPriceTon: '0.5', ticketPriceStars: '25' },
        [{ name: 'previewImage', value: PNG, filename: 'a.png' }],
      ),
    });
    expect(res.statusCode).toBe(200);
    const g = res.json().data;
    // Names and prices come from the inventory, not from the client.
    expect(g).toMatchObject({
      isFree: false,
      ticketPriceTon: 0.5,
      ticketPriceStars: 25,
      status: true,
      gifts: [{ id: giftId, name: 'PlushPepe-12', price: 12.5 }],
    });
    expect(g.previewImageUrl).toMatch(/^[0-9a-f-]{36}\.png$/);

    const free = await t.call({
      method: 'PUT',
      url: `/manager/giveaways/${g.id}`,
      token,
      ...form({
        expiredDate: future,
        gifts,
        isFree: 'true',
        ticketPriceTon: '3',
        ticketPriceStars: '3',
        status: 'true',
      }),
    });
    expect(free.json().data).toMatchObject({
      isFree: true,
      ticketPriceTon: 0,
      ticketPriceStars: 0,
      previewImageUrl: g.previewImageUrl,
    });

    const toggled = await t.call({
      method: 'PUT',
      url: `/manager/giveaways/${g.id}`,
      token,
      payload: { ...free.json().data, status: false },
    });
    expect(toggled.json().data.status).toBe(false);

    const list = await t.call({ method: 'GET', url: '/manager/giveaways', token });
    expect(list.json().data.map((x: { id: number }) => x.id)).toContain(g.id);
    expect((await t.call({ method: 'DELETE', url: `/manager/giveaways/${g.id}`, token })).statusCode).toBe(
      200,
    );
    expect(await count()).toBe(0);
  });

  it('refuses negative prices, unknown gift ids, a missing expiry and non-images: 400, nothing stored', async () => {
    const gifts = JSON.stringify([{ id: giftId, name: 'x', price: 1 }]);
    const files = uploadedFiles(t).length;
    const cases: Array<[Record<string, string>, string]> = [
      [
        { expiredDate: future, gifts, isFree: 'false', ticketPriceTon: '-1', ticketPriceStars: '0' },
        'ticketPriceTon',
      ],
      [
        { expiredDate: future, gifts, isFree: 'false', ticketPriceTon: '1', ticketPriceStars: '-5' },
        'ticketPriceStars',
      ],
      [
        { expiredDate: future, gifts: JSON.stringify([{ id: 999999, name: 'x', price: 1 }]), isFree: 'true' },
        'gifts',
      ],
      [{ expiredDate: '', gifts, isFree: 'true' }, 'expiredDate'],
      [{ expiredDate: future, gifts: 'not json', isFree: 'true' }, 'gifts'],
    ];
    for (const [body, field] of cases) {
      const res = await t.call({
        method: 'POST',
        url: '/manager/giveaways',
        token,
        ...form(body, [{ name: 'previewImage', value: PNG, filename: 'a.png' }]),
      });
      expect(res.statusCode, field).toBe(400);
      expect(res.json().message).toContain(field);
    }
    const html = await t.call({
      method: 'POST',
      url: '/manager/giveaways',
      token,
      ...form({ expiredDate: future, gifts, isFree: 'true' }, [
        { name: 'previewImage', value: '<svg/>', filename: 'a.png', type: 'image/png' },
      ]),
    });
    expect(html.statusCode).toBe(400);
    expect(await count()).toBe(0);
    expect(uploadedFiles(t).length).toBe(files);
  });
});
