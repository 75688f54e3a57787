import { readdirSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lootBoxes, shopItems } from '../../src/db/schema/index';
import {
  cleanupUploads,
  cleanupUploadsJob,
  namedUploads,
  UPLOADS_GRACE_MS,
} from '../../src/files/orphan-cleanup-job';
import { buildTestApp, type TestApp } from '../support/helper';
import { PNG } from '../support/multipart';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

/** A file in the uploads folder, last written `ageMs` ago. */
function stored(name: string, ageMs: number) {
  const path = join(t.config.uploadsDir, name);
  writeFileSync(path, PNG);
  const at = new Date(Date.now() - ageMs);
  utimesSync(path, at, at);
}
const files = () =>
  readdirSync(t.config.uploadsDir)
    .filter((name) => !name.startsWith('.'))
    .sort();
const DAY = 24 * 3_600_000;

describe('cleanup.uploads: stored files no row names', () => {
  it('deletes old files no row names, keeps named ones (columns and JSON) and young ones', async () => {
    await t.db.insert(shopItems).values({
      titleEn: 'Frame',
      titleRu: 'Frame',
      descriptionEn: '',
      descriptionRu: '',
      type: 'FRAME',
      price: '1',
      currency: 'TON',
      photoUrl: 'photo.png',
      thumbUrl: 'thumb.png',
    });
    await t.db.insert(lootBoxes).values({
      name: 'Box',
      amount: 10,
      imageUrl: 'box.png',
      rewards: [
        {
          id: 1,
          type: 'GIFT',
          amount: 1,
          chance: 1,
          starsValue: 0,
          showInModal: true,
          giftData: { name: 'Pepe', image: 'reward.png' },
        },
      ],
    });
    for (const name of ['photo.png', 'thumb.png', 'box.png', 'reward.png', 'replaced.png', 'gone.jpg'])
      stored(name, 3 * DAY);
    stored('just-saved.png', 60_000);

    expect([...(await namedUploads(t.db))]).toEqual(
      expect.arrayContaining(['photo.png', 'thumb.png', 'box.png', 'reward.png']),
    );

    const report = await cleanupUploads(t.db, t.app.files, new Date());
    expect(report).toEqual({ files: 7, deleted: 2 });
    expect(files()).toEqual(['box.png', 'just-saved.png', 'photo.png', 'reward.png', 'thumb.png']);

    // Once the young file is past the grace period and still unnamed, the job deletes it.
    expect(await cleanupUploadsJob.run(t.app, undefined as never, t.app.jobs)).toEqual({
      files: 5,
      deleted: 0,
    });
    expect(await cleanupUploads(t.db, t.app.files, new Date(Date.now() + UPLOADS_GRACE_MS))).toEqual({
      files: 5,
      deleted: 1,
    });
    expect(files()).toEqual(['box.png', 'photo.png', 'reward.png', 'thumb.png']);
  });
});
