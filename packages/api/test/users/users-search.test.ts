import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { usersResponseSchema } from '@manager/contract';
import { createDb } from '../../src/db/client';
import { seedAll } from '../../src/db/seed/index';
import { users } from '../../src/db/schema/index';
import { preparedRows } from '../../src/db/prepared';
import { isQueryCancelled, QUERY_TIMEOUT_MESSAGE } from '../../src/plugins/errors';
import { listUsers, SEARCH_TUNING, type SearchTuning } from '../../src/users/list-repository';
import { buildTestApp, signIn, type TestApp } from '../support/helper';
import { api } from '../support/users-support';

let t: TestApp;
let token = '';
let h: ReturnType<typeof api>;

// Names with LIKE wildcards and digits, next to the seeded players.
const ODD = [
  { telegramId: 9_100_000_001, username: 'hundred_percent', firstName: '100%', lastName: null },
  { telegramId: 9_100_000_002, username: 'hundredXpercent', firstName: '100X', lastName: 'b7c9' },
  { telegramId: 9_100_000_003, username: 'under_score_1234', firstName: null, lastName: null },
];

beforeAll(async () => {
  t = await buildTestApp();
  await seedAll(t.db, { users: 400, now: t.clock.now() });
  await t.db
    .insert(users)
    .values(ODD.map((u, i) => ({ ...u, createdAt: new Date(Date.UTC(2021, 0, 1 + i)) })));
  token = (await signIn(t)).accessToken;
  h = api(t, () => token);
});
afterAll(async () => {
  await t?.close();
});

