import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  envelope,
  gameHistoryResponseSchema,
  inventoryResponseSchema,
  tonPaymentsResponseSchema,
  usersResponseSchema,
} from '@manager/contract';
import { FAR_OFFSET, pageIds, type DayCount, type IdsRead } from '../../../src/lib/lists';
import { DAY_MS } from '../../../src/lib/utc-days';
import { signedInApp, type TestApp } from '../../support/helper';
import { rows } from '../../support/withdrawals-fixtures';

describe('pageIds', () => {
  /** The calls pageIds makes for a page of a list of `total` rows (20 a page). */
  async function callsFor(total: number, page: number) {
    const calls: Array<[boolean, number, number]> = [];
    const result = await pageIds(
      { page, limit: 20 },
      async () => total,
      async ({ newestFirst, limit, offset }) => {
        calls.push([newestFirst, limit, offset]);
        return Array.from({ length: Math.max(0, Math.min(limit, total - offset)) }, (_, k) =>
          newestFirst ? `n${offset + k}` : `o${offset + k}`,
        );
      },
    );
    return { calls, ...result };
  }

  it('reads pages near the start newest first, with the total at once', async () => {
    expect((await callsFor(100_000, 2)).calls).toEqual([[true, 20, 20]]);
    const edge = FAR_OFFSET / 20;
    expect((await callsFor(100_000, edge)).calls).toEqual([[true, 20, FAR_OFFSET - 20]]);
  });

  it('reads a deep page from the nearer end and gives it back newest first', async () => {
    // Page 4,500 of 5,000: 10,000 rows from the oldest end instead of 89,980 from the newest.
    const deep = await callsFor(100_000, 4500);
    expect(deep.calls).toEqual([[false, 20, 10_000]]);
    expect(deep.ids[0]).toBe('o10019');
    expect(deep.ids.at(-1)).toBe('o10000');
    // A deep page still nearer the newest end is read from there.
    expect((await callsFor(100_000, 1000)).calls).toEqual([[true, 20, 19_980]]);
    // The last page, whole and partial; a page past the end reads nothing.
    expect((await callsFor(100_000, 5000)).calls).toEqual([[false, 20, 0]]);
    expect((await callsFor(100_005, 5001)).calls).toEqual([[false, 5, 0]]);
    const past = await callsFor(100_000, 5001);
    expect(past.calls).toEqual([]);
    expect(past).toMatchObject({ ids: [], total: 100_000 });
  });
});

