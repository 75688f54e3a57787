import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dashboardStatsResponseSchema, envelope, metricsResponseSchema } from '@manager/contract';
import { seedAll } from '../src/db/seed/index';
import { telegramIdOf } from '../src/db/seed/users';
import { RANKINGS_TTL_MS } from '../src/stats/rankings-repository';
import { noteWrite, readDashboardStatsShared } from '../src/stats/repository';
import { buildTestApp, signIn, stepUp, type TestApp } from './helper';

const USERS = 400;
let t: TestApp;
let token: string;

async function rows(query: string): Promise<Record<string, unknown>[]> {
  return ((await t.db.execute(sql.raw(query))) as unknown as { rows: Record<string, unknown>[] }).rows;
}
const one = async (query: string) => (await rows(query))[0]!;
const get = async (url: string) => {
  const res = await t.call({ method: 'GET', url, token });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { code: number; data: unknown };
};

beforeAll(async () => {
  t = await buildTestApp();
  await seedAll(t.db, { users: USERS, now: t.clock.now() });
  token = (await signIn(t)).accessToken;
});
afterAll(async () => {
  await t?.close();
});

describe('GET /manager/metrics', () => {
  it('needs a signed-in admin', async () => {
    const res = await t.call({ method: 'GET', url: '/manager/metrics' });
    expect(res.statusCode).toBe(401);
  });

  it('counts users seen within 5 minutes as online, and open rooms as active games', async () => {
    const now = t.clock.now().toISOString();
    const active = telegramIdOf(1);
    const away = telegramIdOf(2);
    await rows(`update users set last_active = '${now}'::timestamptz - interval '1 hour'`);
    await rows(`update users set last_active = '${now}' where telegram_id = ${active}`);
    await rows(`update users set last_active = '${now}'::timestamptz - interval '10 minutes' where telegram_id = ${away}`);
    const body = envelope(metricsResponseSchema).parse(await get('/manager/metrics'));
    const games = await one(`select count(*) as n from games where status in ('waiting', 'in_progress')`);
    expect(body.code).toBe(200);
    expect(body.data).toEqual({ totalUsers: USERS, onlineUsers: 1, activeGames: Number(games.n) });
    expect(body.data.activeGames).toBeGreaterThan(0);

    // Four minutes later the same user is still online; two more minutes and nobody is.
    t.clock.advance(4 * 60_000);
    expect(((await get('/manager/metrics')).data as { onlineUsers: number }).onlineUsers).toBe(1);
    t.clock.advance(2 * 60_000);
    expect(((await get('/manager/metrics')).data as { onlineUsers: number }).onlineUsers).toBe(0);
  });
});

describe('GET /manager/dashboard-stats', () => {
  it('answers with figures equal to a recomputation in SQL', async () => {
    const raw = await get('/manager/dashboard-stats');
    const { data } = envelope(dashboardStatsResponseSchema).parse(raw);
    // Totals travel as JSON numbers, not decimal strings.
    expect(typeof (raw.data as { totalTon: unknown }).totalTon).toBe('number');

    const sums = await one(`select sum(ton_balance) as ton, sum(stars_balance) as stars, sum(red_chip_balance) as red from users`);
    expect(data.totalTon).toBeCloseTo(Number(sums.ton), 6);
    expect(data.totalStars).toBe(Number(sums.stars));
    expect(data.totalRedChip).toBe(Number(sums.red));
    expect(data.totalInventory).toBe(Number((await one(`select count(*) as n from inventories where status <> 'withdrawn'`)).n));
    expect(data.totalPendingWithdrawals).toBe(Number((await one(`select count(*) as n from withdrawals where decided_at is null and decision is null`)).n));
    expect(data.totalDoneWithdrawals).toBe(Number((await one(`select count(*) as n from withdrawals where decision in ('with-transfer', 'without-transfer')`)).n));

    const countries = await rows(`select country_name, country_flag, count(*) as n from users where country_name is not null group by 1, 2 order by 3 desc, 1 limit 10`);
    expect(data.top10Countries).toEqual(
      countries.map((c) => ({
        countryName: c.country_name,
        countryFlag: c.country_flag,
        userCount: Number(c.n),
        percentage: Number(((Number(c.n) / USERS) * 100).toFixed(2)),
      })),
    );

    const completers = await rows(`select coalesce(u.username, u.first_name) as name, u.country_flag, count(*) as n from task_completions c join users u using (telegram_id) group by u.telegram_id order by 3 desc, u.telegram_id limit 10`);
    expect(data.top10TaskCompleters).toEqual(completers.map((r) => ({ username: r.name, countryFlag: r.country_flag, count: Number(r.n) })));

    const referrers = await rows(`select coalesce(r.username, r.first_name) as name, r.country_flag, count(*) as n from users u join users r on r.telegram_id = u.referred_by group by r.telegram_id order by 3 desc, r.telegram_id limit 10`);
    expect(data.top10Referrers).toEqual(referrers.map((r) => ({ username: r.name, countryFlag: r.country_flag, refCount: Number(r.n) })));
  });

  it('lists the ten newest users with their inviter and how long ago they joined', async () => {
    const { data } = envelope(dashboardStatsResponseSchema).parse(await get('/manager/dashboard-stats'));
    const newest = await rows(`select coalesce(u.username, u.first_name) as name, coalesce(r.username, r.first_name) as ref, u.country_name
      from users u left join users r on r.telegram_id = u.referred_by order by u.created_at desc, u.telegram_id desc limit 10`);
    expect(data.lastRegisteredUsers.map((u) => [u.username, u.refUsername, u.countryName])).toEqual(newest.map((r) => [r.name, r.ref, r.country_name]));
    expect(data.lastRegisteredUsers.some((u) => u.refUsername !== null)).toBe(true);
    const newestAt = new Date(Number((await one(`select extract(epoch from max(created_at)) * 1000 as at from users`)).at));
    const minutes = Math.floor((t.clock.now().getTime() - newestAt.getTime()) / 60_000);
    expect(minutes).toBeGreaterThanOrEqual(2);
    expect(data.lastRegisteredUsers[0]!.timeAgo).toBe(`${minutes} minutes ago`);
    for (const u of data.lastRegisteredUsers) expect(u.timeAgo).toMatch(/^(just now|\d+ (minute|hour|day|month|year)s? ago)$/);
  });

  it('sorts every top list by its count and keeps ten rows', async () => {
    const { data } = envelope(dashboardStatsResponseSchema).parse(await get('/manager/dashboard-stats'));
    const lists = [data.top10Countries.map((c) => c.userCount), data.top10TaskCompleters.map((c) => c.count), data.top10Referrers.map((c) => c.refCount)];
    for (const counts of lists) {
      expect(counts).toHaveLength(10);
      expect(counts).toEqual([...counts].sort((x, y) => y - x));
    }
    expect(data.lastRegisteredUsers).toHaveLength(10);
  });
});

