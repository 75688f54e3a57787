import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { mailingDeliveries, mailings, users } from '../../src/db/schema/index';
import type { DeliveryFailure, MailingDelivery, OutgoingMessage } from '../../src/mailing/delivery';
import { deliverMailing } from '../../src/mailing/delivery-job';
import { buildTestApp, signIn, type TestApp } from '../support/helper';
import { form, PNG, rowsOf, uploadedFiles } from '../support/tasks-helpers';

/** The delivery port of this app: records what it is handed; `mode` makes it refuse or fail. */
class Bot implements MailingDelivery {
  readonly handed: OutgoingMessage[] = [];
  mode: 'deliver' | 'refuse' | 'down' = 'deliver';
  async send(batch: OutgoingMessage[]): Promise<DeliveryFailure[]> {
    if (this.mode === 'down') throw new Error('Telegram is unreachable');
    this.handed.push(...batch);
    return this.mode === 'refuse'
      ? batch.map((m) => ({ telegramId: m.telegramId, reason: 'bot was blocked by the user' }))
      : [];
  }
}

const PLAYERS = 120;
const bot = new Bot();
let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await buildTestApp({}, { mailingDelivery: bot });
  token = (await signIn(t)).accessToken;
  await t.db
    .insert(users)
    .values(Array.from({ length: PLAYERS }, (_, i) => ({ telegramId: 900000000 + i, username: `d${i}` })));
});
afterAll(() => t.close());

const fields = { message: 'Line one\nLine two', buttonText: 'Play', buttonLink: 'https://t.me/bot/app' };
const create = async (image = false) =>
  (
    await t.call({
      method: 'POST',
      url: '/manager/mailing',
      token,
      ...form(fields, image ? [{ name: 'image', value: PNG, filename: 'm.png' }] : []),
    })
  ).json().data as { id: number; mediaLink: string | null };
const rowOf = async (id: number) => (await t.db.select().from(mailings).where(eq(mailings.id, id)))[0];
const start = (id: number) =>
  t.call({ method: 'PUT', url: `/manager/mailing/${id}/status`, token, payload: { status: 'running' } });
const edit = (id: number, body: Record<string, string>, image = false) =>
  t.call({
    method: 'PUT',
    url: `/manager/mailing/${id}`,
    token,
    ...form(body, image ? [{ name: 'image', value: PNG, filename: 'new.png' }] : []),
  });
const remove = (id: number) => t.call({ method: 'DELETE', url: `/manager/mailing/${id}`, token });
const sendTest = (id: number, payload: unknown) =>
  t.call({ method: 'POST', url: `/manager/mailing/${id}/test`, token, payload: payload as object });
const auditOf = (id: number, action: string) =>
  rowsOf(
    t,
    sql`select before, after, reason from audit_log where action = ${action} and entity_id = ${String(id)} order by id`,
  );

describe('GET /mailing/:id/recipients', () => {
  it('counts the players a Start reaches: the same number Start stores and the delivery hands over', async () => {
    const m = await create();
    const res = await t.call({ method: 'GET', url: `/manager/mailing/${m.id}/recipients`, token });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ recipients: PLAYERS });

    await t.db.insert(users).values({ telegramId: 900100000, username: 'late' });
    const now = (await t.call({ method: 'GET', url: `/manager/mailing/${m.id}/recipients`, token })).json();
    expect(now.data.recipients).toBe(PLAYERS + 1);
    expect((await start(m.id)).json().data.recipients).toBe(PLAYERS + 1);
    const before = bot.handed.length;
    await deliverMailing(t.db, bot, m.id, { budgetMs: 60_000, pauseMs: 0, stopping: () => false });
    expect(bot.handed.length - before).toBe(PLAYERS + 1);
    await t.db.delete(users).where(eq(users.telegramId, 900100000));
  });

  it('404 for an unknown mailing, 400 naming the id for a bad one', async () => {
    const missing = await t.call({ method: 'GET', url: '/manager/mailing/999999/recipients', token });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('Mailing not found');
    const bad = await t.call({ method: 'GET', url: '/manager/mailing/abc/recipients', token });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/^id: /);
  });
});