/** The expected ids in list order, by a query written independently of the API's (strpos on lower()). */
async function expectedIds(term: string): Promise<number[]> {
  const lit = term.replace(/'/g, "''");
  const byId = /^\d{1,15}$/.test(term) ? ` or telegram_id = ${term}` : '';
  const rows = await h.rows(`select telegram_id from users
    where strpos(lower(coalesce(username, '')), lower('${lit}')) > 0
       or strpos(lower(coalesce(first_name, '')), lower('${lit}')) > 0
       or strpos(lower(coalesce(last_name, '')), lower('${lit}')) > 0${byId}
    order by created_at desc, telegram_id desc`);
  return rows.map((r) => Number(r.telegram_id));
}

const TUNINGS: [string, SearchTuning][] = [
  ['cached id lists', SEARCH_TUNING],
  ['newest-first window', { ...SEARCH_TUNING, idListMax: 0, windowMargin: 0, windowMaxShare: 1 }],
  ['materialised matches', { ...SEARCH_TUNING, idListMax: 0, windowMaxShare: 0 }],
];
const TERMS = [
  'a',
  'an',
  'ar',
  'mar',
  '%',
  '_',
  '100%',
  'score_',
  '1234',
  '12',
  'b7c9',
  'B7C9',
  'zzzzqqq',
  '9100000002',
];

describe('user search: every path gives the exact list and count', () => {
  for (const [name, tuning] of TUNINGS) {
    it(`pages every term through ${name}`, async () => {
      for (const term of TERMS) {
        const expected = await expectedIds(term);
        const limit = 7;
        const lastPage = Math.max(1, Math.ceil(expected.length / limit));
        for (const page of new Set([1, 2, Math.ceil(lastPage / 2), lastPage, lastPage + 1])) {
          const res = await listUsers(t.db, { page, limit, search: term }, t.clock.now(), tuning);
          const where = `${term} page ${page}`;
          expect(res.pagination.totalUsers, where).toBe(expected.length);
          expect(res.pagination.totalPages, where).toBe(Math.ceil(expected.length / limit));
          expect(
            res.users.map((u) => u.telegramId),
            where,
          ).toEqual(expected.slice((page - 1) * limit, page * limit));
        }
      }
    });
  }

  it('finds the issue terms through the route, with % and _ taken literally and digits as ids too', async () => {
    const search = async (text: string) =>
      usersResponseSchema.parse(await h.get(`/manager/users?search=${encodeURIComponent(text)}&limit=100`));
    expect((await search('100%')).users.map((u) => u.telegramId)).toEqual([9_100_000_001]);
    expect((await search('d_p')).users.map((u) => u.telegramId)).toEqual([9_100_000_001]);
    expect((await search('1234')).users.map((u) => u.telegramId)).toContain(9_100_000_003);
    expect((await search('9100000002')).users.map((u) => u.telegramId)).toEqual([9_100_000_002]);
    expect((await search('b7c9')).users.map((u) => u.telegramId)).toEqual(await expectedIds('b7c9'));
    const percent = await search('%');
    expect(percent.pagination.totalUsers).toBe((await expectedIds('%')).length);
  });
});

describe('user counts stay exact after writes', () => {
  const total = async (term?: string) =>
    usersResponseSchema.parse(
      await h.get(`/manager/users?limit=1${term ? `&search=${encodeURIComponent(term)}` : ''}`),
    ).pagination.totalUsers;
  const countAll = async () => Number((await h.one('select count(*) as n from users')).n);

  it('follows inserts, renames and deletes (cached search counts and the trigger-kept total)', async () => {
    for (const [name, tuning] of TUNINGS) {
      const viaList = async (term: string) =>
        (await listUsers(t.db, { page: 1, limit: 50, search: term }, t.clock.now(), tuning)).pagination
          .totalUsers;
      expect(await viaList('qwxz'), name).toBe(0);
    }
    expect(await total('qwxz')).toBe(0);
    expect(await total()).toBe(await countAll());

    await t.db.insert(users).values([
      { telegramId: 9_200_000_001, username: 'qwxz_one', createdAt: new Date() },
      { telegramId: 9_200_000_002, firstName: 'Qwxz', createdAt: new Date() },
    ]);
    expect(await total('qwxz')).toBe(2);
    expect(await total()).toBe(await countAll());

    await h.rows(`update users set last_name = 'aQWXZb' where telegram_id = 9100000002`);
    expect(await total('qwxz')).toBe(3);
    const first = usersResponseSchema
      .parse(await h.get('/manager/users?search=qwxz'))
      .users.map((u) => u.telegramId);
    expect(first).toEqual(await expectedIds('qwxz'));

    await h.rows('delete from users where telegram_id = 9200000001');
    expect(await total('qwxz')).toBe(2);
    expect(await total()).toBe(await countAll());
    for (const [name, tuning] of TUNINGS) {
      const res = await listUsers(t.db, { page: 1, limit: 50, search: 'qwxz' }, t.clock.now(), tuning);
      expect(
        res.users.map((u) => u.telegramId),
        name,
      ).toEqual(await expectedIds('qwxz'));
    }
  });

  it('keeps the games total of /game/history and the users total of /metrics equal to count(*)', async () => {
    const games = async () => (await h.get('/manager/game/history?page=1')).pagination.totalGames as number;
    const before = await games();
    expect(before).toBe(Number((await h.one('select count(*) as n from games')).n));
    await h.rows(
      `insert into games (room_code, player1_id, status, player1_rewards, player2_rewards) values ('QQQQQQ', 9100000001, 'waiting', '{}', '{}'), ('QQQQQR', 9100000001, 'waiting', '{}', '{}')`,
    );
    expect(await games()).toBe(before + 2);
    await h.rows(`delete from games where room_code like 'QQQQQ%'`);
    expect(await games()).toBe(before);
    expect((await h.get('/manager/metrics')).totalUsers).toBe(await countAll());
  });
});

describe('prepared statements', () => {
  it.skipIf(!!process.env.TEST_DATABASE_URL)(
    'are PREPAREd once on PGlite when every value is a number or number array (literals), with the same rows',
    async () => {
      const text = 'select cardinality($1::bigint[]) as n, $2::bigint * 2 as twice, $3::int is null as none';
      for (const values of [
        [[5, 6, 7], 21, null],
        [[], -4, null],
        [[9_007_199_254_740_991], 0, null],
      ]) {
        const viaExecute = await preparedRows<Record<string, unknown>>(
          t.db,
          'test_prepared_numbers',
          text,
          values,
        );
        const direct = await t.db.transaction((tx) =>
          preparedRows<Record<string, unknown>>(tx, 'test_prepared_numbers', text, values),
        );
        expect(viaExecute.map((r) => [Number(r.n), Number(r.twice), r.none])).toEqual(
          direct.map((r) => [Number(r.n), Number(r.twice), r.none]),
        );
      }
      const names = await h.rows(
        `select name from pg_prepared_statements where name = 'test_prepared_numbers'`,
      );
      expect(names).toHaveLength(1);
    },
  );

  it('give the same rows on the database and inside a transaction, arrays as one parameter', async () => {
    const text = 'select cardinality($1::bigint[]) as n, $2::int + $2::int as twice, $3::text as t';
    const values = [[5, 6, 7], 21, 'x'];
    const outside = await preparedRows<{ n: number; twice: number; t: string }>(
      t.db,
      'test_prepared_rows',
      text,
      values,
    );
    const inside = await t.db.transaction((tx) =>
      preparedRows<{ n: number; twice: number; t: string }>(tx, 'test_prepared_rows', text, values),
    );
    for (const rows of [outside, inside]) {
      expect(rows.map((r) => [Number(r.n), Number(r.twice), r.t])).toEqual([[3, 42, 'x']]);
    }
  });
});

describe('statement timeout', () => {
  it('answers a cancelled query (SQLSTATE 57014) as a 503 JSON error without internals', async () => {
    const app = await buildTestApp();
    try {
      // A query cancelled by the server, raised deterministically (no timing involved).
      app.app.get('/manager/test-cancelled', async () => {
        await app.db.execute(
          sql`do $$ begin raise exception 'canceling statement due to statement timeout' using errcode = 'query_canceled'; end $$`,
        );
        return { code: 200 };
      });
      const tokens = await signIn(app);
      const res = await app.call({
        method: 'GET',
        url: '/manager/test-cancelled',
        token: tokens.accessToken,
      });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ code: 503, message: QUERY_TIMEOUT_MESSAGE });
      expect(res.body).not.toMatch(/canceling|stack|at /);
    } finally {
      await app.close();
    }
  });

  it.skipIf(!process.env.TEST_DATABASE_URL)(
    'cancels a statement that runs longer than the configured timeout (PostgreSQL)',
    async () => {
      const url = new URL(process.env.TEST_DATABASE_URL!);
      const handle = await createDb({ databaseUrl: url.toString(), statementTimeoutMs: 50 });
      try {
        const shown = (await handle.db.execute(sql`show statement_timeout`)) as unknown as {
          rows: { statement_timeout: string }[];
        };
        expect(shown.rows[0]!.statement_timeout).toBe('50ms');
        const error = await handle.db.execute(sql`select pg_sleep(2)`).then(
          () => null,
          (e: unknown) => e,
        );
        expect(isQueryCancelled(error)).toBe(true);
      } finally {
        await handle.close();
      }
    },
  );

  it('does not take other errors for a timeout', () => {
    expect(isQueryCancelled(new Error('boom'))).toBe(false);
    expect(isQueryCancelled({ cause: { code: '23505' } })).toBe(false);
    expect(isQueryCancelled({ cause: { code: '57014' } })).toBe(true);
  });
});
