import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPath, calls, CSV_EXPORT_LISTS } from '@manager/contract';
import { mailings, settings, users } from '../../../src/db/schema/index';
import { buildTestApp, signIn, type TestApp } from '../../support/helper';
import { form, multipart, PNG } from '../../support/multipart';
import { bareSession, confirmSession, expectRefusedWithoutStepUp } from './step-up-support';

/**
 * What reaches every player, or copies their data in bulk, needs a fresh step-up as well
 * (docs/decisions/0009-step-up.md): starting a mailing, turning technical mode on or off, and
 * the lists' CSV exports. A bare access token gets 428 and nothing happens.
 */
let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await buildTestApp();
  admin = (await signIn(t)).accessToken;
  await t.db
    .insert(users)
    .values(Array.from({ length: 5 }, (_, i) => ({ telegramId: 800000100 + i, username: `reach${i}` })));
  await t.db.insert(settings).values({ id: 1, technicalMode: false, playToStars: '0.5', playToRedChip: '2' });
});
afterAll(() => t?.close());

const SETTINGS = {
  technicalMode: 'false',
  playToStars: '0.5',
  playToRedChip: '2',
  bannerOneUrl: 'MarketPage',
  bannerOneStatus: 'true',
  bannerTwoUrl: 'close',
  bannerTwoStatus: 'false',
};
const saveSettings = (fields: Record<string, string>, banner = false) =>
  multipart([
    ...Object.entries({ ...SETTINGS, ...fields }).map(([name, value]) => ({ name, value })),
    ...(banner ? [{ name: 'bannerOneImage', value: PNG, filename: 'b.png' }] : []),
  ]);
const technicalMode = async () => (await t.db.select({ on: settings.technicalMode }).from(settings))[0]!.on;

describe('starting a mailing', () => {
  it('a bare token gets 428: the mailing stays waiting, no delivery job is sent; after the step-up it starts', async () => {
    const res = await t.call({
      method: 'POST',
      url: '/manager/mailing',
      token: admin,
      ...form({ message: 'Hello', buttonText: 'Play', buttonLink: 'https://t.me/bot/app' }),
    });
    const id = res.json().data.id as number;
    const token = await bareSession(t);
    // Creating one reaches nobody: a draft needs no step-up.
    const draft = await t.call({
      method: 'POST',
      url: '/manager/mailing',
      token,
      ...form({ message: 'Draft', buttonText: 'Go', buttonLink: 'https://evil.example/' }),
    });
    expect(draft.statusCode, draft.body).toBe(200);
    const start = {
      method: 'PUT' as const,
      url: `/manager/mailing/${id}/status`,
      payload: { status: 'running' },
    };
    await expectRefusedWithoutStepUp(t, token, start);
    expect((await t.db.select().from(mailings).where(eq(mailings.id, id)))[0]).toMatchObject({
      status: 'waiting',
      recipients: 0,
    });
    await confirmSession(t, token);
    const started = await t.call({ ...start, token });
    expect(started.statusCode, started.body).toBe(200);
    expect(started.json().data).toMatchObject({ status: 'running', recipients: 5 });
  });
});

describe('technical mode', () => {
  it('turning it on, or off again, is 428 without a step-up (no banner kept); a banner change alone passes', async () => {
    const token = await bareSession(t);
    await expectRefusedWithoutStepUp(t, token, {
      method: 'POST',
      url: '/manager/settings',
      ...saveSettings({ technicalMode: 'true' }, true),
    });
    expect(await technicalMode()).toBe(false);
    const banners = await t.call({
      method: 'POST',
      url: '/manager/settings',
      token,
      ...saveSettings({ bannerTwoStatus: 'true' }, true),
    });
    expect(banners.statusCode, banners.body).toBe(200);

    await confirmSession(t, token);
    const on = await t.call({
      method: 'POST',
      url: '/manager/settings',
      token,
      ...saveSettings({ technicalMode: 'true' }),
    });
    expect(on.json().data).toMatchObject({ technicalMode: true });
    const other = await bareSession(t);
    await expectRefusedWithoutStepUp(t, other, {
      method: 'POST',
      url: '/manager/settings',
      ...saveSettings({ technicalMode: 'false' }),
    });
    expect(await technicalMode()).toBe(true);
  });
});

describe("the lists' CSV exports", () => {
  const exports = Object.values(calls).filter((c) => c.method === 'GET' && c.path in CSV_EXPORT_LISTS);

  it('every list export is marked, including the players, withdrawals (wallets) and deposits', () => {
    expect(exports.map((c) => c.path).sort()).toEqual(Object.keys(CSV_EXPORT_LISTS).sort());
    expect(exports.every((c) => 'stepUp' in c && c.stepUp === 'always')).toBe(true);
  });

  it.each(Object.keys(CSV_EXPORT_LISTS))(
    '%s: a bare token gets 428 and no CSV (HEAD too, and nothing recorded); after the step-up the file comes',
    async (path) => {
      const token = await bareSession(t);
      await expectRefusedWithoutStepUp(t, token, { method: 'GET', url: apiPath(path) });
      await expectRefusedWithoutStepUp(t, token, { method: 'HEAD', url: apiPath(path) });
      await confirmSession(t, token);
      const res = await t.call({ method: 'GET', url: apiPath(path), token });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/csv/);
    },
  );
});