describe('PUT /mailing/:id', () => {
  it('edits a waiting mailing: trimmed fields, a new image replacing the old file, audited with the changes', async () => {
    const m = await create(true);
    expect(uploadedFiles(t)).toContain(m.mediaLink);
    const res = await edit(
      m.id,
      { message: '  New text  ', buttonText: ' Go ', buttonLink: 'https://t.me/bot/new' },
      true,
    );
    expect(res.statusCode).toBe(200);
    const edited = res.json().data;
    expect(edited).toMatchObject({
      id: m.id,
      message: 'New text',
      buttonText: 'Go',
      buttonLink: 'https://t.me/bot/new',
      status: 'waiting',
    });
    expect(edited.mediaLink).not.toBe(m.mediaLink);
    expect(uploadedFiles(t)).toContain(edited.mediaLink);
    expect(uploadedFiles(t)).not.toContain(m.mediaLink);
    const [audit] = await auditOf(m.id, 'mailing.update');
    expect(audit).toMatchObject({
      before: { message: fields.message, buttonText: 'Play', buttonLink: fields.buttonLink },
      after: { message: 'New text', buttonText: 'Go', buttonLink: 'https://t.me/bot/new' },
    });

    // Without a file the stored image stays; the Start then delivers the edited message.
    expect((await edit(m.id, { ...fields, message: 'Final text' })).json().data.mediaLink).toBe(
      edited.mediaLink,
    );
    expect((await start(m.id)).statusCode).toBe(200);
    const before = bot.handed.length;
    await deliverMailing(t.db, bot, m.id, { budgetMs: 60_000, pauseMs: 0, stopping: () => false });
    expect(bot.handed.slice(before).every((s) => s.text === 'Final text')).toBe(true);
  });

  it('refuses bad fields with 400 naming them: nothing changed, no file kept', async () => {
    const m = await create();
    const files = uploadedFiles(t).length;
    for (const [body, text] of [
      [{ ...fields, message: '   ' }, 'message: Message is required'],
      [{ ...fields, buttonText: '' }, 'buttonText: Button text is required'],
      [{ ...fields, buttonLink: ' ' }, 'buttonLink: Button link is required'],
      [{ ...fields, buttonLink: 'javascript:alert(1)' }, 'buttonLink: '],
    ] as const) {
      const res = await edit(m.id, body, true);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toContain(text);
    }
    const pdf = await t.call({
      method: 'PUT',
      url: `/manager/mailing/${m.id}`,
      token,
      ...form(fields, [{ name: 'image', value: '%PDF-1.4', filename: 'a.png' }]),
    });
    expect(pdf.statusCode).toBe(400);
    expect(pdf.json().message).toMatch(/^image: /);
    expect(await rowOf(m.id)).toMatchObject({ ...fields, mediaLink: '', status: 'waiting' });
    expect(uploadedFiles(t)).toHaveLength(files);
    expect(await auditOf(m.id, 'mailing.update')).toHaveLength(0);
  });

  it('refuses an edit once the mailing started (409) and of an unknown one (404): nothing changed', async () => {
    const m = await create();
    expect((await start(m.id)).statusCode).toBe(200);
    const files = uploadedFiles(t).length;
    const res = await edit(m.id, { ...fields, message: 'Too late' }, true);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('Mailing is running; only a waiting mailing can be edited');
    expect(await rowOf(m.id)).toMatchObject({ message: fields.message, status: 'running' });
    expect(uploadedFiles(t)).toHaveLength(files);
    expect(await auditOf(m.id, 'mailing.update')).toHaveLength(0);
    expect((await edit(999999, fields)).statusCode).toBe(404);
  });
});