describe('pageIds with day counts', () => {
  // 12,600 rows over 60 UTC days of uneven sizes (every seventh day empty), many sharing a
  // time; the list order is time then id, newest first.
  const start = Date.UTC(2026, 0, 1);
  const list: Array<{ at: number; id: number }> = [];
  for (let d = 0; d < 60; d++) {
    const n = d % 7 === 3 ? 0 : ((d * 131) % 400) + 1;
    for (let k = 0; k < n; k++)
      list.push({
        at: start + d * DAY_MS + (k === 0 ? 0 : k === 1 ? DAY_MS - 1 : (k % 50) * 60_000),
        id: list.length + 1,
      });
  }
  list.sort((a, b) => b.at - a.at || b.id - a.id);
  const days: DayCount[] = [];
  for (let d = 59; d >= 0; d--)
    days.push({
      start: start + d * DAY_MS,
      n: list.filter((r) => Math.floor((r.at - start) / DAY_MS) === d).length,
    });
  /** The rows a read asks for, as the index would give them; records the largest offset asked inside a day. */
  let deepest = 0;
  const ids = async (read: IdsRead) => {
    const inOrder = read.newestFirst ? list : [...list].reverse();
    const from = read.edge
      ? inOrder.filter((r) => (read.newestFirst ? r.at < read.edge!.getTime() : r.at >= read.edge!.getTime()))
      : inOrder;
    if (read.edge) deepest = Math.max(deepest, read.offset);
    return from.slice(read.offset, read.offset + read.limit).map((r) => r.id);
  };

  it('gives every page, from both ends, the rows of the list order, skipping less than a day inside the index', async () => {
    expect(list.length).toBeGreaterThan(FAR_OFFSET * 2);
    const biggestDay = Math.max(...days.map((d) => d.n));
    for (const limit of [7, 50]) {
      for (let page = 1; page <= Math.ceil(list.length / limit) + 1; page++) {
        const got = await pageIds(
          { page, limit },
          async () => list.length,
          ids,
          async () => days,
        );
        expect(got.ids, `page ${page} of ${limit}`).toEqual(
          list.slice((page - 1) * limit, page * limit).map((r) => r.id),
        );
      }
    }
    expect(deepest).toBeGreaterThan(0);
    expect(deepest).toBeLessThan(biggestDay);
  });

  it('reads as without days when the counts do not reach the page (written between the two reads)', async () => {
    const reads: IdsRead[] = [];
    const page = FAR_OFFSET / 20 + 1;
    const newest = days.slice(0, 10);
    expect(newest.reduce((n, d) => n + d.n, 0)).toBeLessThan(FAR_OFFSET);
    const got = await pageIds(
      { page, limit: 20 },
      async () => list.length,
      async (read) => (reads.push(read), ids(read)),
      async () => newest,
    );
    expect(reads).toEqual([{ newestFirst: true, limit: 20, offset: FAR_OFFSET }]);
    expect(got.ids).toEqual(list.slice((page - 1) * 20, page * 20).map((r) => r.id));
  });
});

