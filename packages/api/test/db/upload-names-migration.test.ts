import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MIGRATIONS_DIR } from '../../src/db/migrate';
import {
  giveaways,
  lootBoxes,
  mailings,
  settings,
  shopItems,
  tasks,
  tournaments,
} from '../../src/db/schema/index';
import { buildTestApp, signIn, type TestApp } from '../support/helper';

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await buildTestApp();
  ({ accessToken: token } = await signIn(t));
});
afterAll(() => t.close());

/** Runs migration 0003 again over the rows now in the database (its updates are idempotent). */
async function normaliseUploadNames() {
  const text = readFileSync(join(MIGRATIONS_DIR, '0003_upload_names.sql'), 'utf8');
  for (const statement of text.split('--> statement-breakpoint')) await t.db.execute(sql.raw(statement));
}

describe('migration 0003: uploads stored as bare names', () => {
  it('strips a leading /uploads/ from every image column and leaves other values alone', async () => {
    const old = (name: string) => `/uploads/${name}.png`;
    await t.db.insert(tasks).values({
      category: 'Partners',
      titleEn: 'a',
      titleRu: 'a',
      rewardCurrency: 'TON',
      rewardAmount: '1',
      photoUrl: old('task'),
    });
    await t.db
      .insert(tournaments)
      .values({ tournamentsImage: old('tour'), tournamentsLink: 'https://example.com/uploads/keep' });
    await t.db.insert(giveaways).values({
      previewImageUrl: old('give'),
      expiredDate: new Date(),
      gifts: [],
      isFree: true,
      ticketPriceTon: '0',
      ticketPriceStars: '0',
    });
    await t.db
      .insert(mailings)
      .values({ message: 'm', buttonText: 'b', buttonLink: 'https://t.me/x', mediaLink: old('mail') });
    await t.db
      .insert(settings)
      .values({ id: 1, bannerOneImageUrl: old('one'), bannerTwoImageUrl: 'two.png' })
      .onConflictDoUpdate({
        target: settings.id,
        set: { bannerOneImageUrl: old('one'), bannerTwoImageUrl: 'two.png' },
      });
    await t.db.insert(shopItems).values({
      titleEn: 's',
      titleRu: 's',
      descriptionEn: '',
      descriptionRu: '',
      type: 'FRAME',
      price: '1',
      currency: 'TON',
      photoUrl: old('photo'),
      thumbUrl: old('thumb'),
    });
    await t.db.insert(lootBoxes).values({ name: 'box', amount: 1, rewards: [], imageUrl: old('box') });

    await normaliseUploadNames();

    const get = async (url: string) => (await t.call({ method: 'GET', url, token })).json().data;
    expect((await get('/manager/tasks')).map((x: { photoUrl: string }) => x.photoUrl)).toContain('task.png');
    expect((await get('/manager/tournaments'))[0]).toMatchObject({
      tournamentsImage: 'tour.png',
      tournamentsLink: 'https://example.com/uploads/keep',
    });
    expect((await get('/manager/giveaways'))[0].previewImageUrl).toBe('give.png');
    expect((await get('/manager/mailing')).mailings[0].mediaLink).toBe('mail.png');
    expect(await get('/manager/settings')).toMatchObject({
      bannerOneImageUrl: 'one.png',
      bannerTwoImageUrl: 'two.png',
    });
    expect((await get('/manager/shop-items')).at(-1)).toMatchObject({
      photoUrl: 'photo.png',
      thumbUrl: 'thumb.png',
    });
    expect((await get('/manager/loot-boxes'))[0].imageUrl).toBe('box.png');
  });
});
