import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { envelope, withdrawalsPageSchema } from '@manager/contract';
import { FAR_OFFSET } from '../../src/lib/lists';
import { signedInApp, type TestApp } from '../support/helper';
import { rows, tonWithdrawal, twoAdmins } from '../support/withdrawals-fixtures';

/**
 * The withdrawals list's counters and totals (trigger-kept withdrawal_counts, the awaiting
 * count through its partial index) against the plain full-scan SQL, and its deep pages (ids
 * from the nearer end of the listed index) against the plain OFFSET read. PGlite, and
 * PostgreSQL with TEST_DATABASE_URL.
 */
let t: TestApp;
let first: string;
let second: string;

beforeAll(async () => {
  ({ t } = await signedInApp({ users: 60 }));
  [first, second] = await twoAdmins(t);
}, 120_000);
afterAll(async () => {
  await t?.close();
});

const LISTED = `(decision is null or decision <> 'rejected')`;
const ORDER = 'order by decision is null desc, created_at desc, id desc';

const page = async (query: string) => {
  const res = await t.call({ method: 'GET', url: `/manager/withdrawals?${query}`, token: first });
  expect(res.statusCode, res.body).toBe(200);
  return envelope(withdrawalsPageSchema).parse(res.json()).data;
};
const decide = async (action: string, id: number, token = first) =>
  expect(
    (await t.call({ method: 'POST', url: `/manager/withdrawals/${action}`, payload: { id }, token }))
      .statusCode,
  ).toBe(200);
const count = async (where: string) =>
  Number((await rows(t, sql.raw(`select count(*)::int as n from withdrawals where ${where}`)))[0]!.n);

/** The counters and the filtered totals the answers give, and the same by a full scan of the rows. */
async function answeredAndScanned() {
  const [all, pending, approved, rejected] = await Promise.all([
    page('page=1&limit=10'),
    page('page=1&status=pending'),
    page('page=1&status=approved'),
    page('page=1&status=rejected'),
  ]);
  const answered = {
    counts: all.counts,
    totals: [all, pending, approved, rejected].map((p) => p.pagination.totalWithdrawals),
  };
  const total = await count(LISTED);
  const nApproved = await count(`${LISTED} and status`);
  const nRejected = await count(`decision = 'rejected'`);
  const awaiting = await count(
    `${LISTED} and not status and decision is null and first_approved_by is not null and first_approval is not null and first_approved_at is not null`,
  );
  const scanned = {
    counts: { pending: total - nApproved, awaiting, approved: nApproved, total, rejected: nRejected },
    totals: [total, await count(`${LISTED} and not status`), await count(`${LISTED} and status`), nRejected],
  };
  return { answered, scanned };
}

async function expectExact() {
  const { answered, scanned } = await answeredAndScanned();
  expect(answered).toEqual(scanned);
  return answered;
}

describe('withdrawal counters kept by triggers', () => {
  it('answer from the kept counts, not by counting the withdrawals', async () => {
    const before = await expectExact();
    const bump = (n: number) =>
      rows(
        t,
        sql`update withdrawal_counts set listed = listed + ${n} where slot = (select min(slot) from withdrawal_counts)`,
      );
    await bump(5);
    const after = await page('page=1');
    expect([after.counts.total, after.pagination.totalWithdrawals]).toEqual([
      before.counts.total + 5,
      before.counts.total + 5,
    ]);
    await bump(-5);
  });

  it('stay exact through approvals, a two-step approval, rejections, inserts, updates and deletes', async () => {
    const small = await tonWithdrawal(t, '5', '2');
    const large = await tonWithdrawal(t, '5', '25');
    const rejected = await tonWithdrawal(t, '5', '3');
    await expectExact();
    await decide('without-transfer', small.withdrawal.id);
    await expectExact();
    await decide('without-transfer', large.withdrawal.id);
    expect((await expectExact()).counts.awaiting).toBeGreaterThanOrEqual(1);
    await decide('without-transfer', large.withdrawal.id, second);
    await expectExact();
    await decide('reject', rejected.withdrawal.id);
    await expectExact();
    // Several rows a statement, in every state; counted columns changed directly; an
    // uncounted column; deletes across states.
    await rows(
      t,
      sql.raw(`insert into withdrawals (telegram_id, currency, price, status, decision)
      select (select min(telegram_id) from users), 'TON', g, g % 3 = 0, case g % 4 when 0 then 'rejected' when 1 then 'without-transfer' when 2 then 'with-transfer' end
      from generate_series(1, 40) g`),
    );
    await expectExact();
    await rows(
      t,
      sql.raw(
        `update withdrawals set decision = 'rejected' where id in (select id from withdrawals where status order by id desc limit 3)`,
      ),
    );
    await rows(
      t,
      sql.raw(
        `update withdrawals set status = not status where id in (select id from withdrawals order by id desc limit 7)`,
      ),
    );
    await rows(
      t,
      sql.raw(
        `update withdrawals set decision = null where id in (select id from withdrawals where decision = 'rejected' order by id limit 2)`,
      ),
    );
    await rows(
      t,
      sql.raw(
        `update withdrawals set wallet = 'UQother' where id in (select id from withdrawals order by id limit 5)`,
      ),
    );
    await expectExact();
    await rows(
      t,
      sql.raw(`delete from withdrawals where id in (select id from withdrawals order by id desc limit 11)`),
    );
    await expectExact();
  });

  it('stay exact through simultaneous decisions (on PostgreSQL, several connections and slots)', async () => {
    const made = await Promise.all(
      Array.from({ length: 16 }, (_, k) => tonWithdrawal(t, '5', k % 4 === 0 ? '30' : '1')),
    );
    await Promise.all(
      made.map(({ withdrawal }, k) =>
        decide(k % 3 === 0 ? 'reject' : 'without-transfer', withdrawal.id, k % 2 ? first : second),
      ),
    );
    await expectExact();
  });

  it('rebuild to the same counts, and follow a truncate', async () => {
    const kept = async () =>
      rows(t, sql`select sum(listed)::int as listed, sum(approved)::int as approved from withdrawal_counts`);
    const before = await kept();
    await rows(t, sql`select withdrawal_counts_rebuild()`);
    expect(await kept()).toEqual(before);
    await rows(t, sql`truncate withdrawals`);
    expect((await expectExact()).counts).toEqual({
      pending: 0,
      awaiting: 0,
      approved: 0,
      total: 0,
      rejected: 0,
    });
  });
});

