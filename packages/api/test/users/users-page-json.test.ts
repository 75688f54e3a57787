import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inArray } from 'drizzle-orm';
import { envelope, usersResponseSchema, type UserSummary } from '@manager/contract';
import { seedAll } from '../../src/db/seed/index';
import { users } from '../../src/db/schema/index';
import { listUsers, SEARCH_TUNING } from '../../src/users/list-repository';
import { countsFor, countsOf, toUserSummary } from '../../src/users/user-summary';
import { buildTestApp, signIn, type TestApp } from '../support/helper';
import { api } from '../support/users-support';

/**
 * The users page is built as JSON by the database (users-page-sql.ts). It must say exactly
 * what the row mapping in TypeScript says (`toUserSummary` + `countsFor` + `timeAgo`) for the
 * same rows: money, dates truncated to milliseconds, counts and "joined ... ago" at every unit
 * boundary, odd text.
 */
let t: TestApp;
let token = '';
let h: ReturnType<typeof api>;
const MIN = 60_000;
const DAY = 86_400_000;

/** Ages (ms before the clock) at and around every `timeAgo` boundary, and one in the future. */
const AGES = [
  0,
  1,
  MIN - 1,
  MIN,
  2 * MIN - 1,
  2 * MIN,
  3_600_000 - 1,
  3_600_000,
  DAY - 1,
  DAY,
  2 * DAY,
  30 * DAY - 1,
  30 * DAY,
  60 * DAY,
  365 * DAY - 1,
  365 * DAY,
  2 * 365 * DAY + 7,
  -5_000,
];

beforeAll(async () => {
  t = await buildTestApp();
  await seedAll(t.db, { users: 300, now: t.clock.now() });
  const now = t.clock.now().getTime();
  await t.db.insert(users).values(
    AGES.map((age, i) => ({
      telegramId: 9_300_000_000 + i,
      username: i % 2 ? `age_${i}` : null,
      firstName: ['quote " and \\ back', 'tab\tnew\nline', 'émoji 🎲 ü', '\u0001ctl', null][i % 5],
      lastName: i % 3 ? 'Agé' : null,
      tonBalance: ['0', '0.000000001', '12345678901.123456789', '0.1', '99999999999.999999999', '1.5'][i % 6],
      refTon: ['0.3', '7', '0.000000009'][i % 3],
      starsBalance: i * 1_000_003,
      createdAt: new Date(now - age),
      lastActive: i % 4 ? new Date(now - age / 2) : null,
    })),
  );
  // Microseconds the API's Date would drop (sub-millisecond digits, and one just below a second).
  token = (await signIn(t)).accessToken;
  h = api(t, () => token);
  await h.rows(
    `update users set created_at = created_at - interval '999 microseconds', updated_at = '2024-02-29 23:59:59.999999+00', last_active = '1999-12-31 23:59:59.000500+00' where telegram_id in (9300000002, 9300000003, 9300000005)`,
  );
});
afterAll(async () => {
  await t?.close();
});

/** What the TypeScript mapping says for these players, in the given order. */
async function mapped(list: UserSummary[]): Promise<UserSummary[]> {
  const ids = list.map((u) => u.telegramId);
  if (ids.length === 0) return [];
  const rows = await t.db.select().from(users).where(inArray(users.telegramId, ids));
  const counts = await countsFor(t.db, ids);
  const byId = new Map(
    rows.map((r) => [r.telegramId, toUserSummary(r, countsOf(counts, r.telegramId), t.clock.now())]),
  );
  return ids.map((id) => byId.get(id)!);
}

