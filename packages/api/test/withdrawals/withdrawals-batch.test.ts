import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  envelope,
  STEP_UP_STATUS,
  withdrawalBatchResponseSchema,
  type WithdrawalBatchResult,
} from '@manager/contract';
import { inventories, users, withdrawals } from '../../src/db/schema/index';
import { buildTestApp, signIn, type TestApp } from '../support/helper';
import { auditCount, giftWithdrawal, tonWithdrawal, twoAdmins } from '../support/withdrawals-fixtures';

/**
 * POST /withdrawals/batch: one decision over many withdrawals, each decided on its own (own
 * transaction, row lock, audit row) with its outcome reported. On PostgreSQL
 * (TEST_DATABASE_URL) two admins' overlapping batches race on real connections.
 */
let t: TestApp;
let admins: [string, string];

beforeAll(async () => {
  t = await buildTestApp();
  admins = await twoAdmins(t);
});
afterAll(async () => {
  await t?.close();
});

const batch = (payload: object, as = 0) =>
  t.call({ method: 'POST', url: '/manager/withdrawals/batch', payload, token: admins[as] });
const resultsOf = async (payload: object, as = 0): Promise<WithdrawalBatchResult[]> => {
  const res = await batch(payload, as);
  expect(res.statusCode, res.body).toBe(200);
  return envelope(withdrawalBatchResponseSchema).parse(res.json()).data.results;
};
const rowsOf = (ids: number[]) => t.db.select().from(withdrawals).where(inArray(withdrawals.id, ids));
const balanceOf = async (telegramId: number) =>
  (await t.db.select({ b: users.tonBalance }).from(users).where(eq(users.telegramId, telegramId)))[0]!.b;

