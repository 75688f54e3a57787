import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inventories, users } from '../../../src/db/schema/index';
import { buildTestApp, signIn, type TestApp } from '../../support/helper';
import { form, PNG, type Part } from '../../support/multipart';
import { bareSession, confirmSession, expectRefusedWithoutStepUp } from './step-up-support';

/**
 * What pays players or charges them needs a fresh step-up (docs/decisions/0009-step-up.md): a
 * new task, shop item, loot box or giveaway always; an edit when it changes the reward, the
 * price, the odds or the prizes. A bare access token gets 428 and changes nothing (no row, no
 * audit row, no stored or staged file); the same session confirmed gets through.
 */
let t: TestApp;
/** A stepped-up session that makes the rows the tests edit. */
let admin: string;
let giftIds: number[];
beforeAll(async () => {
  t = await buildTestApp();
  admin = (await signIn(t)).accessToken;
  await t.db.insert(users).values({ telegramId: 700000101, username: 'holder' });
  const gifts = await t.db
    .insert(inventories)
    .values([
      { telegramId: 700000101, name: 'PlushPepe-1', baseName: 'Plush Pepe', price: '12.5' },
      { telegramId: 700000101, name: 'PlushPepe-2', baseName: 'Plush Pepe', price: '3' },
    ])
    .returning();
  giftIds = gifts.map((g) => g.id);
});
afterAll(() => t?.close());

const photo = (name: string): Part[] => [{ name, value: PNG, filename: `${name}.png` }];
const future = new Date(Date.now() + 7 * 86_400_000).toISOString();

const TASK = {
  category: 'Partners',
  titleEn: 'Join',
  titleRu: 'Вступай',
  rewardCurrency: 'TON',
  rewardAmount: '0.5',
  link: 'https://t.me/x',
};
const SHOP_ITEM = {
  titleEn: 'Frame',
  titleRu: 'Рамка',
  descriptionEn: 'A frame',
  descriptionRu: 'Рамка',
  type: 'FRAME',
  price: '2.5',
  currency: 'TON',
};
const REWARDS = [
  { id: 1, type: 'TON', amount: 0.1, chance: 0.6, starsValue: 25, showInModal: true },
  { id: 2, type: 'STARS', amount: 50, chance: 0.3, starsValue: 50, showInModal: true },
  {
    id: 3,
    type: 'NFT_FAKE',
    amount: 0,
    chance: 0.1,
    starsValue: 10,
    showInModal: true,
    giftData: { name: 'Lucky Charm' },
  },
];
const lootBox = (rewards: object[] = REWARDS, over: Record<string, string> = {}) => ({
  name: 'Box',
  amount: '100',
  rewards: JSON.stringify(rewards),
  ...over,
});
const giveaway = (over: Record<string, string> = {}) => ({
  expiredDate: future,
  gifts: JSON.stringify([{ id: giftIds[0], name: 'x', price: 1 }]),
  isFree: 'false',
  ticketPriceTon: '0.5',
  ticketPriceStars: '25',
  ...over,
});

