import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  dashboardStatsResponseSchema,
  envelope,
  metricsResponseSchema,
  type DashboardStatsResponse,
} from '@manager/contract';
import { seedAll } from '../../src/db/seed/index';
import { telegramIdOf } from '../../src/db/seed/users';
import { userCounts } from '../../src/db/schema/index';
import { topRanked } from '../../src/stats/rankings-repository';
import { noteWrite, readDashboardStatsShared } from '../../src/stats/repository';
import { buildTestApp, signIn, stepUp, type TestApp } from '../support/helper';

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

/** Every figure of the dashboard against the same figure computed from the tables. */
async function expectRecomputed(data: DashboardStatsResponse) {
  const users = Number((await one('select count(*) as n from users')).n);
  const sums = await one(
    `select coalesce(sum(ton_balance), 0) as ton, coalesce(sum(stars_balance), 0) as stars, coalesce(sum(red_chip_balance), 0) as red from users`,
  );
  expect(data.totalTon).toBeCloseTo(Number(sums.ton), 6);
  expect(data.totalStars).toBe(Number(sums.stars));
  expect(data.totalRedChip).toBe(Number(sums.red));
  expect(data.totalInventory).toBe(
    Number((await one(`select count(*) as n from inventories where status <> 'withdrawn'`)).n),
  );
  expect(data.totalPendingWithdrawals).toBe(
    Number(
      (await one(`select count(*) as n from withdrawals where decided_at is null and decision is null`)).n,
    ),
  );
  expect(data.totalDoneWithdrawals).toBe(
    Number(
      (
        await one(
          `select count(*) as n from withdrawals where decision in ('with-transfer', 'without-transfer')`,
        )
      ).n,
    ),
  );

  const countries = await rows(
    `select country_name, country_flag, count(*) as n from users where country_name is not null group by 1, 2 order by 3 desc, 1 limit 10`,
  );
  expect(data.top10Countries).toEqual(
    countries.map((c) => ({
      countryName: c.country_name,
      countryFlag: c.country_flag,
      userCount: Number(c.n),
      percentage: Number(((Number(c.n) / users) * 100).toFixed(2)),
    })),
  );

  const completers = await rows(
    `select u.telegram_id, coalesce(u.username, u.first_name) as name, u.country_flag, count(*) as n from task_completions c join users u using (telegram_id) group by u.telegram_id order by 4 desc, u.telegram_id limit 10`,
  );
  expect(data.top10TaskCompleters).toEqual(
    completers.map((r) => ({
      telegramId: Number(r.telegram_id),
      username: r.name,
      countryFlag: r.country_flag,
      count: Number(r.n),
    })),
  );

  const referrers = await rows(
    `select r.telegram_id, coalesce(r.username, r.first_name) as name, r.country_flag, count(*) as n from users u join users r on r.telegram_id = u.referred_by group by r.telegram_id order by 4 desc, r.telegram_id limit 10`,
  );
  expect(data.top10Referrers).toEqual(
    referrers.map((r) => ({
      telegramId: Number(r.telegram_id),
      username: r.name,
      countryFlag: r.country_flag,
      refCount: Number(r.n),
    })),
  );
}

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
    await rows(
      `update users set last_active = '${now}'::timestamptz - interval '10 minutes' where telegram_id = ${away}`,
    );
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
    // Totals travel as JSON numbers, not decimal strings.
    expect(typeof (raw.data as { totalTon: unknown }).totalTon).toBe('number');
    await expectRecomputed(envelope(dashboardStatsResponseSchema).parse(raw).data);
  });

  it('lists the ten newest users with their inviter and how long ago they joined', async () => {
    const { data } = envelope(dashboardStatsResponseSchema).parse(await get('/manager/dashboard-stats'));
    const newest =
      await rows(`select u.telegram_id as id, coalesce(u.username, u.first_name) as name, r.telegram_id as ref_id,
      coalesce(r.username, r.first_name) as ref, u.country_name
      from users u left join users r on r.telegram_id = u.referred_by order by u.created_at desc, u.telegram_id desc limit 10`);
    expect(
      data.lastRegisteredUsers.map((u) => [
        u.telegramId,
        u.username,
        u.refTelegramId,
        u.refUsername,
        u.countryName,
      ]),
    ).toEqual(
      newest.map((r) => [
        Number(r.id),
        r.name,
        r.ref_id === null ? null : Number(r.ref_id),
        r.ref,
        r.country_name,
      ]),
    );
    expect(data.lastRegisteredUsers.some((u) => u.refUsername !== null)).toBe(true);
    const newestAt = new Date(
      Number((await one(`select extract(epoch from max(created_at)) * 1000 as at from users`)).at),
    );
    const minutes = Math.floor((t.clock.now().getTime() - newestAt.getTime()) / 60_000);
    expect(minutes).toBeGreaterThanOrEqual(2);
    expect(data.lastRegisteredUsers[0]!.timeAgo).toBe(`${minutes} minutes ago`);
    for (const u of data.lastRegisteredUsers)
      expect(u.timeAgo).toMatch(/^(just now|\d+ (minute|hour|day|month|year)s? ago)$/);
  });

  it('sorts every top list by its count and keeps ten rows', async () => {
    const { data } = envelope(dashboardStatsResponseSchema).parse(await get('/manager/dashboard-stats'));
    const lists = [
      data.top10Countries.map((c) => c.userCount),
      data.top10TaskCompleters.map((c) => c.count),
      data.top10Referrers.map((c) => c.refCount),
    ];
    for (const counts of lists) {
      expect(counts).toHaveLength(10);
      expect(counts).toEqual([...counts].sort((x, y) => y - x));
    }
    expect(data.lastRegisteredUsers).toHaveLength(10);
  });
});

