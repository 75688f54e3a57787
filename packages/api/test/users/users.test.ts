import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { envelope, userDetailSchema, usersResponseSchema } from '@manager/contract';
import { seedAll } from '../../src/db/seed/index';
import { users } from '../../src/db/schema/index';
import { buildTestApp, signIn, type TestApp } from '../support/helper';
import { api } from '../support/users-support';

let t: TestApp;
let token = '';
let h: ReturnType<typeof api>;

// Players whose names hold LIKE wildcards and non-Latin letters, to prove they match literally.
const ODD = [
  { telegramId: 9_000_000_001, username: 'fifty_percent', firstName: '50%off', lastName: null },
  { telegramId: 9_000_000_002, username: 'fiftyXpercent', firstName: '50Xoff', lastName: null },
  { telegramId: 9_000_000_003, username: null, firstName: 'Дмитрий', lastName: 'Ёлкин' },
];

beforeAll(async () => {
  t = await buildTestApp();
  await seedAll(t.db, { users: 300, now: t.clock.now() });
  await t.db.insert(users).values(ODD.map((u) => ({ ...u, createdAt: new Date('2020-01-01') })));
  token = (await signIn(t)).accessToken;
  h = api(t, () => token);
});
afterAll(async () => {
  await t?.close();
});

const search = async (text: string) =>
  usersResponseSchema.parse(await h.get(`/manager/users?search=${encodeURIComponent(text)}&limit=100`));

describe('GET /manager/users', () => {
  it('needs a signed-in admin', async () => {
    expect((await t.call({ method: 'GET', url: '/manager/users' })).statusCode).toBe(401);
  });

  it('pages 50 newest players with counts that match the games table', async () => {
    const res = await h.call('GET', '/manager/users');
    const body = envelope(usersResponseSchema).parse(res.json());
    expect(body.code).toBe(200);
    expect(body.data.users).toHaveLength(50);
    expect(body.data.pagination).toEqual({
      totalPages: 7,
      totalUsers: 303,
      currentPage: 1,
      usersPerPage: 50,
    });
    const dates = body.data.users.map((u) => u.createdAt);
    expect([...dates].sort().reverse()).toEqual(dates);
    const u = body.data.users.find((x) => x.totalGames > 0)!;
    const expected =
      await h.one(`select count(*)::int as n, count(*) filter (where winner_telegram_id = ${u.telegramId})::int as w
      from games where status = 'finished' and (player1_id = ${u.telegramId} or player2_id = ${u.telegramId})`);
    expect([u.totalGames, u.gamesWon, u.gamesLost]).toEqual([
      expected.n,
      expected.w,
      Number(expected.n) - Number(expected.w),
    ]);
    const last = usersResponseSchema.parse(await h.get('/manager/users?page=7'));
    expect(last.users).toHaveLength(3);
  });

  it('treats an empty search as no search', async () => {
    expect((await search('')).pagination.totalUsers).toBe(303);
    expect((await search('   ')).pagination.totalUsers).toBe(303);
  });

  it('takes % and _ literally', async () => {
    expect((await search('50%')).users.map((u) => u.telegramId)).toEqual([9_000_000_001]);
    expect((await search('fifty_')).users.map((u) => u.telegramId)).toEqual([9_000_000_001]);
    expect((await search('%')).users.map((u) => u.telegramId)).toEqual([9_000_000_001]);
  });

  it('matches unicode names case-insensitively and telegram ids exactly', async () => {
    expect((await search('дмитрий')).users.map((u) => u.telegramId)).toEqual([9_000_000_003]);
    expect((await search('ЁЛК')).users.map((u) => u.telegramId)).toEqual([9_000_000_003]);
    expect((await search('9000000002')).users.map((u) => u.telegramId)).toEqual([9_000_000_002]);
    const some = usersResponseSchema.parse(await h.get('/manager/users')).users.find((u) => u.username)!;
    const found = await search(some.username!.slice(1, 5).toUpperCase());
    expect(found.users.map((u) => u.telegramId)).toContain(some.telegramId);
    expect(
      found.users.every((u) =>
        [u.username, u.firstName, u.lastName].some((v) =>
          v?.toLowerCase().includes(some.username!.slice(1, 5).toLowerCase()),
        ),
      ),
    ).toBe(true);
  });

  it('answers 400 naming the field for bad paging', async () => {
    for (const q of ['page=0', 'page=abc', 'limit=1000', 'limit=-1']) {
      const res = await h.call('GET', `/manager/users?${q}`);
      expect(res.statusCode, q).toBe(400);
      expect(res.json().message).toMatch(q.startsWith('page') ? /^page/ : /^limit/);
    }
  });
});

describe('GET /manager/users/:telegramId', () => {
  it('returns the player with referrer, withdrawals, games and gifts', async () => {
    const row = await h.one(`select u.telegram_id from users u where referred_by is not null
      and exists (select 1 from games g where g.player1_id = u.telegram_id) order by telegram_id limit 1`);
    const detail = userDetailSchema.parse(await h.get(`/manager/users/${row.telegram_id}`));
    expect(detail.telegramId).toBe(Number(row.telegram_id));
    expect(detail.referredBy?.telegramId).toBeGreaterThan(0);
    expect(detail.games.length).toBeGreaterThan(0);
    expect(detail.games.some((g) => g.isPlayer1)).toBe(true);
  });

  it('answers 404 User not found and 400 for a non-numeric id', async () => {
    const missing = await h.call('GET', '/manager/users/12345');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ code: 404, message: 'User not found' });
    const bad = await h.call('GET', '/manager/users/abc');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/^telegramId/);
  });
});