describe('dashboard caching', () => {
  it('shares one computation between concurrent requests until a write arrives, and keeps nothing afterwards', async () => {
    const now = t.clock.now();
    const first = readDashboardStatsShared(t.db, now);
    expect(readDashboardStatsShared(t.db, now)).toBe(first);
    noteWrite();
    const second = readDashboardStatsShared(t.db, now);
    expect(second).not.toBe(first);
    await Promise.all([first, second]);
    expect(readDashboardStatsShared(t.db, now)).not.toBe(second);
  });

  it('shows a balance saved while a dashboard request is running', async () => {
    const [user] = await rows('select telegram_id from users order by telegram_id limit 1');
    const id = Number(user!.telegram_id);
    const before = await readDashboardStatsShared(t.db, t.clock.now());
    const running = t.call({ method: 'GET', url: '/manager/dashboard-stats', token });
    const current = await t.call({ method: 'GET', url: `/manager/users/${id}`, token });
    const u = current.json().data as { tonBalance: number; starsBalance: number; redChipBalance: number; playBalance: number; refNormal: number; refPremium: number };
    const seen = { tonBalance: u.tonBalance, starsBalance: u.starsBalance, redChipBalance: u.redChipBalance, playBalance: u.playBalance, refNormal: u.refNormal, refPremium: u.refPremium };
    // Earlier tests moved the clock past the step-up window of the sign-in.
    await stepUp(t, token, 'password');
    const put = await t.call({
      method: 'PUT',
      url: `/manager/users/${id}/balances`,
      token,
      payload: { ...seen, tonBalance: u.tonBalance + 1000, expected: seen, reason: 'Dashboard check' },
    });
    expect(put.statusCode, put.body).toBe(200);
    const after = envelope(dashboardStatsResponseSchema).parse(await get('/manager/dashboard-stats')).data;
    expect(after.totalTon).toBeCloseTo(before.totalTon + 1000, 6);
    expect((await running).statusCode).toBe(200);
  });

  it('keeps the top-10 rankings for a minute of the app clock, then reads them again', async () => {
    const top = async () => envelope(dashboardStatsResponseSchema).parse(await get('/manager/dashboard-stats')).data.top10Referrers;
    const cached = await top();
    const leader = await one(`select referred_by from users where referred_by is not null group by referred_by order by count(*) desc, referred_by limit 1`);
    // Two hundred new invitees make a new leader in the data; the cached ranking does not move yet.
    const base = 9_300_000_000;
    await rows(`insert into users (telegram_id, username, referred_by) select ${base} + g, 'inv' || g, (select min(telegram_id) from users where telegram_id not in (${Number(leader.referred_by)})) from generate_series(1, 200) g`);
    expect(await top()).toEqual(cached);
    t.clock.advance(RANKINGS_TTL_MS);
    expect((await top())[0]!.refCount).toBeGreaterThanOrEqual(200);
  });
});