describe('DELETE /mailing/:id', () => {
  it('deletes a waiting mailing and its image, audited with the whole row', async () => {
    const m = await create(true);
    const res = await remove(m.id);
    expect(res.statusCode).toBe(200);
    expect(await rowOf(m.id)).toBeUndefined();
    expect(uploadedFiles(t)).not.toContain(m.mediaLink);
    const [audit] = await auditOf(m.id, 'mailing.delete');
    expect(audit).toMatchObject({ before: { id: m.id, message: fields.message, status: 'waiting' } });
    expect((await remove(m.id)).statusCode).toBe(404);
  });

  it('refuses to delete a started mailing (409): the row and its deliveries stay', async () => {
    const m = await create();
    expect((await start(m.id)).statusCode).toBe(200);
    await deliverMailing(t.db, bot, m.id, { budgetMs: 60_000, pauseMs: 0, stopping: () => false });
    const res = await remove(m.id);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('Mailing is done; only a waiting mailing can be deleted');
    expect(await rowOf(m.id)).toMatchObject({ status: 'done' });
    expect(
      await t.db.select().from(mailingDeliveries).where(eq(mailingDeliveries.mailingId, m.id)),
    ).toHaveLength(PLAYERS);
    expect(await auditOf(m.id, 'mailing.delete')).toHaveLength(0);
  });
});

describe('POST /mailing/:id/test', () => {
  it('hands the message as players get it to the delivery port for one id: status and counts unchanged, audited', async () => {
    const m = await create(true);
    const before = bot.handed.length;
    const res = await sendTest(m.id, { telegramId: 123456789 });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      message: 'Test message sent to 123456789',
      data: { telegramId: 123456789 },
    });
    expect(bot.handed.slice(before)).toEqual([
      {
        mailingId: m.id,
        telegramId: 123456789,
        text: fields.message,
        buttonText: 'Play',
        buttonLink: fields.buttonLink,
        mediaLink: m.mediaLink,
      },
    ]);
    expect(await rowOf(m.id)).toMatchObject({
      status: 'waiting',
      recipients: 0,
      delivered: 0,
      failed: 0,
      deliveredThrough: null,
    });
    expect(
      await t.db.select().from(mailingDeliveries).where(eq(mailingDeliveries.mailingId, m.id)),
    ).toHaveLength(0);
    expect(await auditOf(m.id, 'mailing.test')).toEqual([
      { before: null, after: { telegramId: 123456789, delivered: true }, reason: null },
    ]);
  });

  it('400 naming telegramId unless it is a positive whole number: nothing sent, nothing audited', async () => {
    const m = await create();
    const before = bot.handed.length;
    for (const payload of [
      {},
      { telegramId: 0 },
      { telegramId: -5 },
      { telegramId: 1.5 },
      { telegramId: 'abc' },
    ]) {
      const res = await sendTest(m.id, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().message).toMatch(/^telegramId: /);
    }
    expect(bot.handed.length).toBe(before);
    expect(await auditOf(m.id, 'mailing.test')).toHaveLength(0);
    expect((await sendTest(999999, { telegramId: 5 })).statusCode).toBe(404);
  });

  it('a refusal by the bot is a 502 with its reason (audited); a bot that fails is a 502 (not audited)', async () => {
    const m = await create();
    try {
      bot.mode = 'refuse';
      const refused = await sendTest(m.id, { telegramId: 42 });
      expect(refused.statusCode).toBe(502);
      expect(refused.json().message).toBe('Test message not delivered: bot was blocked by the user');
      bot.mode = 'down';
      const down = await sendTest(m.id, { telegramId: 43 });
      expect(down.statusCode).toBe(502);
      expect(down.json().message).toBe('Test message not sent: Telegram is unreachable');
    } finally {
      bot.mode = 'deliver';
    }
    expect(await auditOf(m.id, 'mailing.test')).toEqual([
      { before: null, after: { telegramId: 42, delivered: false }, reason: 'bot was blocked by the user' },
    ]);
    expect(await rowOf(m.id)).toMatchObject({ status: 'waiting', delivered: 0, failed: 0 });
  });
});
