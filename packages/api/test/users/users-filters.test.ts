import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { usersResponseSchema } from '@manager/contract';
import { seedAll } from '../../src/db/seed/index';
import { buildTestApp, signIn, type TestApp } from '../support/helper';
import { api } from '../support/users-support';

/**
 * GET /users?status&type: the filters narrow the rows and the pager's total alike (the plain
 * query's rows on every page, deep pages: test/lib/lists/list-days.test.ts).
 */
let t: TestApp;
let token = '';
let h: ReturnType<typeof api>;

beforeAll(async () => {
  t = await buildTestApp();
  await seedAll(t.db, { users: 300, now: t.clock.now() });
  h = api(t, () => token);
  // Exactly 60 players seen a minute ago (a third of them premium): the online list spans two pages.
  await h.rows(`update users set last_active = '${minutesAgo(60)}' where last_active > '${minutesAgo(10)}'`);
  const first60 = 'telegram_id in (select telegram_id from users order by telegram_id limit 60)';
  await h.rows(
    `update users set last_active = '${minutesAgo(1)}', is_premium = telegram_id % 3 = 0 where ${first60}`,
  );
  token = (await signIn(t)).accessToken;
});
afterAll(async () => {
  await t?.close();
});

const minutesAgo = (n: number) => new Date(t.clock.now().getTime() - n * 60_000).toISOString();

const list = async (query: string) => usersResponseSchema.parse(await h.get(`/manager/users?${query}`));

/** The plain query: the matching ids newest first, and their count. */
async function plain(where: string, limit: number, offset: number) {
  const since = `timestamptz '${minutesAgo(5)}'`;
  const cond = where.replaceAll('$online', `(last_active > ${since})`);
  const ids = await h.rows(
    `select telegram_id::text as id from users where ${cond} order by created_at desc, telegram_id desc limit ${limit} offset ${offset}`,
  );
  const [n] = await h.rows(`select count(*)::int as n from users where ${cond}`);
  return { ids: ids.map((r) => String(r.id)), total: Number(n!.n) };
}

const CASES: [string, string][] = [
  ['status=online', '$online'],
  ['status=offline', 'not coalesce($online, false)'],
  ['type=premium', 'is_premium'],
  ['type=regular', 'not is_premium'],
  ['status=online&type=premium', '$online and is_premium'],
  ['status=offline&type=regular', 'not coalesce($online, false) and not is_premium'],
  [
    'search=a&status=offline',
    `(username ilike '%a%' or first_name ilike '%a%' or last_name ilike '%a%')
    and not coalesce($online, false)`,
  ],
  [
    'search=a&type=premium',
    `(username ilike '%a%' or first_name ilike '%a%' or last_name ilike '%a%') and is_premium`,
  ],
];

describe('GET /manager/users filtered by status and type', () => {
  it.each(CASES)(
    '%s: every page holds the plain rows, and the pager counts every match',
    async (query, where) => {
      const first = await plain(where, 50, 0);
      expect(first.total).toBeGreaterThan(0);
      const pages = Math.ceil(first.total / 50);
      for (let page = 1; page <= Math.min(pages, 3); page++) {
        const got = await list(`${query}&page=${page}`);
        const want = await plain(where, 50, (page - 1) * 50);
        expect(
          got.users.map((u) => String(u.telegramId)),
          `${query} page ${page}`,
        ).toEqual(want.ids);
        expect(got.pagination).toEqual({
          totalPages: pages,
          totalUsers: want.total,
          currentPage: page,
          usersPerPage: 50,
        });
      }
    },
  );

  it('the CSV export holds the players the filtered list counts, in its order', async () => {
    for (const query of ['status=online&type=premium', 'status=offline&type=regular']) {
      const listed = await list(`${query}&limit=100`);
      const res = await h.call('GET', `/manager/users/export?${query}`);
      expect(res.statusCode, query).toBe(200);
      const ids = res.body
        .replace(/^\uFEFF/, '')
        .trim()
        .split(/\r?\n/)
        .slice(1)
        .map((line) => line.split(',')[0]);
      expect(ids, query).toHaveLength(listed.pagination.totalUsers);
      // The list's first page (up to 100) is the file's first rows.
      expect(ids.slice(0, listed.users.length), query).toEqual(listed.users.map((u) => String(u.telegramId)));
    }
    const bad = await h.call('GET', '/manager/users/export?type=vip');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/^type/);
  });

  it('the online pager total agrees with its rows, the top bar and the unfiltered total', async () => {
    const online = await list('status=online&limit=100');
    const offline = await list('status=offline&limit=1');
    const all = await list('limit=1');
    expect(online.pagination.totalUsers).toBe(60);
    expect(online.users).toHaveLength(60);
    const since = t.clock.now().getTime() - 5 * 60_000;
    expect(online.users.every((u) => u.lastActive && Date.parse(u.lastActive) > since)).toBe(true);
    expect(online.pagination.totalUsers + offline.pagination.totalUsers).toBe(all.pagination.totalUsers);
    const metrics = await h.get('/manager/metrics');
    expect(metrics.onlineUsers).toBe(60);
  });

  it('follows the clock and later writes: a player goes offline after 5 minutes, premium flags move the type totals', async () => {
    const before = (await list('type=premium&limit=1')).pagination.totalUsers;
    await h.rows(`update users set is_premium = not is_premium where telegram_id in
      (select telegram_id from users where is_premium order by telegram_id limit 3)`);
    expect((await list('type=premium&limit=1')).pagination.totalUsers).toBe(before - 3);
    const regular = (await list('type=regular&limit=1')).pagination.totalUsers;
    expect(before - 3 + regular).toBe((await list('limit=1')).pagination.totalUsers);
    t.clock.advance(5 * 60_000);
    expect((await list('status=online')).pagination.totalUsers).toBe(0);
    expect((await list('status=online')).users).toEqual([]);
  });

  it('refuses an unknown status or type with 400 naming the field, and takes a blank one as none', async () => {
    const status = await h.call('GET', '/manager/users?status=away');
    expect(status.statusCode).toBe(400);
    expect(status.json().message).toMatch(/^status/);
    const type = await h.call('GET', '/manager/users?type=vip');
    expect(type.statusCode).toBe(400);
    expect(type.json().message).toMatch(/^type/);
    const blank = await list('status=&type=');
    expect(blank.pagination.totalUsers).toBe((await list('')).pagination.totalUsers);
  });
});