/** Creates a row as the stepped-up admin; its id. */
async function created(url: string, fields: Record<string, string>): Promise<number> {
  const res = await t.call({ method: 'POST', url, token: admin, ...form(fields) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.id as number;
}

describe('creating what pays or charges players needs a step-up', () => {
  const creates: Array<[string, string, Record<string, string>, string]> = [
    ['a task', '/manager/tasks', TASK, 'photo'],
    ['a shop item', '/manager/shop-items', SHOP_ITEM, 'photo'],
    ['a loot box', '/manager/loot-boxes', lootBox(), 'image'],
    ['a giveaway', '/manager/giveaways', {}, 'previewImage'],
  ];

  it.each(creates)(
    '%s: a bare token gets 428 before the form is read, nothing written and no file kept; after the step-up it is created',
    async (_what, url, fields, file) => {
      const body = url.endsWith('giveaways') ? giveaway() : fields;
      const token = await bareSession(t);
      await expectRefusedWithoutStepUp(t, token, { method: 'POST', url, ...form(body, photo(file)) });
      // Refused before validation too: a thief learns nothing from the form's errors.
      await expectRefusedWithoutStepUp(t, token, { method: 'POST', url, ...form({}) });
      await confirmSession(t, token);
      const res = await t.call({ method: 'POST', url, token, ...form(body, photo(file)) });
      expect(res.statusCode, res.body).toBe(200);
    },
  );
});

describe('an edit needs a step-up only when it changes what players get or pay', () => {
  it('a task: a new title, link or status passes without; a new reward amount or currency is 428 and keeps the stored task', async () => {
    const id = await created('/manager/tasks', TASK);
    const url = `/manager/tasks/${id}`;
    const token = await bareSession(t);
    const kept = await t.call({
      method: 'PUT',
      url,
      token,
      ...form({ ...TASK, titleEn: 'Join us', rewardAmount: '0.500000000', status: 'false' }, photo('photo')),
    });
    expect(kept.statusCode, kept.body).toBe(200);
    expect(kept.json().data).toMatchObject({ titleEn: 'Join us', rewardAmount: 0.5, status: false });
    // The status toggle sends the row's fields as JSON.
    const toggled = await t.call({
      method: 'PUT',
      url,
      token,
      payload: { ...kept.json().data, status: true },
    });
    expect(toggled.statusCode, toggled.body).toBe(200);
    await expectRefusedWithoutStepUp(t, token, {
      method: 'PUT',
      url,
      ...form({ ...TASK, rewardAmount: '9999' }, photo('photo')),
    });
    await expectRefusedWithoutStepUp(t, token, {
      method: 'PUT',
      url,
      ...form({ ...TASK, rewardCurrency: 'STAR' }),
    });
    // One unit in the ninth decimal is a change: compared as stored decimals.
    await expectRefusedWithoutStepUp(t, token, {
      method: 'PUT',
      url,
      ...form({ ...TASK, rewardAmount: '0.500000001' }),
    });
    await confirmSession(t, token);
    const changed = await t.call({ method: 'PUT', url, token, ...form({ ...TASK, rewardAmount: '2' }) });
    expect(changed.json().data).toMatchObject({ rewardAmount: 2 });
  });

  it('a shop item: new texts pass without; a new price or currency is 428', async () => {
    const id = await created('/manager/shop-items', SHOP_ITEM);
    const url = `/manager/shop-items/${id}`;
    const token = await bareSession(t);
    const kept = await t.call({
      method: 'PUT',
      url,
      token,
      ...form({ ...SHOP_ITEM, titleEn: 'Gold frame', status: 'false' }, photo('thumb')),
    });
    expect(kept.statusCode, kept.body).toBe(200);
    await expectRefusedWithoutStepUp(t, token, {
      method: 'PUT',
      url,
      ...form({ ...SHOP_ITEM, price: '0' }, photo('photo')),
    });
    await expectRefusedWithoutStepUp(t, token, {
      method: 'PUT',
      url,
      ...form({ ...SHOP_ITEM, currency: 'STAR' }),
    });
    await confirmSession(t, token);
    const changed = await t.call({ method: 'PUT', url, token, ...form({ ...SHOP_ITEM, price: '0' }) });
    expect(changed.json().data).toMatchObject({ price: 0 });
  });

  it('a loot box: a new name or image passes without; a new price, reward amount, chance, Stars value or gift is 428', async () => {
    const id = await created('/manager/loot-boxes', lootBox());
    const url = `/manager/loot-boxes/${id}`;
    const token = await bareSession(t);
    const renamed = await t.call({
      method: 'PUT',
      url,
      token,
      ...form(lootBox(REWARDS, { name: 'Lucky box' }), photo('image')),
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    // The editor sends the stored rewards back; whether the modal shows one is no payout.
    const shown = REWARDS.map((r) => (r.id === 3 ? { ...r, showInModal: false } : r));
    expect((await t.call({ method: 'PUT', url, token, ...form(lootBox(shown)) })).statusCode).toBe(200);
    const changes: object[][] = [
      REWARDS.map((r) => (r.id === 1 ? { ...r, amount: 1000 } : r)),
      REWARDS.map((r) => (r.id === 1 ? { ...r, chance: 0.3 } : r.id === 2 ? { ...r, chance: 0.6 } : r)),
      REWARDS.map((r) => (r.id === 2 ? { ...r, starsValue: 5000 } : r)),
      REWARDS.map((r) => (r.id === 3 ? { ...r, giftData: { name: 'Golden Charm' } } : r)),
    ];
    for (const rewards of changes)
      await expectRefusedWithoutStepUp(t, token, {
        method: 'PUT',
        url,
        ...form(lootBox(rewards), photo('image')),
      });
    await expectRefusedWithoutStepUp(t, token, {
      method: 'PUT',
      url,
      ...form(lootBox(REWARDS, { amount: '1' })),
    });
    await confirmSession(t, token);
    const changed = await t.call({ method: 'PUT', url, token, ...form(lootBox(changes[1]!)) });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().data.rewards[0]).toMatchObject({ chance: 0.3 });
  });

  it('a giveaway: a new expiry, image or status passes without; new ticket prices, prizes or free/paid are 428', async () => {
    const id = await created('/manager/giveaways', giveaway());
    const url = `/manager/giveaways/${id}`;
    const token = await bareSession(t);
    const later = new Date(Date.now() + 14 * 86_400_000).toISOString();
    const kept = await t.call({
      method: 'PUT',
      url,
      token,
      ...form(giveaway({ expiredDate: later, status: 'false' }), photo('previewImage')),
    });
    expect(kept.statusCode, kept.body).toBe(200);
    const refused = [
      giveaway({ ticketPriceTon: '0' }),
      giveaway({ ticketPriceStars: '1' }),
      giveaway({ isFree: 'true' }),
      giveaway({ gifts: JSON.stringify([{ id: giftIds[1], name: 'x', price: 1 }]) }),
      giveaway({ gifts: JSON.stringify(giftIds.map((gift) => ({ id: gift, name: 'x', price: 1 }))) }),
    ];
    for (const fields of refused)
      await expectRefusedWithoutStepUp(t, token, {
        method: 'PUT',
        url,
        ...form(fields, photo('previewImage')),
      });
    await confirmSession(t, token);
    const changed = await t.call({ method: 'PUT', url, token, ...form(giveaway({ isFree: 'true' })) });
    expect(changed.json().data).toMatchObject({ isFree: true, ticketPriceTon: 0 });
  });
});