describe('POST /manager/withdrawals/batch', () => {
  it('decides each id on its own and reports each outcome, one audit row per withdrawal', async () => {
    const small = await Promise.all([tonWithdrawal(t, '0', '1'), tonWithdrawal(t, '0', '2')]);
    const gift = await giftWithdrawal(t);
    const large = await tonWithdrawal(t, '0', '25');
    const taken = await tonWithdrawal(t, '0', '3');
    expect((await resultsOf({ action: 'reject', ids: [taken.withdrawal.id] }, 1))[0]!.outcome).toBe(
      'decided',
    );
    const ids = [...small.map((s) => s.withdrawal.id), gift.withdrawal.id, large.withdrawal.id];
    const missing = 2_000_000_000;

    const results = await resultsOf({
      action: 'without-transfer',
      ids: [...ids, taken.withdrawal.id, missing],
      reason: 'Paid by hand',
    });
    expect(results).toEqual([
      ...[...small.map((s) => s.withdrawal.id), gift.withdrawal.id].map((id) => ({
        id,
        outcome: 'decided',
        message: 'Withdrawal without transfer processed successfully',
      })),
      { id: large.withdrawal.id, outcome: 'first-approval', message: expect.stringMatching(/second/) },
      {
        id: taken.withdrawal.id,
        outcome: 'already-decided',
        message: expect.stringMatching(/already decided/),
      },
      { id: missing, outcome: 'error', message: `Withdrawal ${missing} not found` },
    ]);
    const rows = await rowsOf([...ids, taken.withdrawal.id]);
    const byId = new Map(rows.map((r) => [r.id, r]));
    for (const s of small) expect(byId.get(s.withdrawal.id)).toMatchObject({ decision: 'without-transfer' });
    expect(byId.get(gift.withdrawal.id)).toMatchObject({ decision: 'without-transfer', status: true });
    expect(byId.get(large.withdrawal.id)).toMatchObject({
      decision: null,
      firstApproval: 'without-transfer',
    });
    expect(byId.get(taken.withdrawal.id)).toMatchObject({ decision: 'rejected' });
    for (const id of ids) expect(await auditCount(t, id)).toBe(1);
    expect(await auditCount(t, taken.withdrawal.id)).toBe(1);
    const [item] = await t.db.select().from(inventories).where(eq(inventories.id, gift.gift.id));
    expect(item!.status).toBe('withdrawn');
  });

  it('a batch rejection gives each player back their TON or gift', async () => {
    const ton = await tonWithdrawal(t, '1', '4');
    const gift = await giftWithdrawal(t);
    const results = await resultsOf({ action: 'reject', ids: [ton.withdrawal.id, gift.withdrawal.id] });
    expect(results.map((r) => r.outcome)).toEqual(['decided', 'decided']);
    expect(await balanceOf(ton.telegramId)).toBe('5.000000000');
    const [item] = await t.db.select().from(inventories).where(eq(inventories.id, gift.gift.id));
    expect(item!.status).toBe('available');
  });

  it('bad input is refused with 400 naming the field, nothing decided', async () => {
    const { withdrawal } = await tonWithdrawal(t, '0', '1');
    const cases: Array<[object, RegExp]> = [
      [{ action: 'with-transfer', ids: [withdrawal.id] }, /action/],
      [{ action: 'reject', ids: [] }, /ids/],
      [{ action: 'reject', ids: [withdrawal.id, withdrawal.id] }, /ids/],
      [{ action: 'reject', ids: Array.from({ length: 51 }, (_, i) => i + 1) }, /ids/],
      [{ action: 'reject', ids: ['x'] }, /ids/],
      [{ action: 'reject' }, /ids/],
    ];
    for (const [payload, field] of cases) {
      const res = await batch(payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().message).toMatch(field);
    }
    expect((await rowsOf([withdrawal.id]))[0]!.decision).toBeNull();
    expect(await auditCount(t, withdrawal.id)).toBe(0);
  });

  it('needs a fresh step-up', async () => {
    const { withdrawal } = await tonWithdrawal(t, '0', '1');
    const fresh = (await signIn(t, undefined, undefined, { stepUp: false })).accessToken;
    const res = await t.call({
      method: 'POST',
      url: '/manager/withdrawals/batch',
      payload: { action: 'reject', ids: [withdrawal.id] },
      token: fresh,
    });
    expect(res.statusCode).toBe(STEP_UP_STATUS);
    expect((await rowsOf([withdrawal.id]))[0]!.decision).toBeNull();
  });

  it('two admins batch-deciding overlapping ids at once decide each withdrawal exactly once (x10)', async () => {
    for (let round = 0; round < 10; round++) {
      const made = await Promise.all(
        Array.from({ length: 8 }, (_, i) => (i % 2 ? giftWithdrawal(t) : tonWithdrawal(t, '0', '1.5'))),
      );
      const ids = made.map((m) => m.withdrawal.id);
      // Admin 0 approves the first six, admin 1 rejects the last six, in the other order: four overlap.
      const [approvals, rejections] = await Promise.all([
        resultsOf({ action: 'without-transfer', ids: ids.slice(0, 6) }, 0),
        resultsOf({ action: 'reject', ids: ids.slice(2).reverse() }, 1),
      ]);
      const outcomes = new Map<number, string[]>();
      for (const r of [...approvals, ...rejections])
        outcomes.set(r.id, [...(outcomes.get(r.id) ?? []), r.outcome]);
      const rows = new Map((await rowsOf(ids)).map((r) => [r.id, r]));
      for (const [i, m] of made.entries()) {
        const id = m.withdrawal.id;
        const seen = outcomes.get(id)!.sort();
        expect(seen, `round ${round}, id ${id}`).toEqual(
          i >= 2 && i < 6 ? ['already-decided', 'decided'] : ['decided'],
        );
        expect(await auditCount(t, id), `round ${round}, id ${id}`).toBe(1);
        const row = rows.get(id)!;
        const winner = approvals.some((r) => r.id === id && r.outcome === 'decided');
        expect(row.decision).toBe(winner ? 'without-transfer' : 'rejected');
        if ('gift' in m) {
          const gift = m.gift as { id: number };
          const [item] = await t.db.select().from(inventories).where(eq(inventories.id, gift.id));
          expect(item!.status).toBe(winner ? 'withdrawn' : 'available');
        } else {
          expect(await balanceOf(m.telegramId)).toBe(winner ? '0.000000000' : '1.500000000');
        }
      }
    }
  });
});
