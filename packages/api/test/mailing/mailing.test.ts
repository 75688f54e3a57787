import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { mailingDeliveries, users } from '../../src/db/schema/index';
import { buildTestApp, JOBS_ON, signIn, type TestApp } from '../support/helper';
import { form, PNG, rowsOf } from '../support/tasks-helpers';

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await buildTestApp(JOBS_ON);
  token = (await signIn(t)).accessToken;
  await t.db
    .insert(users)
    .values(Array.from({ length: 450 }, (_, i) => ({ telegramId: 800000000 + i, username: `u${i}` })));
});
afterAll(() => t.close());

const body = { message: '  Hello players  ', buttonText: 'Play', buttonLink: 'https://t.me/bot/app' };
const get = async (id: number) =>
  (await t.call({ method: 'GET', url: '/manager/mailing', token }))
    .json()
    .data.mailings.find((m: { id: number }) => m.id === id);

describe('mailing', () => {
  it('creates a waiting message, starts it once, and the job delivers it to every player', async () => {
    const res = await t.call({
      method: 'POST',
      url: '/manager/mailing',
      token,
      ...form(body, [{ name: 'image', value: PNG, filename: 'm.png' }]),
    });
    expect(res.statusCode).toBe(200);
    const m = res.json().data;
    expect(m).toMatchObject({
      message: 'Hello players',
      status: 'waiting',
      recipients: 0,
      delivered: 0,
      failed: 0,
    });
    expect(m.mediaLink).toMatch(/^[0-9a-f-]{36}\.png$/);

    const start = await t.call({
      method: 'PUT',
      url: `/manager/mailing/${m.id}/status`,
      token,
      payload: { status: 'running' },
    });
    expect(start.statusCode).toBe(200);
    // The players it goes to are counted when it starts.
    expect(start.json().data).toMatchObject({ status: 'running', recipients: 450 });
    const again = await t.call({
      method: 'PUT',
      url: `/manager/mailing/${m.id}/status`,
      token,
      payload: { status: 'running' },
    });
    expect(again.statusCode).toBe(409);

    await expect.poll(async () => (await get(m.id)).status, { timeout: 10_000 }).toBe('done');
    expect(await get(m.id)).toMatchObject({ recipients: 450, delivered: 450, failed: 0 });
    const rows = await t.db
      .select()
      .from(mailingDeliveries)
      .where(sql`${mailingDeliveries.mailingId} = ${m.id}`);
    expect(rows).toHaveLength(450);
    const refused = await t.call({
      method: 'PUT',
      url: `/manager/mailing/${m.id}/status`,
      token,
      payload: { status: 'running' },
    });
    expect(refused.statusCode).toBe(409);
    const audit = await rowsOf(
      t,
      sql`select count(*)::int as n from audit_log where action = 'mailing.start'`,
    );
    expect(audit[0]!.n).toBe(1);
  });

  it('refuses blank fields, a bad link, a non-image and other statuses: 400, nothing stored', async () => {
    const before = (await t.call({ method: 'GET', url: '/manager/mailing', token })).json().data.mailings
      .length;
    for (const [fields, text] of [
      [{ ...body, message: '   ' }, 'Message is required'],
      [{ ...body, buttonText: '' }, 'Button text is required'],
      [{ ...body, buttonLink: ' ' }, 'Button link is required'],
      [{ ...body, buttonLink: 'nope' }, 'buttonLink'],
    ] as const) {
      const res = await t.call({ method: 'POST', url: '/manager/mailing', token, ...form(fields) });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toContain(text);
    }
    const pdf = await t.call({
      method: 'POST',
      url: '/manager/mailing',
      token,
      ...form(body, [{ name: 'image', value: '%PDF-1.4', filename: 'a.png' }]),
    });
    expect(pdf.statusCode).toBe(400);
    expect(
      (await t.call({ method: 'PUT', url: '/manager/mailing/1/status', token, payload: { status: 'done' } }))
        .statusCode,
    ).toBe(400);
    expect(
      (await t.call({ method: 'GET', url: '/manager/mailing', token })).json().data.mailings.length,
    ).toBe(before);
  });
});