describe('users page JSON built by the database', () => {
  // Cached newest ids, none (every page read by offset), and a cache that ends inside page 1.
  for (const newestIdsMax of [SEARCH_TUNING.newestIdsMax, 0, 20]) {
    it(`equals the TypeScript mapping for every player, page by page (no search, ${newestIdsMax} newest ids cached)`, async () => {
      const tuning = { ...SEARCH_TUNING, newestIdsMax };
      const all = (
        await h.rows('select telegram_id from users order by created_at desc, telegram_id desc')
      ).map((r) => Number(r.telegram_id));
      for (let page = 1; page <= Math.ceil(all.length / 37) + 1; page++) {
        const res = await listUsers(t.db, { page, limit: 37 }, t.clock.now(), tuning);
        expect(res.pagination.totalUsers).toBe(all.length);
        expect(
          res.users.map((u) => u.telegramId),
          `page ${page}`,
        ).toEqual(all.slice((page - 1) * 37, page * 37));
        expect(res.users, `page ${page}`).toEqual(await mapped(res.users));
      }
    });
  }

  it('equals the TypeScript mapping on search pages (cached ids, first and later requests)', async () => {
    for (const term of ['a', 'age_', 'Agé', '"', '🎲', '9300000003']) {
      for (let i = 0; i < 2; i++) {
        const res = await listUsers(t.db, { page: 1, limit: 50, search: term }, t.clock.now());
        expect(res.users.length, term).toBeGreaterThan(0);
        expect(res.users, term).toEqual(await mapped(res.users));
      }
    }
  });

  it('counts finished games, wins, losses and referrals like countsFor', async () => {
    const res = await listUsers(t.db, { page: 1, limit: 100 }, t.clock.now());
    const withGames = (await listUsers(t.db, { page: 3, limit: 100 }, t.clock.now())).users.filter(
      (u) => u.totalGames > 0,
    );
    expect(withGames.length).toBeGreaterThan(0);
    expect(withGames).toEqual(await mapped(withGames));
    expect(res.users).toEqual(await mapped(res.users));
  });

  it('serves the route as the usual envelope, schema-valid', async () => {
    const res = await t.call({ method: 'GET', url: '/manager/users?page=1&limit=20', token });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    const body = envelope(usersResponseSchema).parse(res.json());
    expect(body.code).toBe(200);
    expect(body.message).toBe('Success');
    expect(body.data.users).toEqual(await mapped(body.data.users));
    expect(body.data.pagination.usersPerPage).toBe(20);
    for (const url of [
      '/manager/users?page=100000000&limit=100&search=e',
      '/manager/users?page=100000000&limit=100&search=o',
      '/manager/users?page=100000000&limit=100',
    ]) {
      const far = await t.call({ method: 'GET', url, token });
      expect(far.statusCode, far.body).toBe(200);
      expect(far.json().data.users).toEqual([]);
    }
  });

  it('says "joined ... ago" like timeAgo at every unit boundary, after the clock moves too', async () => {
    for (const advance of [0, 1, MIN - 1]) {
      t.clock.advance(advance);
      const res = await listUsers(t.db, { page: 1, limit: 50, search: 'age_' }, t.clock.now());
      expect(res.users.length).toBeGreaterThan(5);
      expect(res.users).toEqual(await mapped(res.users));
    }
  });

  it('shows writes at once through the cached ids: a new player, a balance, a finished game, a deletion', async () => {
    const first = async () => (await listUsers(t.db, { page: 1, limit: 50 }, t.clock.now())).users[0]!;
    const before = await first();
    const id = 9_400_000_001;
    await t.db.insert(users).values({
      telegramId: id,
      username: 'newest_one',
      createdAt: new Date(t.clock.now().getTime() + 1000),
    });
    expect((await first()).telegramId).toBe(id);
    await h.rows(`update users set stars_balance = 777 where telegram_id = ${id}`);
    expect((await first()).starsBalance).toBe(777);
    await h.rows(
      `insert into games (room_code, player1_id, player2_id, winner_telegram_id, status, player1_rewards, player2_rewards) values ('JSON01', ${id}, ${before.telegramId}, ${id}, 'finished', '{}', '{}')`,
    );
    const after = await first();
    expect([after.totalGames, after.gamesWon, after.gamesLost]).toEqual([1, 1, 0]);
    expect(
      (await listUsers(t.db, { page: 1, limit: 50, search: 'newest_one' }, t.clock.now())).users.map(
        (u) => u.totalGames,
      ),
    ).toEqual([1]);
    await h.rows(`delete from games where room_code = 'JSON01'`);
    await h.rows(`delete from users where telegram_id = ${id}`);
    expect((await first()).telegramId).toBe(before.telegramId);
    expect(
      (await listUsers(t.db, { page: 1, limit: 50, search: 'newest_one' }, t.clock.now())).pagination
        .totalUsers,
    ).toBe(0);
  });
});
