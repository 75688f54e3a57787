import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { signedInApp, type TestApp } from '../support/helper';
import { form, PNG, uploadedFiles, rowsOf } from '../support/tasks-helpers';

let t: TestApp;
let token: string;
beforeAll(async () => ({ t, token } = await signedInApp()));
afterAll(() => t.close());

const fields = {
  category: 'Partners',
  titleEn: 'Join us',
  titleRu: 'Вступай',
  rewardCurrency: 'TON',
  rewardAmount: '0.5',
  link: 'https://t.me/x',
  isTelegramFollow: 'true',
  telegramChatId: '@x',
};
const taskCount = async () => Number((await rowsOf(t, sql`select count(*)::int as n from tasks`))[0]!.n);

describe('tasks', () => {
  it('creates, lists, updates, toggles and deletes a task with an audit row each', async () => {
    const created = await t.call({
      method: 'POST',
      url: '/manager/tasks',
      token,
      ...form(fields, [{ name: 'photo', value: PNG, filename: 'p.png' }]),
    });
    expect(created.statusCode).toBe(200);
    const task = created.json().data;
    expect(task).toMatchObject({
      titleEn: 'Join us',
      rewardAmount: 0.5,
      telegramChatId: '@x',
      status: true,
      completed: 0,
    });
    expect(task.photoUrl).toMatch(/^[0-9a-f-]{36}\.png$/);

    const list = await t.call({ method: 'GET', url: '/manager/tasks', token });
    expect(list.json().data.map((x: { id: number }) => x.id)).toContain(task.id);

    const edited = await t.call({
      method: 'PUT',
      url: `/manager/tasks/${task.id}`,
      token,
      ...form({ ...fields, isTelegramFollow: 'false', titleEn: 'Renamed', status: 'true' }),
    });
    expect(edited.json().data).toMatchObject({
      titleEn: 'Renamed',
      telegramChatId: null,
      photoUrl: task.photoUrl,
    });

    const toggled = await t.call({
      method: 'PUT',
      url: `/manager/tasks/${task.id}`,
      token,
      payload: { ...edited.json().data, status: false },
    });
    expect(toggled.statusCode).toBe(200);
    expect(toggled.json().data.status).toBe(false);

    expect((await t.call({ method: 'DELETE', url: `/manager/tasks/${task.id}`, token })).statusCode).toBe(
      200,
    );
    expect((await t.call({ method: 'DELETE', url: `/manager/tasks/${task.id}`, token })).statusCode).toBe(
      404,
    );
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
      const res = await t.call({
        method: 'POST',
        url: '/manager/tasks',
        token,
        ...form(body, [{ name: 'photo', value: PNG, filename: 'p.png' }]),
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toContain(field);
    }
    const html = await t.call({
      method: 'POST',
      url: '/manager/tasks',
      token,
      ...form(fields, [{ name: 'photo', value: '<html></html>', filename: 'x.png', type: 'image/png' }]),
    });
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

describe('completion counts kept by triggers', () => {
  const page = async (query = '') => {
    const res = await t.call({ method: 'GET', url: `/manager/tasks?page=1&limit=100${query}`, token });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as {
      tasks: Array<{ id: number; completed: number }>;
      stats: { completions: number };
    };
  };
  /** Each task's count and the completions card equal the plain counts over task_completions. */
  async function countsEqual() {
    const data = await page();
    const want = await rowsOf(
      t,
      sql`select t.id, (select count(*) from task_completions c where c.task_id = t.id)::int as n from tasks t order by t.id`,
    );
    expect(Object.fromEntries(data.tasks.map((x) => [x.id, x.completed]))).toEqual(
      Object.fromEntries(want.map((r) => [r.id, r.n])),
    );
    const [all] = await rowsOf(t, sql`select count(*)::int as n from task_completions`);
    expect(data.stats.completions).toBe(all!.n);
    const sorted = await page('&sort=-completed');
    expect(sorted.tasks.map((x) => x.completed)).toEqual(
      [...sorted.tasks.map((x) => x.completed)].sort((a, b) => b - a),
    );
  }

  it('follow completions added, moved and removed with a task or a player, a truncate and a rebuild', async () => {
    const newTask = (title: string) =>
      rowsOf(
        t,
        sql`insert into tasks (category, title_en, title_ru) values ('Partners', ${title}, ${title}) returning id`,
      );
    const [[a], [b]] = await Promise.all([newTask('Counted A'), newTask('Counted B')]);
    // Players 9000000000000002 to ...031; ...001 leaves below.
    await rowsOf(
      t,
      sql`insert into users (telegram_id, username) select 9000000000000000 + g, 'counted_' || g from generate_series(1, 31) g`,
    );
    const players = sql`(select telegram_id from users where telegram_id > 9000000000000001)`;
    await rowsOf(
      t,
      sql`insert into task_completions (task_id, telegram_id) select ${a!.id}, telegram_id from ${players} p`,
    );
    await rowsOf(
      t,
      sql`insert into task_completions (task_id, telegram_id) select id, 9000000000000001 from tasks`,
    );
    await rowsOf(
      t,
      sql`insert into task_completions (task_id, telegram_id) select ${b!.id}, telegram_id from ${players} p limit 12 on conflict do nothing`,
    );
    await countsEqual();
    // A completion moved to another task; a player leaves (their completions first: the key has no cascade).
    await rowsOf(
      t,
      sql`update task_completions set task_id = ${b!.id} where task_id = ${a!.id} and telegram_id = (select max(telegram_id) from ${players} p)`,
    );
    await rowsOf(t, sql`delete from task_completions where telegram_id = 9000000000000001`);
    await rowsOf(t, sql`delete from users where telegram_id = 9000000000000001`);
    await countsEqual();
    // A task's deletion takes its completions and its counter rows with it.
    await rowsOf(t, sql`delete from tasks where id = ${a!.id}`);
    expect(await rowsOf(t, sql`select * from task_completion_counts where task_id = ${a!.id}`)).toEqual([]);
    await countsEqual();
    const kept = sql`select task_id, sum(completions)::int as n from task_completion_counts group by 1 having sum(completions) <> 0 order by 1`;
    const before = await rowsOf(t, kept);
    await rowsOf(t, sql`select task_completion_counts_rebuild()`);
    expect(await rowsOf(t, kept)).toEqual(before);
    await rowsOf(t, sql`truncate task_completions`);
    await countsEqual();
    expect((await page()).stats.completions).toBe(0);
  });
});
