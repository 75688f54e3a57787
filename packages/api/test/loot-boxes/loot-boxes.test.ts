import { readdirSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  envelope,
  LOOT_BOX_INVENTORY_TELEGRAM_ID,
  lootBoxesResponseSchema,
  lootBoxSchema,
} from '@manager/contract';
import { telegramIdOf } from '../../src/db/seed/users';
import { signedInApp, type TestApp, whole } from '../support/helper';
import { multipart, PNG, type Part } from '../support/multipart';

const file = (name: string): Part => ({ name, value: PNG, filename: `${name}.png` });

const REWARDS = [
  { id: 1, type: 'TON', amount: 0.1, chance: 0.5, starsValue: 25, showInModal: true },
  { id: 2, type: 'STARS', amount: 50, chance: 0.2, starsValue: 50, showInModal: true },
  {
    id: 3,
    type: 'NFT',
    amount: 0,
    chance: 0.1,
    starsValue: 500,
    showInModal: true,
    giftData: { name: 'PlushPepe-12', price: 2, fileIndex: 3 },
  },
  {
    id: 4,
    type: 'NFT_FAKE',
    amount: 0,
    chance: 0.1,
    starsValue: 10,
    showInModal: false,
    giftData: { name: 'Lucky Charm', fileIndex: 4 },
  },
  {
    id: 5,
    type: 'GIFT',
    amount: 0,
    chance: 0.05,
    starsValue: 15,
    showInModal: true,
    giftData: { id: '5000', name: 'Heart', emoji: '💝', price: 15 },
  },
  {
    id: 6,
    type: 'SHOP',
    amount: 1,
    chance: 0.05,
    starsValue: 100,
    showInModal: true,
    giftData: { shopItemId: 1, name: 'Item', price: 100, currency: 'STAR' },
  },
];
const body = (over: Record<string, string> = {}): Part[] =>
  Object.entries({ name: 'Test Box', amount: '100', rewards: JSON.stringify(REWARDS), ...over }).map(
    ([name, value]) => ({ name, value }),
  );

let t: TestApp;
let token: string;
const boxCount = async () =>
  Number(
    (
      (await t.db.execute(sql.raw('select count(*) as n from loot_boxes'))) as unknown as {
        rows: Array<{ n: unknown }>;
      }
    ).rows[0]!.n,
  );
const uploads = () => readdirSync(t.config.uploadsDir).length;
const send = (method: 'POST' | 'PUT', url: string, parts: Part[]) =>
  t.call({ method, url, token, ...multipart(parts) });

beforeAll(async () => ({ t, token } = await signedInApp({ users: 300 })));
afterAll(async () => {
  await t?.close();
});

