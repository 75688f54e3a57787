import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gameHistoryResponseSchema, leaderboardResponseSchema } from '@manager/contract';
import { seedAll } from '../../src/db/seed/index';
import { buildTestApp, signIn, type TestApp } from '../support/helper';
import { api } from '../support/users-support';

let t: TestApp;
let token = '';
let h: ReturnType<typeof api>;

beforeAll(async () => {
  t = await buildTestApp();
  await seedAll(t.db, { users: 300, now: t.clock.now() });
  token = (await signIn(t)).accessToken;
  h = api(t, () => token);
});
afterAll(async () => {
  await t?.close();
});

const history = async (query: string) =>
  gameHistoryResponseSchema.parse(await h.get(`/manager/game/history?${query}`));
const board = async (body: object) => {
  const res = await h.call('POST', '/manager/leaderboard', body);
  expect(res.statusCode, res.body).toBe(200);
  return leaderboardResponseSchema.parse(res.json().data);
};

describe('GET /manager/game/history', () => {
  it('pages 20 newest games with both players', async () => {
    const total = Number((await h.one('select count(*) as n from games')).n);
    const first = await history('page=1');
    expect(first.games).toHaveLength(20);
    expect(first.pagination).toMatchObject({ totalGames: total, totalPages: Math.ceil(total / 20) });
    const withTwo = first.games.find((g) => g.player2)!;
    expect(withTwo.player1?.telegramId).toBeGreaterThan(0);
    const second = await history('page=2');
    expect(second.games[0]!.createdAt <= first.games[19]!.createdAt).toBe(true);
    expect(second.games.map((g) => g.id)).not.toContain(first.games[0]!.id);
  });

  it('searches by room code and by player, literally', async () => {
    const code = String((await h.one('select room_code from games order by id limit 1')).room_code);
    const byCode = await history(`search=${code.toLowerCase()}`);
    expect(byCode.games.map((g) => g.roomCode)).toContain(code);
    const player = await h.one(`select u.telegram_id, u.username from users u where username is not null
      and exists (select 1 from games g where g.player2_id = u.telegram_id) limit 1`);
    const byPlayer = await history(`search=${encodeURIComponent(String(player.username))}&limit=100`);
    expect(byPlayer.games.length).toBeGreaterThan(0);
    expect(
      byPlayer.games.every(
        (g) =>
          [g.player1?.username, g.player2?.username].some((n) => n?.includes(String(player.username))) ||
          g.roomCode.toLowerCase().includes(String(player.username).toLowerCase()),
      ),
    ).toBe(true);
    expect((await history('search=%25%25')).pagination).toMatchObject({ totalGames: 0, totalPages: 0 });
    expect((await history('search=zzzz_nothing')).games).toEqual([]);
  });

  it('answers 400 for bad paging', async () => {
    const res = await h.call('GET', '/manager/game/history?limit=0');
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/^limit/);
  });
});

describe('POST /manager/leaderboard', () => {
  it('ranks players by wins over all time, matching the games table', async () => {
    const all = await board({ type: 'game', timeRange: 'all' });
    const expected =
      await h.one(`select count(distinct id) as n from (select player1_id as id from games where status = 'finished'
      union all select player2_id from games where status = 'finished' and player2_id is not null) s`);
    expect(all.totalParticipants).toBe(Number(expected.n));
    expect(all.top100).toHaveLength(Math.min(100, Number(expected.n)));
    expect(all.top100[0]!.rank).toBe(1);
    const wins = all.top100.map((e) => e.win);
    expect([...wins].sort((a, b) => b - a)).toEqual(wins);
    const top = all.top100[0]!;
    const mine =
      await h.one(`select count(*) filter (where winner_telegram_id = ${top.telegramId}) as w, count(*) as n from games
      where status = 'finished' and (player1_id = ${top.telegramId} or player2_id = ${top.telegramId})`);
    expect([top.win, top.totalGame, top.loss]).toEqual([
      Number(mine.w),
      Number(mine.n),
      Number(mine.n) - Number(mine.w),
    ]);
  });

  it('narrows by day, week and month, and by a custom range', async () => {
    const sizes = [];
    for (const timeRange of ['day', 'week', 'month', 'all'])
      sizes.push((await board({ type: 'game', timeRange })).totalParticipants);
    expect(sizes).toEqual([...sizes].sort((a, b) => a - b));
    const now = t.clock.now();
    const day = (offset: number) => new Date(now.getTime() + offset * 86_400_000).toISOString().slice(0, 10);
    const custom = await board({
      type: 'game',
      timeRange: 'custom',
      customStartDate: day(-7),
      customEndDate: day(0),
    });
    expect(custom.totalParticipants).toBeGreaterThanOrEqual(sizes[1]!);
    expect(custom.totalParticipants).toBeLessThanOrEqual(sizes[2]!);
    const empty = await board({
      type: 'game',
      timeRange: 'custom',
      customStartDate: '2001-01-01',
      customEndDate: '2001-01-02',
    });
    expect(empty).toMatchObject({ totalParticipants: 0, top100: [] });
  });

  it('ranks inviters by referrals in the range', async () => {
    const refs = await board({ type: 'referral', timeRange: 'all' });
    const expected = await h.one(
      'select count(distinct referred_by) as n from users where referred_by is not null',
    );
    expect(refs.totalParticipants).toBe(Number(expected.n));
    const top = refs.top100[0]!;
    const mine = await h.one(`select count(*) as n from users where referred_by = ${top.telegramId}`);
    expect(top.referralCount).toBe(Number(mine.n));
  });

  it('answers 400 naming the field for a bad request', async () => {
    const cases: Array<[object, RegExp]> = [
      [{ type: 'wins', timeRange: 'all' }, /^type/],
      [{ type: 'game', timeRange: 'year' }, /^timeRange/],
      [{ type: 'game', timeRange: 'custom', customStartDate: '2024-01-01' }, /^customStartDate/],
      [
        { type: 'game', timeRange: 'custom', customStartDate: 'x', customEndDate: '2024-01-01' },
        /^customStartDate/,
      ],
      [
        { type: 'game', timeRange: 'custom', customStartDate: '2024-02-01', customEndDate: '2024-01-01' },
        /^customEndDate/,
      ],
    ];
    for (const [body, message] of cases) {
      const res = await h.call('POST', '/manager/leaderboard', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().message).toMatch(message);
    }
  });
});
