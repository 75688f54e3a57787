import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { admins, tasks, users } from '../../src/db/schema/index';
import { auditMark, auditRowsSince, auditTestApp, callAs, type Sender } from '../support/audit-support';
import { JOBS_ON, type TestApp } from '../support/helper';
import { form } from '../support/multipart';
import { giftWithdrawal, tonWithdrawal, twoAdmins } from '../support/withdrawals-fixtures';

/*
 * A change and its audit row commit together or not at all: a refused or failed write leaves
 * no row (and no change), and writes at the same time each get their own row, naming their
 * own request. The concurrency cases race for real on PostgreSQL (TEST_DATABASE_URL).
 */

let t: TestApp;
let tokens: [string, string];
let adminIds: [number, number];

beforeAll(async () => {
  t = await auditTestApp(JOBS_ON);
  tokens = await twoAdmins(t);
  const ids = async (username: string) =>
    (await t.db.select({ id: admins.id }).from(admins).where(eq(admins.username, username)))[0]!.id;
  adminIds = [await ids(t.demo.admin.username), await ids(t.demo.twoFactorAdmin.username)];
});
afterAll(() => t.close());

const sender = (what: string, admin: 0 | 1 = 0, ip = '198.51.100.1'): Sender => ({
  token: tokens[admin],
  ip,
  userAgent: `AuditAtomicity/1.0 (${what})`,
});
const TASK = {
  category: 'Partners',
  titleEn: 'Follow us',
  titleRu: 'Подпишись',
  rewardCurrency: 'TON',
  rewardAmount: '1.5',
};
const ZERO = {
  tonBalance: 0,
  starsBalance: 0,
  redChipBalance: 0,
  playBalance: 0,
  refNormal: 0,
  refPremium: 0,
};
let nextPlayer = 9_300_000_000;
const player = async (values: Partial<typeof users.$inferInsert> = {}) => {
  const telegramId = nextPlayer++;
  await t.db.insert(users).values({ telegramId, username: `p${telegramId}`, ...values });
  return telegramId;
};
const createTask = async (s: Sender, fields: Record<string, string> = {}) => {
  const res = await callAs(t, s, { method: 'POST', url: '/manager/tasks', ...form({ ...TASK, ...fields }) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.id as number;
};
const taskTitle = async (id: number) =>
  (await t.db.select({ title: tasks.titleEn }).from(tasks).where(eq(tasks.id, id)))[0]?.title;
const tonOf = async (telegramId: number) =>
  (await t.db.select({ ton: users.tonBalance }).from(users).where(eq(users.telegramId, telegramId)))[0]!.ton;

describe('a refused write leaves no audit row', () => {
  const MISSING = 999_999;
  const cases: Array<[string, number, () => Promise<{ statusCode: number }>]> = [
    [
      'a task that does not exist (404)',
      404,
      () => callAs(t, sender('404'), { method: 'PUT', url: `/manager/tasks/${MISSING}`, ...form(TASK) }),
    ],
    [
      'a shop item that does not exist (404)',
      404,
      () => callAs(t, sender('404'), { method: 'DELETE', url: `/manager/shop-items/${MISSING}` }),
    ],
    [
      'a loot box that does not exist (404)',
      404,
      () =>
        callAs(t, sender('404'), { method: 'PATCH', url: `/manager/loot-boxes/${MISSING}/toggle-status` }),
    ],
    [
      'a giveaway that does not exist (404)',
      404,
      () => callAs(t, sender('404'), { method: 'DELETE', url: `/manager/giveaways/${MISSING}` }),
    ],
    [
      'a tournament that does not exist (404)',
      404,
      () => callAs(t, sender('404'), { method: 'DELETE', url: `/manager/tournaments/${MISSING}` }),
    ],
    [
      'a mailing that does not exist (404)',
      404,
      () =>
        callAs(t, sender('404'), {
          method: 'PUT',
          url: `/manager/mailing/${MISSING}/status`,
          payload: { status: 'running' },
        }),
    ],
    [
      'a withdrawal that does not exist (404)',
      404,
      () =>
        callAs(t, sender('404'), {
          method: 'POST',
          url: '/manager/withdrawals/reject',
          payload: { id: MISSING },
        }),
    ],
    [
      'a player who does not exist (404)',
      404,
      () =>
        callAs(t, sender('404'), {
          method: 'PUT',
          url: '/manager/users/123456789/balances',
          payload: { ...ZERO, expected: ZERO, reason: 'no such player' },
        }),
    ],
    [
      'a bundle naming an unknown item, found inside the write (400)',
      400,
      () =>
        callAs(t, sender('400'), {
          method: 'POST',
          url: '/manager/shop-items',
          ...form({
            titleEn: 'Pack',
            titleRu: 'Пак',
            descriptionEn: 'd',
            descriptionRu: 'd',
            type: 'NOOB_PACK',
            price: '1',
            currency: 'TON',
            bundleItems: `[${MISSING}]`,
          }),
        }),
    ],
    [
      'a gift transfer for a TON withdrawal, refused after the claim found nothing to claim (400)',
      400,
      async () =>
        callAs(t, sender('400'), {
          method: 'POST',
          url: '/manager/withdrawals/with-transfer',
          payload: { id: (await tonWithdrawal(t, '1', '0.5')).withdrawal.id },
        }),
    ],
  ];

  it.each(cases)('%s', async (_name, status, send) => {
    const mark = await auditMark(t);
    expect((await send()).statusCode).toBe(status);
    expect(await auditRowsSince(t, mark)).toEqual([]);
  });

  it('balances that changed since the form opened (409): no change, no row', async () => {
    const telegramId = await player({ tonBalance: '5' });
    const mark = await auditMark(t);
    const res = await callAs(t, sender('409'), {
      method: 'PUT',
      url: `/manager/users/${telegramId}/balances`,
      payload: { ...ZERO, tonBalance: 7, expected: { ...ZERO, tonBalance: 4 }, reason: 'stale form' },
    });
    expect(res.statusCode).toBe(409);
    expect(await tonOf(telegramId)).toBe('5.000000000');
    expect(await auditRowsSince(t, mark)).toEqual([]);
  });

  it('a second decision on a withdrawal and a second start of a mailing (409): no row', async () => {
    const { withdrawal } = await giftWithdrawal(t);
    expect(
      (
        await callAs(t, sender('decide'), {
          method: 'POST',
          url: '/manager/withdrawals/reject',
          payload: { id: withdrawal.id },
        })
      ).statusCode,
    ).toBe(200);
    const created = await callAs(t, sender('mailing'), {
      method: 'POST',
      url: '/manager/mailing',
      ...form({ message: 'Hi', buttonText: 'Go', buttonLink: 'https://t.me/bot' }),
    });
    const mailing = created.json().data.id as number;
    expect(
      (
        await callAs(t, sender('start'), {
          method: 'PUT',
          url: `/manager/mailing/${mailing}/status`,
          payload: { status: 'running' },
        })
      ).statusCode,
    ).toBe(200);
    await expect
      .poll(
        async () =>
          (await auditRowsSince(t, 0)).some(
            (r) => r.action === 'mailing.deliver' && r.entityId === String(mailing),
          ),
        { timeout: 10_000 },
      )
      .toBe(true);

    const mark = await auditMark(t);
    expect(
      (
        await callAs(t, sender('409', 1), {
          method: 'POST',
          url: '/manager/withdrawals/without-transfer',
          payload: { id: withdrawal.id },
        })
      ).statusCode,
    ).toBe(409);
    expect(
      (
        await callAs(t, sender('409', 1), {
          method: 'PUT',
          url: `/manager/mailing/${mailing}/status`,
          payload: { status: 'running' },
        })
      ).statusCode,
    ).toBe(409);
    expect(await auditRowsSince(t, mark)).toEqual([]);
  });
});

describe('a database error inside the transaction leaves neither the change nor its row', () => {
  const fail = sql.raw(`create or replace function audit_test_fail() returns trigger language plpgsql as $$
    begin raise exception 'forced failure'; end $$`);

  it('when the audit row cannot be written, the change is not kept', async () => {
    await t.db.execute(fail);
    await t.db.execute(
      sql.raw(`create trigger audit_test_refuse before insert on audit_log for each row
      when (new.action = 'user.balances.update') execute function audit_test_fail()`),
    );
    try {
      const telegramId = await player({ tonBalance: '3' });
      const mark = await auditMark(t);
      const res = await callAs(t, sender('error'), {
        method: 'PUT',
        url: `/manager/users/${telegramId}/balances`,
        payload: { ...ZERO, tonBalance: 9, expected: { ...ZERO, tonBalance: 3 }, reason: 'audit fails' },
      });
      expect(res.statusCode).toBe(500);
      expect(await tonOf(telegramId)).toBe('3.000000000');
      expect(await auditRowsSince(t, mark)).toEqual([]);
    } finally {
      await t.db.execute(sql.raw('drop trigger audit_test_refuse on audit_log'));
    }
  });

  it('when the commit fails after the audit row was written, the row goes with the change', async () => {
    await t.db.execute(fail);
    // Checked at commit, so the update and its audit row are both written when it fires.
    await t.db.execute(
      sql.raw(`create constraint trigger audit_test_at_commit after update on tasks
      deferrable initially deferred for each row when (new.title_en = 'Doomed') execute function audit_test_fail()`),
    );
    try {
      const id = await createTask(sender('create'));
      const mark = await auditMark(t);
      const res = await callAs(t, sender('error'), {
        method: 'PUT',
        url: `/manager/tasks/${id}`,
        ...form({ ...TASK, titleEn: 'Doomed' }),
      });
      expect(res.statusCode).toBe(500);
      expect(await taskTitle(id)).toBe('Follow us');
      expect(await auditRowsSince(t, mark)).toEqual([]);
    } finally {
      await t.db.execute(sql.raw('drop trigger audit_test_at_commit on tasks'));
    }
  });
});

describe('writes at the same time', () => {
  it('each get their own row, naming their own admin, address and browser (12 at once, two admins)', async () => {
    const players = await Promise.all(Array.from({ length: 6 }, () => player({ tonBalance: '1' })));
    const mark = await auditMark(t);
    const requests = Array.from({ length: 12 }, (_, i) => ({
      s: sender(`race ${i}`, (i % 2) as 0 | 1, `198.51.100.${10 + i}`),
      i,
    }));
    const answers = await Promise.all(
      requests.map(async ({ s, i }) => {
        if (i < 6) {
          const telegramId = players[i]!;
          const res = await callAs(t, s, {
            method: 'PUT',
            url: `/manager/users/${telegramId}/balances`,
            payload: {
              ...ZERO,
              tonBalance: 2 + i,
              expected: { ...ZERO, tonBalance: 1 },
              reason: `edit ${i}`,
            },
          });
          expect(res.statusCode, res.body).toBe(200);
          return { s, i, entityId: String(telegramId) };
        }
        return { s, i, entityId: String(await createTask(s, { titleEn: `Race ${i}` })) };
      }),
    );
    const rows = await auditRowsSince(t, mark);
    expect(rows).toHaveLength(12);
    for (const { s, i, entityId } of answers) {
      const mine = rows.filter(
        (r) => r.entityId === entityId && r.action === (i < 6 ? 'user.balances.update' : 'task.create'),
      );
      expect(mine, `request ${i}`).toHaveLength(1);
      expect(mine[0]).toMatchObject({ adminId: adminIds[i % 2], ip: s.ip, userAgent: s.userAgent });
    }
  });

  it("ten updates of one task at once: ten rows, each one's before is what the one before it left", async () => {
    const id = await createTask(sender('create'));
    const mark = await auditMark(t);
    const titles = Array.from({ length: 10 }, (_, i) => `Title ${i}`);
    const answers = await Promise.all(
      titles.map((titleEn, i) =>
        callAs(t, sender(`update ${i}`, (i % 2) as 0 | 1), {
          method: 'PUT',
          url: `/manager/tasks/${id}`,
          ...form({ ...TASK, titleEn }),
        }),
      ),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(titles.map(() => 200));
    const rows = await auditRowsSince(t, mark);
    expect(rows.map((r) => r.action)).toEqual(titles.map(() => 'task.update'));
    let current = 'Follow us';
    for (const r of rows) {
      expect(r.before).toEqual({ titleEn: current });
      current = (r.after as { titleEn: string }).titleEn;
      // The row names the request that wrote this title.
      expect(r.userAgent).toBe(`AuditAtomicity/1.0 (update ${titles.indexOf(current)})`);
    }
    expect(new Set(rows.map((r) => (r.after as { titleEn: string }).titleEn))).toEqual(new Set(titles));
    expect(await taskTitle(id)).toBe(current);
  });
});