describe('loot boxes', () => {
  it('lists the seeded boxes whose chances sum to 1', async () => {
    const res = await t.call({ method: 'GET', url: '/manager/loot-boxes', token });
    const list = whole(envelope(lootBoxesResponseSchema).parse(res.json()).data);
    expect(list).toHaveLength(await boxCount());
    for (const box of list) expect(box.rewards.reduce((s, r) => s + r.chance, 0)).toBeCloseTo(1, 3);
  });

  it('creates a box with its image and reward images placed by file index', async () => {
    const res = await send('POST', '/manager/loot-boxes', [
      ...body(),
      file('image'),
      file('nft_3'),
      file('nft_fake_4'),
    ]);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe('Loot box created');
    const box = lootBoxSchema.parse(res.json().data);
    expect(box).toMatchObject({ name: 'Test Box', amount: 100, isActive: true });
    expect(box.imageUrl).toMatch(/^[0-9a-f-]{36}\.png$/);
    expect(box.rewards[2]!.giftData).toMatchObject({
      name: 'PlushPepe-12',
      customImageUrl: expect.stringMatching(/\.png$/),
    });
    expect(box.rewards[2]!.giftData).not.toHaveProperty('fileIndex');
    expect(box.rewards[3]!.giftData?.imageUrl).toMatch(/\.png$/);
    expect(box.rewards[0]!.giftData).toBeNull();
  });

  it.each([
    [
      'chances not summing to 100%',
      body({ rewards: JSON.stringify(REWARDS.map((r, i) => (i === 0 ? { ...r, chance: 0.49 } : r))) }),
      /Total chance must equal 100%/,
    ],
    [
      'a chance above 1',
      body({ rewards: JSON.stringify([{ ...REWARDS[0], chance: 1.5 }]) }),
      /^rewards\.0\.chance:/,
    ],
    [
      'an unknown reward type',
      body({ rewards: JSON.stringify([{ ...REWARDS[0], type: 'HAT', chance: 1 }]) }),
      /^rewards\.0\.type:/,
    ],
    [
      'an NFT without a name',
      body({ rewards: JSON.stringify([{ ...REWARDS[2], id: 1, chance: 1, giftData: {} }]) }),
      /^rewards\.0\.giftData\.name:/,
    ],
    [
      'an unknown shop item',
      body({
        rewards: JSON.stringify([{ ...REWARDS[5], id: 1, chance: 1, giftData: { shopItemId: 9999 } }]),
      }),
      /Unknown shop item 9999/,
    ],
    [
      'ids not numbered from 1',
      body({ rewards: JSON.stringify([{ ...REWARDS[0], id: 2, chance: 1 }]) }),
      /Reward ids must be numbered from 1/,
    ],
    ['a missing name', body({ name: ' ' }), /^name:/],
    ['a fractional amount', body({ amount: '1.5' }), /^amount:/],
    [
      'a non-image reward file',
      [...body(), { name: 'nft_3', value: '<svg/>', filename: 'x.png' }],
      /^nft_3: Only JPEG, PNG, GIF or WebP/,
    ],
    ['a file for no reward', [...body(), file('shop_9')], /^shop_9: No SHOP reward has file index 9/],
    ['rewards that are not JSON', body({ rewards: '[{' }), /^rewards: Invalid JSON/],
  ])('refuses %s with 400 and stores nothing', async (_, parts, message) => {
    const [before, files] = [await boxCount(), uploads()];
    const res = await send('POST', '/manager/loot-boxes', [...(parts as Part[]), file('image')]);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().message).toMatch(message);
    expect(await boxCount()).toBe(before);
    expect(uploads()).toBe(files);
  });

  it('updates keeping the image, toggles, deletes, and audits each', async () => {
    const created = (await send('POST', '/manager/loot-boxes', [...body(), file('image')])).json().data;
    const updated = await send(
      'PUT',
      `/manager/loot-boxes/${created.id}`,
      body({ name: 'Renamed', rewards: JSON.stringify([{ ...REWARDS[0], chance: 1 }]) }),
    );
    expect(updated.json()).toMatchObject({
      code: 200,
      message: 'Loot box updated',
      data: { name: 'Renamed', imageUrl: created.imageUrl },
    });
    expect(updated.json().data.rewards).toHaveLength(1);
    const off = await t.call({
      method: 'PATCH',
      url: `/manager/loot-boxes/${created.id}/toggle-status`,
      token,
    });
    expect(off.json()).toMatchObject({ message: 'Loot box deactivated', data: { isActive: false } });
    const del = await t.call({ method: 'DELETE', url: `/manager/loot-boxes/${created.id}`, token });
    expect(del.json()).toMatchObject({ code: 200, message: 'Loot box deleted' });
    expect(
      (await t.call({ method: 'DELETE', url: `/manager/loot-boxes/${created.id}`, token })).statusCode,
    ).toBe(404);
    expect((await send('PUT', `/manager/loot-boxes/${created.id}`, body())).statusCode).toBe(404);
    const audit = (await t.db.execute(
      sql.raw(
        `select action from audit_log where entity = 'loot_box' and entity_id = '${created.id}' order by id`,
      ),
    )) as unknown as { rows: Array<{ action: string }> };
    expect(audit.rows.map((r) => r.action)).toEqual([
      'loot_box.create',
      'loot_box.update',
      'loot_box.toggle',
      'loot_box.delete',
    ]);
  });
});

describe('gift pickers', () => {
  it('searches available inventory gifts by name, optionally for one account', async () => {
    const all = (await t.call({ method: 'GET', url: '/manager/giveaways/inventory-gifts', token })).json()
      .data;
    expect(all.length).toBeGreaterThan(0);
    const gift = all[0];
    const found = (
      await t.call({
        method: 'GET',
        url: `/manager/giveaways/inventory-gifts?search=${encodeURIComponent(gift.baseName)}`,
        token,
      })
    ).json().data;
    expect(
      found.every(
        (g: { baseName: string; name: string }) =>
          g.baseName === gift.baseName || g.name.includes(gift.baseName),
      ),
    ).toBe(true);
    const mine = (
      await t.call({
        method: 'GET',
        url: `/manager/giveaways/inventory-gifts?telegramId=${gift.telegramId}`,
        token,
      })
    ).json().data;
    expect(mine.length).toBeGreaterThan(0);
    expect(mine.every((g: { telegramId: number }) => g.telegramId === gift.telegramId)).toBe(true);
    expect(
      (await t.call({ method: 'GET', url: '/manager/giveaways/inventory-gifts?telegramId=abc', token }))
        .statusCode,
    ).toBe(400);
  });

  it('seeds available gifts on the loot-box inventory account, an existing player', async () => {
    expect(LOOT_BOX_INVENTORY_TELEGRAM_ID).toBe(telegramIdOf(0));
    const gifts = (
      await t.call({
        method: 'GET',
        url: `/manager/giveaways/inventory-gifts?telegramId=${LOOT_BOX_INVENTORY_TELEGRAM_ID}`,
        token,
      })
    ).json().data;
    expect(gifts.length).toBeGreaterThan(0);
  });

  it('lists Stars gifts by price', async () => {
    const gifts = (await t.call({ method: 'GET', url: '/manager/giveaways/stars-gifts', token })).json().data;
    expect(gifts.length).toBeGreaterThan(0);
    expect(gifts[0]).toMatchObject({ id: expect.any(String), price: expect.any(Number) });
  });
});