describe('deep pages of the withdrawals', () => {
  const ROWS = 2 * FAR_OFFSET + 2_000;
  beforeAll(async () => {
    // Many rows sharing a time, so the id decides the order within them (both directions);
    // undecided, approved and rejected ones mixed.
    await rows(
      t,
      sql.raw(`insert into withdrawals (telegram_id, currency, price, status, decision, created_at)
      select (select min(telegram_id) from users), 'TON', g % 9 + 1, g % 5 > 0 and g % 11 > 0, case when g % 11 = 0 then 'rejected' when g % 5 > 0 then 'without-transfer' end,
        timestamptz '2026-01-01' + (g / 4) * interval '1 minute'
      from generate_series(1, ${ROWS}) g`),
    );
    await rows(t, sql.raw('analyze withdrawals'));
  }, 120_000);

  /** The page's ids as the plain OFFSET read gives them. */
  const offsetIds = async (where: string, limit: number, pageNo: number) =>
    (
      await rows(
        t,
        sql.raw(
          `select id from withdrawals where ${LISTED} ${where} ${ORDER} limit ${limit} offset ${(pageNo - 1) * limit}`,
        ),
      )
    ).map((r) => r.id);

  it.each([
    ['no filter', '', ''],
    ['status=pending', 'status=pending', 'and not status'],
    ['status=approved', 'status=approved', 'and status'],
  ])('%s: every depth equals the OFFSET read', async (_name, query, where) => {
    const total = await count(`${LISTED} ${where}`);
    const limit = 50;
    const last = Math.ceil(total / limit);
    for (const pageNo of [
      1,
      2,
      FAR_OFFSET / limit + 1,
      Math.floor(last / 2),
      last - 20,
      last - 1,
      last,
      last + 1,
    ]) {
      const got = await page(`page=${pageNo}&limit=${limit}${query ? `&${query}` : ''}`);
      expect(
        got.withdrawals.map((w) => w.id),
        `page ${pageNo}`,
      ).toEqual(await offsetIds(where, limit, pageNo));
      expect(got.pagination).toMatchObject({
        totalWithdrawals: total,
        currentPage: pageNo,
        totalPages: last,
      });
    }
  });

  it('a chosen sort and a search still page exactly', async () => {
    const sorted = await page('page=40&limit=50&sort=price');
    const byPrice = (
      await rows(
        t,
        sql.raw(
          `select id from withdrawals where ${LISTED} order by price asc, id asc limit 50 offset ${39 * 50}`,
        ),
      )
    ).map((r) => r.id);
    expect(sorted.withdrawals.map((w) => w.id)).toEqual(byPrice);
    const [{ username }] = (await rows(
      t,
      sql`select username from users where telegram_id = (select min(telegram_id) from users)`,
    )) as [{ username: string }];
    const where = `and telegram_id in (select telegram_id from users where strpos(lower(username), lower('${username.replaceAll("'", "''")}')) > 0)`;
    const searched = await page(`page=150&limit=50&search=${encodeURIComponent(username)}`);
    expect(searched.withdrawals.map((w) => w.id)).toEqual(await offsetIds(where, 50, 150));
    expect(searched.pagination.totalWithdrawals).toBe(await count(`${LISTED} ${where}`));
  });
});
