import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inventories, users } from '../../src/db/schema/index';
import { loadConfig } from '../../src/config';
import { differences, fingerprint } from '../support/db-fingerprint';
import { buildTestApp, signIn, type TestApp } from '../support/helper';
import { form, PNG, type Part } from '../support/multipart';

/**
 * Every amount a form sets is bounded by its unit's limit (MAX_AMOUNT_TON, _STARS, _RED_CHIP,
 * _PLAY; src/lib/amount-limits.ts): at the limit it is accepted, above it 400 naming the field,
 * with nothing written and no image kept. The defaults: 10,000 TON, 2,500,000 Stars,
 * 10,000,000 RED_CHIP, 100,000,000 PLAY.
 */
let t: TestApp;
let token: string;
let giftId: number;
beforeAll(async () => {
  t = await buildTestApp();
  token = (await signIn(t)).accessToken;
  await t.db.insert(users).values({ telegramId: 700000201, username: 'holder' });
  giftId = (
    await t.db
      .insert(inventories)
      .values({ telegramId: 700000201, name: 'PlushPepe-9', baseName: 'Plush Pepe', price: '9' })
      .returning()
  )[0]!.id;
});
afterAll(() => t?.close());

const photo = (name: string): Part[] => [{ name, value: PNG, filename: `${name}.png` }];
const TASK = {
  category: 'Partners',
  titleEn: 'Join',
  titleRu: 'Вступай',
  rewardCurrency: 'TON',
  rewardAmount: '1',
  link: 'https://t.me/x',
};
const ITEM = {
  titleEn: 'Frame',
  titleRu: 'Рамка',
  descriptionEn: 'A frame',
  descriptionRu: 'Рамка',
  type: 'FRAME',
  price: '1',
  currency: 'TON',
};
const future = new Date(Date.now() + 7 * 86_400_000).toISOString();
const giveaway = (over: Record<string, string>) => ({
  expiredDate: future,
  gifts: JSON.stringify([{ id: giftId, name: 'x', price: 1 }]),
  isFree: 'false',
  ticketPriceTon: '1',
  ticketPriceStars: '1',
  ...over,
});
const reward = (over: object) => ({
  id: 1,
  type: 'TON',
  amount: 1,
  chance: 1,
  starsValue: 250,
  showInModal: true,
  ...over,
});
const box = (rewards: object[], amount = '100') => ({
  name: 'Box',
  amount,
  rewards: JSON.stringify(rewards),
});

async function accepted(
  method: 'POST' | 'PUT',
  url: string,
  fields: Record<string, string>,
  app = t,
  as = token,
) {
  const res = await app.call({ method, url, token: as, ...form(fields) });
  expect(res.statusCode, `${url} ${JSON.stringify(fields)}: ${res.body}`).toBe(200);
  return res.json().data as { id: number };
}

/** 400 with exactly `message`, nothing written, no image kept. */
async function refused(
  method: 'POST' | 'PUT',
  url: string,
  fields: Record<string, string>,
  message: string,
  file: string,
  app = t,
  as = token,
) {
  const before = await fingerprint(app);
  const res = await app.call({ method, url, token: as, ...form(fields, photo(file)) });
  expect(res.statusCode, res.body).toBe(400);
  expect(res.json().message).toBe(message);
  expect(differences(before, await fingerprint(app)).filter((n) => !n.endsWith('.admin_sessions'))).toEqual(
    [],
  );
}