describe('dashboard rankings plan', () => {
  type PlanNode = { 'Node Type': string; 'Index Name'?: string; Plans?: PlanNode[] };
  const limitOf = (node: PlanNode): PlanNode | undefined =>
    node['Node Type'] === 'Limit' ? node : (node.Plans ?? []).map(limitOf).find((n) => n !== undefined);

  it('reads the top task completers and inviters as the first ten entries of their partial indexes', async () => {
    for (const [counter, index] of [
      [userCounts.completions, 'user_counts_completions_idx'],
      [userCounts.referrals, 'user_counts_referrals_idx'],
    ] as const) {
      const plan = await t.db.transaction(async (tx) => {
        // At this size a scan of the whole table is cheap; without it the index is the way in.
        await tx.execute(sql`set local enable_seqscan = off`);
        const res = (await tx.execute(sql`explain (format json) ${topRanked(tx, counter)}`)) as unknown as {
          rows: { 'QUERY PLAN': unknown }[];
        };
        const json = res.rows[0]!['QUERY PLAN'];
        return (typeof json === 'string' ? JSON.parse(json) : json) as { Plan: PlanNode }[];
      });
      // The ten entries come straight from the index: no sort of every counted player below the limit.
      const limit = limitOf(plan[0]!.Plan);
      expect(limit?.Plans?.[0]?.['Index Name'], JSON.stringify(plan)).toBe(index);
    }
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
    const u = current.json().data as {
      tonBalance: number;
      starsBalance: number;
      redChipBalance: number;
      playBalance: number;
      refNormal: number;
      refPremium: number;
    };
    const seen = {
      tonBalance: u.tonBalance,
      starsBalance: u.starsBalance,
      redChipBalance: u.redChipBalance,
      playBalance: u.playBalance,
      refNormal: u.refNormal,
      refPremium: u.refPremium,
    };
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

  it('shows a new top inviter on the next load (the rankings are live)', async () => {
    const top = async () =>
      envelope(dashboardStatsResponseSchema).parse(await get('/manager/dashboard-stats')).data.top10Referrers;
    const leader = await one(
      `select referred_by from users where referred_by is not null group by referred_by order by count(*) desc, referred_by limit 1`,
    );
    expect((await top())[0]!.refCount).toBeLessThan(200);
    // Two hundred new invitees make a new leader.
    const base = 9_300_000_000;
    await rows(
      `insert into users (telegram_id, username, referred_by) select ${base} + g, 'inv' || g, (select min(telegram_id) from users where telegram_id not in (${Number(leader.referred_by)})) from generate_series(1, 200) g`,
    );
    expect((await top())[0]!.refCount).toBeGreaterThanOrEqual(200);
  });
});

describe('dashboard totals kept by triggers', () => {
  const dashboard = async () =>
    envelope(dashboardStatsResponseSchema).parse(await get('/manager/dashboard-stats')).data;

  it('reads the kept totals, not the tables', async () => {
    const before = await dashboard();
    // A difference only the counters hold (the tables are untouched) shows on the dashboard.
    await rows(
      `update dashboard_totals set inventory = inventory + 7 where slot = (select min(slot) from dashboard_totals)`,
    );
    expect((await dashboard()).totalInventory).toBe(before.totalInventory + 7);
    await rows(
      `update dashboard_totals set inventory = inventory - 7 where slot = (select min(slot) from dashboard_totals)`,
    );
  });

  it('stays equal to a recomputation after inserts, updates and deletes of every counted table', async () => {
    const base = 9_400_000_000;
    // Players with balances and countries, some in a new country and without a flag.
    await rows(`insert into users (telegram_id, username, ton_balance, stars_balance, red_chip_balance, country_name, country_flag)
      select ${base} + g, 'vol' || g, g * 1.5, g * 10, g * 100, case when g % 2 = 0 then 'Atlantis' else 'Lemuria' end, case when g % 3 = 0 then null else '🏝' end
      from generate_series(1, 500) g`);
    // Balance edits (one statement, many rows), a country change, a row whose balances do not change.
    await rows(
      `update users set ton_balance = ton_balance + 0.123456789, stars_balance = stars_balance + 3 where telegram_id between ${base} + 1 and ${base} + 50`,
    );
    await rows(
      `update users set country_name = 'Atlantis', country_flag = '🌊' where telegram_id between ${base} + 51 and ${base} + 60`,
    );
    await rows(`update users set ton_balance = ton_balance where telegram_id = ${base} + 61`);
    await rows(`delete from users where telegram_id between ${base} + 400 and ${base} + 500`);
    // Gifts withdrawn and back, a new gift, a deleted one.
    await rows(
      `update inventories set status = 'withdrawn' where id in (select id from inventories where status = 'available' order by id limit 5)`,
    );
    await rows(
      `update inventories set status = 'available' where id in (select id from inventories where status = 'withdrawn' order by id limit 2)`,
    );
    await rows(
      `insert into inventories (name, base_name, telegram_id, status, price) select name || '-copy', base_name, telegram_id, 'available', price from inventories order by id limit 3`,
    );
    await rows(`delete from inventories where id = (select max(id) from inventories)`);
    // Withdrawals requested, approved, rejected, deleted.
    await rows(
      `insert into withdrawals (telegram_id, currency, price, wallet) select telegram_id, 'TON', 1, 'UQtest' from users order by telegram_id limit 4`,
    );
    await rows(
      `update withdrawals set decision = 'without-transfer', status = true, decided_at = now() where id in (select id from withdrawals where decision is null order by id limit 3)`,
    );
    await rows(
      `update withdrawals set decision = 'rejected', decided_at = now() where id in (select id from withdrawals where decision is null order by id limit 2)`,
    );
    await rows(
      `delete from withdrawals where id in (select id from withdrawals where inventory_id is null order by id desc limit 2)`,
    );
    // Task completions added for one player (a new top completer), removed with a task.
    await rows(
      `insert into task_completions (task_id, telegram_id) select id, ${base} + 1 from tasks on conflict do nothing`,
    );
    await rows(`delete from tasks where id = (select max(id) from tasks)`);
    await expectRecomputed(await dashboard());
    const [slots] = await rows(`select count(*) as n from dashboard_totals`);
    expect(Number(slots!.n)).toBeLessThanOrEqual(8);
  });

  it('starts again from zero after the tables are emptied, and counts a new seed', async () => {
    await rows(
      `truncate users, games, task_completions, tasks, inventories, marketplace_items, marketplace_orders, shop_orders, withdrawals restart identity cascade`,
    );
    expect(
      await one(
        `select coalesce(sum(ton), 0)::text as ton, coalesce(sum(inventory), 0)::text as inv, coalesce(sum(pending_withdrawals + done_withdrawals), 0)::text as w from dashboard_totals`,
      ),
    ).toEqual({ ton: '0', inv: '0', w: '0' });
    expect(Number((await one(`select count(*) as n from country_counts`)).n)).toBe(0);
    expect(
      Number((await one(`select count(*) as n from user_counts where completions <> 0 or referrals <> 0`)).n),
    ).toBe(0);
    await rows(
      `truncate stars_gifts, loot_boxes, ton_payments, stars_payments, mailings, tournaments, giveaways, settings, shop_items restart identity cascade`,
    );
    await seedAll(t.db, { users: 100, now: t.clock.now() });
    await expectRecomputed(await dashboard());
  });
});

describe('dashboard totals rebuild', () => {
  it('gives the totals the triggers keep (used after a copy with triggers off)', async () => {
    const kept =
      await rows(`select sum(ton)::text as ton, sum(stars)::text as stars, sum(red_chip)::text as red, sum(inventory)::text as inv,
      sum(pending_withdrawals)::text as pending, sum(done_withdrawals)::text as done from dashboard_totals`);
    const countries = await rows(`select * from country_counts where players <> 0 order by 1, 2`);
    await rows(`select dashboard_totals_rebuild()`);
    expect(
      await rows(`select sum(ton)::text as ton, sum(stars)::text as stars, sum(red_chip)::text as red, sum(inventory)::text as inv,
      sum(pending_withdrawals)::text as pending, sum(done_withdrawals)::text as done from dashboard_totals`),
    ).toEqual(kept);
    expect(await rows(`select * from country_counts order by 1, 2`)).toEqual(countries);
  });
});
