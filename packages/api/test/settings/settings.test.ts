import { readdirSync } from 'node:fs';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../src/db/schema/auth';
import { signedInApp, type TestApp } from '../support/helper';
import { multipart, PNG, WEBP, type Part } from '../support/multipart';

const FIELDS = {
  technicalMode: 'true',
  playToStars: '0.25',
  playToRedChip: '1.5',
  bannerOneUrl: 'MarketPage',
  bannerOneStatus: 'true',
  bannerTwoUrl: 'DepositPage',
  bannerTwoStatus: 'false',
};
const form = (fields: Record<string, string> = {}, files: Part[] = []) =>
  multipart([
    ...Object.entries({ ...FIELDS, ...fields }).map(([name, value]) => ({ name, value })),
    ...files,
  ]);

let t: TestApp;
let token: string;
beforeAll(async () => ({ t, token } = await signedInApp()));
afterAll(() => t.close());

const getSettings = () => t.call({ method: 'GET', url: '/manager/settings', token });
const save = (body: ReturnType<typeof multipart>) =>
  t.call({ method: 'POST', url: '/manager/settings', token, ...body });
const uploads = () => readdirSync(t.config.uploadsDir);

describe('GET /settings', () => {
  it('needs a session', async () => {
    expect((await t.call({ method: 'GET', url: '/manager/settings' })).statusCode).toBe(401);
  });

  it('answers the defaults when the database has no settings row yet', async () => {
    const res = await getSettings();
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      code: 200,
      data: {
        technicalMode: false,
        playToStars: 0,
        playToRedChip: 0,
        bannerOneImageUrl: null,
        bannerOneUrl: 'close',
        bannerOneStatus: false,
        bannerTwoImageUrl: null,
      },
    });
  });
});

describe('POST /settings', () => {
  it('saves every field and both banner images in one go, with an audit row of the changed columns as stored', async () => {
    const res = await save(
      form({}, [
        { name: 'bannerOneImage', value: PNG, filename: 'one.png' },
        { name: 'bannerTwoImage', value: WEBP, filename: 'two.webp' },
      ]),
    );
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data).toMatchObject({
      technicalMode: true,
      playToStars: 0.25,
      playToRedChip: 1.5,
      bannerOneUrl: 'MarketPage',
      bannerOneStatus: true,
      bannerTwoUrl: 'DepositPage',
      bannerTwoStatus: false,
    });
    expect(data.bannerOneImageUrl).toMatch(/^[0-9a-f-]{36}\.png$/);
    expect(data.bannerTwoImageUrl).toMatch(/^[0-9a-f-]{36}\.webp$/);
    expect((await getSettings()).json().data).toEqual(data);
    expect(
      (await t.app.inject({ method: 'GET', url: `/uploads/${data.bannerOneImageUrl}` })).statusCode,
    ).toBe(200);

    const me = (await t.call({ method: 'GET', url: '/auth/profile', token })).json().data.admin;
    const [audit] = await t.db.select().from(auditLog).where(eq(auditLog.action, 'settings.update'));
    expect(audit).toMatchObject({ adminId: me.id, entity: 'settings', entityId: '1' });
    // The columns as stored: rates keep their decimal text, no image is ''; unchanged ones are left out.
    const changed = [
      'technicalMode',
      'playToStars',
      'playToRedChip',
      'bannerOneImageUrl',
      'bannerOneUrl',
      'bannerOneStatus',
      'bannerTwoImageUrl',
      'bannerTwoUrl',
    ];
    expect(Object.keys(audit!.before as object).sort()).toEqual([...changed].sort());
    expect(audit!.before).toMatchObject({
      technicalMode: false,
      playToStars: '0.000000000',
      bannerOneImageUrl: '',
    });
    expect(audit!.after).toEqual({
      technicalMode: true,
      playToStars: '0.250000000',
      playToRedChip: '1.500000000',
      bannerOneImageUrl: data.bannerOneImageUrl,
      bannerOneUrl: 'MarketPage',
      bannerOneStatus: true,
      bannerTwoImageUrl: data.bannerTwoImageUrl,
      bannerTwoUrl: 'DepositPage',
    });
  });

  it('keeps stored images when none is sent, and an absent redirect keeps the stored action', async () => {
    const before = (await getSettings()).json().data;
    const withoutTwo: Partial<typeof FIELDS> = { ...FIELDS };
    delete withoutTwo.bannerTwoUrl;
    const res = await save(
      multipart(
        Object.entries({ ...withoutTwo, technicalMode: 'false', bannerOneUrl: 'close' }).map(
          ([name, value]) => ({ name, value: value! }),
        ),
      ),
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ ...before, technicalMode: false, bannerOneUrl: 'close' });
  });

  it.each([
    [{ playToStars: '-0.01' }, /^playToStars: /],
    [{ playToRedChip: 'abc' }, /^playToRedChip: /],
    [{ playToStars: '' }, /^playToStars: /],
    [{ playToRedChip: 'Infinity' }, /^playToRedChip: /],
    [{ playToStars: '1000000000000' }, /^playToStars: Rate must be at most/],
    [{ playToStars: '1e3' }, /^playToStars: must be a number in plain decimal notation/],
    [{ bannerOneUrl: 'https://evil.example' }, /^bannerOneUrl: /],
    [{ bannerTwoStatus: 'maybe' }, /^bannerTwoStatus: /],
  ])('refuses %o with 400 naming the field and changes nothing', async (bad, message) => {
    const before = (await getSettings()).json().data;
    const files = uploads().length;
    const res = await save(form(bad, [{ name: 'bannerOneImage', value: PNG, filename: 'one.png' }]));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(message);
    expect((await getSettings()).json().data).toEqual(before);
    expect(uploads()).toHaveLength(files);
  });

  it('refuses a banner that is not an image by content, whatever its name', async () => {
    const before = (await getSettings()).json().data;
    const res = await save(
      form({}, [{ name: 'bannerTwoImage', value: '<svg onload="alert(1)"/>', filename: 'two.png' }]),
    );
    expect(res.json()).toEqual({
      code: 400,
      message: 'bannerTwoImage: Only JPEG, PNG, GIF or WebP images are allowed',
    });
    expect((await getSettings()).json().data).toEqual(before);
  });

  it('refuses a file under another field name and a JSON body', async () => {
    const stray = await save(form({}, [{ name: 'photo', value: PNG, filename: 'p.png' }]));
    expect(stray.json()).toEqual({ code: 400, message: 'photo: Unexpected file field' });
    const json = await t.call({ method: 'POST', url: '/manager/settings', token, payload: FIELDS });
    expect(json.statusCode).toBe(400);
  });

  it('needs a session', async () => {
    expect((await t.call({ method: 'POST', url: '/manager/settings', ...form() })).statusCode).toBe(401);
  });
});