describe('the default limits, per unit', () => {
  it("a task's reward: at the limit of its currency accepted, above it 400 naming rewardAmount; on an edit too", async () => {
    const limits = { TON: '10000', STAR: '2500000', RED_CHIP: '10000000', PLAY: '100000000' } as const;
    const words = { TON: 'TON', STAR: 'Stars', RED_CHIP: 'RED_CHIP', PLAY: 'PLAY' } as const;
    for (const [currency, limit] of Object.entries(limits) as Array<[keyof typeof limits, string]>) {
      await accepted('POST', '/manager/tasks', { ...TASK, rewardCurrency: currency, rewardAmount: limit });
      await refused(
        'POST',
        '/manager/tasks',
        { ...TASK, rewardCurrency: currency, rewardAmount: `${limit}.01` },
        `rewardAmount: Must be at most ${limit} ${words[currency]}`,
        'photo',
      );
    }
    const { id } = await accepted('POST', '/manager/tasks', TASK);
    await refused(
      'PUT',
      `/manager/tasks/${id}`,
      { ...TASK, rewardAmount: '99999999999' },
      'rewardAmount: Must be at most 10000 TON',
      'photo',
    );
  });

  it("a shop item's price, by its currency, on create and edit", async () => {
    await accepted('POST', '/manager/shop-items', { ...ITEM, currency: 'STAR', price: '2500000' });
    await refused(
      'POST',
      '/manager/shop-items',
      { ...ITEM, currency: 'STAR', price: '2500001' },
      'price: Must be at most 2500000 Stars',
      'photo',
    );
    const { id } = await accepted('POST', '/manager/shop-items', { ...ITEM, price: '10000' });
    await refused(
      'PUT',
      `/manager/shop-items/${id}`,
      { ...ITEM, price: '10000.01' },
      'price: Must be at most 10000 TON',
      'thumb',
    );
  });

  it("a giveaway's ticket prices: TON and Stars", async () => {
    const { id } = await accepted(
      'POST',
      '/manager/giveaways',
      giveaway({ ticketPriceTon: '10000', ticketPriceStars: '2500000' }),
    );
    await refused(
      'POST',
      '/manager/giveaways',
      giveaway({ ticketPriceTon: '10001' }),
      'ticketPriceTon: Must be at most 10000 TON',
      'previewImage',
    );
    await refused(
      'PUT',
      `/manager/giveaways/${id}`,
      giveaway({ ticketPriceStars: '2500001', ticketPriceTon: '20000' }),
      'ticketPriceTon: Must be at most 10000 TON; ticketPriceStars: Must be at most 2500000 Stars',
      'previewImage',
    );
    // A free giveaway stores no prices, whatever the form sent.
    await accepted('POST', '/manager/giveaways', giveaway({ isFree: 'true', ticketPriceTon: '99999' }));
  });

  it("a loot box: its price, each reward's amount (TON or Stars), Stars value and gift price", async () => {
    const atLimits = [
      reward({ amount: 10000, chance: 0.5, starsValue: 2500000 }),
      reward({ id: 2, type: 'STARS', amount: 2500000, chance: 0.25, starsValue: 2500000 }),
      reward({
        id: 3,
        type: 'NFT',
        amount: 0,
        chance: 0.25,
        starsValue: 2500000,
        giftData: { name: 'PlushPepe-9', price: 10000 },
      }),
    ];
    const { id } = await accepted('POST', '/manager/loot-boxes', box(atLimits, '2500000'));
    const over = (i: number, change: object) => atLimits.map((r, k) => (k === i ? { ...r, ...change } : r));
    const cases: Array<[Record<string, string>, string]> = [
      [box(atLimits, '2500001'), 'amount: Must be at most 2500000 Stars'],
      [box(over(0, { amount: 10000.5 })), 'rewards.0.amount: Must be at most 10000 TON'],
      [box(over(1, { amount: 2500001 })), 'rewards.1.amount: Must be at most 2500000 Stars'],
      [box(over(1, { starsValue: 2500001 })), 'rewards.1.starsValue: Must be at most 2500000 Stars'],
      [
        box(over(2, { giftData: { name: 'PlushPepe-9', price: 10001 } })),
        'rewards.2.giftData.price: Must be at most 10000 TON',
      ],
    ];
    for (const [fields, message] of cases) {
      await refused('POST', '/manager/loot-boxes', fields, message, 'image');
      await refused('PUT', `/manager/loot-boxes/${id}`, fields, message, 'image');
    }
  });

  it('chances stay within 0 to 100% each (the contract), summing to 100%', async () => {
    const res = await t.call({
      method: 'POST',
      url: '/manager/loot-boxes',
      token,
      ...form(box([reward({ chance: 1.5 }), reward({ id: 2, chance: -0.5 })])),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/^rewards\.0\.chance: /);
  });
});

describe('the limits are configuration', () => {
  it('a lower MAX_AMOUNT_TON applies: 5 TON passes, 5.01 is refused naming the field and the limit', async () => {
    const low = await buildTestApp({ MAX_AMOUNT_TON: '5', MAX_AMOUNT_STARS: '1000' });
    try {
      const as = (await signIn(low)).accessToken;
      await accepted('POST', '/manager/tasks', { ...TASK, rewardAmount: '5' }, low, as);
      await refused(
        'POST',
        '/manager/tasks',
        { ...TASK, rewardAmount: '5.01' },
        'rewardAmount: Must be at most 5 TON',
        'photo',
        low,
        as,
      );
      await refused(
        'POST',
        '/manager/shop-items',
        { ...ITEM, currency: 'STAR', price: '1001' },
        'price: Must be at most 1000 Stars',
        'photo',
        low,
        as,
      );
      // Other units keep their defaults.
      await accepted(
        'POST',
        '/manager/tasks',
        { ...TASK, rewardCurrency: 'PLAY', rewardAmount: '100000000' },
        low,
        as,
      );
    } finally {
      await low.close();
    }
  });

  it('a limit must be above 0 and below what a money column holds', () => {
    for (const value of ['0', '-1', 'abc', '100000000000']) {
      expect(() => loadConfig({ NODE_ENV: 'test', MAX_AMOUNT_TON: value }), value).toThrow(
        /MAX_AMOUNT_TON: /,
      );
    }
    expect(loadConfig({ NODE_ENV: 'test', MAX_AMOUNT_RED_CHIP: '99999999999.5' }).amountLimits.RED_CHIP).toBe(
      99999999999.5,
    );
  });
});