describe('deep pages of the lists', () => {
  let t: TestApp;
  let token: string;
  const ROWS = 14_000;
  beforeAll(async () => {
    ({ t, token } = await signedInApp({ users: 50 }));
    // Many rows sharing a time, so the id decides the order within them (both directions).
    await rows(
      t,
      sql.raw(`insert into ton_payments (telegram_id, transaction_id, type, amount, fee, status, created_at)
      select (select min(telegram_id) from users), md5(g::text), 'deposit', g % 7 + 1, 0.01, g % 3 = 0, timestamptz '2026-01-01' + (g / 4) * interval '1 minute'
      from generate_series(1, ${ROWS}) g`),
    );
    await rows(
      t,
      sql.raw(`insert into games (room_code, player1_id, status, player1_rewards, player2_rewards, created_at)
      select 'R' || g, (select min(telegram_id) from users), 'finished', '{"ton":0,"stars":0,"nfts":[],"totalAmount":0}', '{"ton":0,"stars":0,"nfts":[],"totalAmount":0}', timestamptz '2026-01-01' + (g / 3) * interval '1 minute' from generate_series(1, ${ROWS}) g`),
    );
    await rows(
      t,
      sql.raw(`insert into inventories (telegram_id, name, base_name, gift_number, price, status, created_at)
      select (select min(telegram_id) from users), 'Gift-' || g, 'Gift', g, 1, case when g % 5 = 0 then 'withdrawn' else 'available' end,
        timestamptz '2026-01-01' + (g / 4) * interval '1 minute' from generate_series(1, ${ROWS}) g`),
    );
    await rows(t, sql.raw('analyze'));
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });

  const get = async (url: string) => {
    const res = await t.call({ method: 'GET', url, token });
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };
  const expectedIds = async (table: string, where: string, page: number, limit: number) =>
    (
      await rows(
        t,
        sql.raw(
          `select id from ${table} where ${where} order by created_at desc, id desc limit ${limit} offset ${(page - 1) * limit}`,
        ),
      )
    ).map((r) => Number(r.id));

  it('gives every page, first to last, the rows of the plain newest-first order (TON payments, game history, inventory)', async () => {
    const tonTotal = Number((await rows(t, sql.raw('select count(*) as n from ton_payments')))[0]!.n);
    const gamesTotal = Number((await rows(t, sql.raw('select count(*) as n from games')))[0]!.n);
    const giftsTotal = Number(
      (await rows(t, sql.raw(`select count(*) as n from inventories where status <> 'withdrawn'`)))[0]!.n,
    );
    for (const [limit, total] of [
      [20, tonTotal],
      [20, gamesTotal],
      [20, giftsTotal],
    ] as const)
      expect(total / limit).toBeGreaterThan((FAR_OFFSET / limit) * 2);
    const pagesOf = (total: number) => {
      const last = Math.ceil(total / 20);
      return [
        1,
        2,
        Math.floor(FAR_OFFSET / 20),
        Math.floor(FAR_OFFSET / 20) + 1,
        Math.floor(last / 2),
        Math.floor(last * 0.9),
        last - 1,
        last,
        last + 1,
      ];
    };
    for (const page of pagesOf(tonTotal)) {
      const data = envelope(tonPaymentsResponseSchema).parse(
        await get(`/manager/transactions/ton-payments?page=${page}&limit=20`),
      ).data;
      expect(
        data.payments.map((p) => p.id),
        `TON page ${page}`,
      ).toEqual(await expectedIds('ton_payments', 'true', page, 20));
      expect(data.pagination.totalPayments).toBe(tonTotal);
    }
    // A filter the rows do not all match: the total and the pages are the filtered set's.
    const completed = Number(
      (await rows(t, sql.raw('select count(*) as n from ton_payments where status')))[0]!.n,
    );
    for (const page of pagesOf(completed)) {
      const data = envelope(tonPaymentsResponseSchema).parse(
        await get(`/manager/transactions/ton-payments?page=${page}&limit=20&status=true`),
      ).data;
      expect(
        data.payments.map((p) => p.id),
        `completed page ${page}`,
      ).toEqual(await expectedIds('ton_payments', 'status', page, 20));
    }
    for (const page of pagesOf(gamesTotal)) {
      const data = envelope(gameHistoryResponseSchema).parse(
        await get(`/manager/game/history?page=${page}&limit=20`),
      ).data;
      expect(
        data.games.map((g) => g.id),
        `games page ${page}`,
      ).toEqual(await expectedIds('games', 'true', page, 20));
    }
    for (const page of pagesOf(giftsTotal)) {
      const data = envelope(inventoryResponseSchema).parse(
        await get(`/manager/transactions/inventory?page=${page}&limit=20`),
      ).data;
      expect(
        data.items.map((i) => i.id),
        `inventory page ${page}`,
      ).toEqual(await expectedIds('inventories', `status <> 'withdrawn'`, page, 20));
      expect(data.pagination.totalItems).toBe(giftsTotal);
    }
  });

  it("gives the users list's pages past the cached newest ids, read from the nearer end, in the plain newest-first order", async () => {
    await rows(
      t,
      sql.raw(
        `insert into users (telegram_id, username, created_at) select 9600000000 + g, 'pager' || g, timestamptz '2025-06-01' + (g / 4) * interval '1 minute' from generate_series(1, 4000) g`,
      ),
    );
    const total = Number((await rows(t, sql.raw('select count(*) as n from users')))[0]!.n);
    const last = Math.ceil(total / 50);
    for (const page of [
      21,
      Math.floor(last / 2),
      Math.floor(last / 2) + 1,
      Math.floor(last * 0.9),
      last - 1,
      last,
    ]) {
      const data = envelope(usersResponseSchema).parse(
        await get(`/manager/users?page=${page}&limit=50`),
      ).data;
      const want = (
        await rows(
          t,
          sql.raw(
            `select telegram_id from users order by created_at desc, telegram_id desc limit 50 offset ${(page - 1) * 50}`,
          ),
        )
      ).map((r) => Number(r.telegram_id));
      expect(
        data.users.map((u) => u.telegramId),
        `users page ${page}`,
      ).toEqual(want);
      expect(data.pagination.totalUsers).toBe(total);
    }
  });
});
