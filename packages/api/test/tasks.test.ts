import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { signedInApp, type TestApp } from './helper';
import { form, PNG, uploadedFiles, rowsOf } from './tasks-helpers';

let t: TestApp;
let token: string;
beforeAll(async () => ({ t, token } = await signedInApp()));
afterAll(() => t.close());

const fields = { category: 'Partners', titleEn: 'Join us', titleRu: 'Вступай', rewardCurrency: 'TON', rewardAmount: '0.5', link: 'https://t.me/x', isTelegramFollow: 'true', telegramChatId: '@x' };
const taskCount = async () => Number((await rowsOf(t, sql`select count(*)::int as n from tasks`))[0]!.n);

describe('tasks', () => {
  it('creates, lists, updates, toggles and deletes a task with an audit row each', async () => {
    const created = await t.call({ method: 'POST', url: '/manager/tasks', token, ...form(fields, [{ name: 'photo', value: PNG, filename: 'p.png' }]) });
    expect(created.statusCode).toBe(200);
    const task = created.json().data;
    expect(task).toMatchObject({ titleEn: 'Join us', rewardAmount: 0.5, telegramChatId: '@x', status: true, completed: 0 });
    expect(task.photoUrl).toMatch(/^[0-9a-f-]{36}\.png$/);

    const list = await t.call({ method: 'GET', url: '/manager/tasks', token });
    expect(list.json().data.map((x: { id: number }) => x.id)).toContain(task.id);

    const edited = await t.call({ method: 'PUT', url: `/manager/tasks/${task.id}`, token, ...form({ ...fields, isTelegramFollow: 'false', titleEn: 'Renamed', status: 'true' }) });
    expect(edited.json().data).toMatchObject({ titleEn: 'Renamed', telegramChatId: null, photoUrl: task.photoUrl });

    const toggled = await t.call({ method: 'PUT', url: `/manager/tasks/${task.id}`, token, payload: { ...edited.json().data, status: false } });
    expect(toggled.statusCode).toBe(200);
    expect(toggled.json().data.status).toBe(false);

    expect((await t.call({ method: 'DELETE', url: `/manager/tasks/${task.id}`, token })).statusCode).toBe(200);
    expect((await t.call({ method: 'DELETE', url: `/manager/tasks/${task.id}`, token })).statusCode).toBe(404);
    const audit = await rowsOf(t, sql`select action from audit_log where entity = 'task' order by id`);
    expect(audit.map((r) => r.action)).toEqual(['task.create', 'task.update', 'task.update', 'task.delete']);
  });

  it('refuses a bad link, a missing title, a negative reward and a non-image photo: 400, nothing stored', async () => {
    const before = await taskCount();
    const files = uploadedFiles(t).length;
    const cases = [
      [{ ...fields, link: 'not a url' }, 'link'],
      [{ ...fields, titleRu: ' ' }, 'titleRu'],
      [{ ...fields, rewardAmount: '-1' }, 'rewardAmount'],
      [{ ...fields, category: 'Other' }, 'category'],
    ] as const;
    for (const [body, field] of cases) {
      const res = await t.call({ method: 'POST', url: '/manager/tasks', token, ...form(body, [{ name: 'photo', value: PNG, filename: 'p.png' }]) });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toContain(field);
    }
    const html = await t.call({ method: 'POST', url: '/manager/tasks', token, ...form(fields, [{ name: 'photo', value: '<html></html>', filename: 'x.png', type: 'image/png' }]) });
    expect(html.statusCode).toBe(400);
    expect(html.json().message).toMatch(/^photo:/);
    expect(await taskCount()).toBe(before);
    expect(uploadedFiles(t).length).toBe(files);
  });

  it('needs a session and a numeric id', async () => {
    expect((await t.call({ method: 'GET', url: '/manager/tasks' })).statusCode).toBe(401);
    expect((await t.call({ method: 'DELETE', url: '/manager/tasks/abc', token })).statusCode).toBe(400);
  });
});
