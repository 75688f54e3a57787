import { eq, inArray, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIRST_APPROVAL_MESSAGE } from '@manager/contract';
import { inventories, withdrawals } from '../../src/db/schema/index';
import { buildTestApp, type TestApp } from '../support/helper';
import {
  auditCount,
  giftWithdrawal,
  ledgerOf,
  moreTonWithdrawal,
  rows,
  tonWithdrawal,
  twoAdmins,
} from '../support/withdrawals-fixtures';

/**
 * Decided exactly once, under real concurrency: on PostgreSQL (TEST_DATABASE_URL) the 20
 * requests run on separate pooled connections and race on the row lock; on PGlite they are
 * serialised, and the same assertions must still hold.
 */
let t: TestApp;
let admins: [string, string];

beforeAll(async () => {
  // The default port: the reference provider's ledger in the same database.
  t = await buildTestApp();
  admins = await twoAdmins(t);
});
afterAll(async () => {
  await t?.close();
});

const ACTIONS = ['with-transfer', 'without-transfer', 'reject'] as const;
const decide = (action: string, id: number, admin: number) =>
  t.call({ method: 'POST', url: `/manager/withdrawals/${action}`, payload: { id }, token: admins[admin] });

describe('concurrent decisions', () => {
  it('20 simultaneous decisions from two admins on one withdrawal: 1 success, 19 refusals, 1 decision row, at most 1 transfer (x50)', async () => {
    for (let round = 0; round < 50; round++) {
      const { gift, withdrawal } = await giftWithdrawal(t);
      const answers = await Promise.all(
        Array.from({ length: 20 }, (_, i) => decide(ACTIONS[(i + round) % 3]!, withdrawal.id, i % 2)),
      );
      const codes = answers.map((a) => a.statusCode);
      expect(
        codes.filter((c) => c === 200),
        `round ${round}: ${codes.join(',')}`,
      ).toHaveLength(1);
      expect(codes.filter((c) => c === 409)).toHaveLength(19);
      for (const refused of answers.filter((a) => a.statusCode !== 200)) {
        expect(refused.json().code).toBe(409);
        expect(refused.json().message).toMatch(/already decided|being processed/);
      }
      const winner = answers.find((a) => a.statusCode === 200)!.json().data as {
        status: boolean;
        rejected: boolean;
      };
      const [row] = await t.db.select().from(withdrawals).where(eq(withdrawals.id, withdrawal.id));
      const transfers = (await ledgerOf(t, withdrawal.id)).length;
      // One decision row; a transfer's claim has its own row before it.
      expect(await auditCount(t, withdrawal.id)).toBe(row!.decision === 'with-transfer' ? 2 : 1);
      expect(await auditCount(t, withdrawal.id, 'withdrawal.transfer_claim')).toBe(
        row!.decision === 'with-transfer' ? 1 : 0,
      );
      expect(transfers).toBeLessThanOrEqual(1);
      expect(transfers === 1).toBe(row!.decision === 'with-transfer');
      expect(row!.status).toBe(winner.status);
      const [item] = await t.db
        .select({ s: inventories.status })
        .from(inventories)
        .where(eq(inventories.id, gift.id));
      expect(item!.s).toBe(row!.decision === 'rejected' ? 'available' : 'withdrawn');
    }
  });

  it('money is conserved: balances + pending + paid out stay constant over random (partly concurrent) decisions', async () => {
    const decision = fc.record({
      action: fc.constantFrom(...ACTIONS),
      target: fc.nat({ max: 5 }),
      admin: fc.nat({ max: 1 }),
    });
    // Below DUAL_APPROVAL_MIN_TON (10): one admin decides each (dual approval races are below).
    const amount = fc.integer({ min: 1, max: 9_999_999 }).map((n) => (n / 1_000_000).toFixed(6));
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.tuple(amount, amount), { minLength: 6, maxLength: 6 }),
        fc.array(fc.array(decision, { minLength: 1, maxLength: 4 }), { minLength: 1, maxLength: 6 }),
        async (accounts, batches) => {
          const created = await Promise.all(
            accounts.map(([balance, request]) => tonWithdrawal(t, balance, request)),
          );
          const ids = created.map((c) => c.withdrawal.id);
          const owners = created.map((c) => c.telegramId);
          // Exact decimal arithmetic in SQL: numeric sums, compared as text.
          const total = async () =>
            String(
              (
                await rows(
                  t,
                  sql`select (select coalesce(sum(ton_balance), 0) from users where ${inArray(sql`telegram_id`, owners)})
                   + (select coalesce(sum(price), 0) from withdrawals where ${inArray(withdrawals.id, ids)} and (decision is null or decision <> 'rejected')) as t`,
                )
              )[0]!.t,
            );
          const start = await total();
          for (const batch of batches) {
            // Decisions inside a batch race each other; batches follow one another.
            const answers = await Promise.all(batch.map((d) => decide(d.action, ids[d.target]!, d.admin)));
            for (const a of answers) expect([200, 400, 409]).toContain(a.statusCode);
            expect(await total()).toBe(start);
          }
          const decided = await t.db.select().from(withdrawals).where(inArray(withdrawals.id, ids));
          for (const w of decided) {
            expect(await auditCount(t, w.id)).toBe(w.decision === null ? 0 : 1);
            // TON withdrawals are never transferred through the gift port.
            expect(w.decision).not.toBe('with-transfer');
          }
        },
      ),
      { numRuns: 30 },
    );
  });
});

/** Dual approval (a withdrawal worth DUAL_APPROVAL_MIN_TON or more): admin 0 and admin 1 are two different admins. */
describe('concurrent dual approvals', () => {
  const LARGE = '25';
  const messages = (answers: Array<{ statusCode: number; json(): { message: string } }>) =>
    answers.map((a) => `${a.statusCode} ${a.json().message}`);

  it('20 simultaneous second approvals (10 per admin) after a first one: one execution, 19 refusals, at most one transfer (x20)', async () => {
    for (let round = 0; round < 20; round++) {
      const action = round % 2 ? 'with-transfer' : 'without-transfer';
      const { gift, withdrawal } = await giftWithdrawal(t, LARGE);
      expect((await decide(action, withdrawal.id, 0)).json().message).toBe(FIRST_APPROVAL_MESSAGE);
      const answers = await Promise.all(
        Array.from({ length: 20 }, (_, i) => decide(action, withdrawal.id, i % 2)),
      );
      const codes = answers.map((a) => a.statusCode);
      expect(
        codes.filter((c) => c === 200),
        `round ${round}: ${messages(answers).join(' | ')}`,
      ).toHaveLength(1);
      expect(codes.filter((c) => c === 409)).toHaveLength(19);
      // The executing approval is admin 1's: admin 0 made the first.
      expect(answers.findIndex((a) => a.statusCode === 200) % 2).toBe(1);
      const [row] = await t.db.select().from(withdrawals).where(eq(withdrawals.id, withdrawal.id));
      expect(row).toMatchObject({ decision: action, status: true });
      expect(await auditCount(t, withdrawal.id, 'withdrawal.first_approval')).toBe(1);
      expect(await auditCount(t, withdrawal.id, 'withdrawal.approve%')).toBe(1);
      expect(await auditCount(t, withdrawal.id, 'withdrawal.transfer_claim')).toBe(
        action === 'with-transfer' ? 1 : 0,
      );
      expect(await ledgerOf(t, withdrawal.id)).toHaveLength(action === 'with-transfer' ? 1 : 0);
      const [item] = await t.db
        .select({ s: inventories.status })
        .from(inventories)
        .where(eq(inventories.id, gift.id));
      expect(item!.s).toBe('withdrawn');
    }
  });

  it('approvals from both admins at once on an unapproved row: one first approval, one execution, the rest refused (x20)', async () => {
    for (let round = 0; round < 20; round++) {
      const action = round % 2 ? 'with-transfer' : 'without-transfer';
      const { withdrawal } = await giftWithdrawal(t, LARGE);
      const answers = await Promise.all(
        Array.from({ length: 10 }, (_, i) => decide(action, withdrawal.id, (i + round) % 2)),
      );
      const ok = answers.filter((a) => a.statusCode === 200).map((a) => a.json().message);
      expect(ok.sort(), `round ${round}: ${messages(answers).join(' | ')}`).toEqual(
        [
          FIRST_APPROVAL_MESSAGE,
          `Withdrawal ${action} processed successfully`
            .replace('with-transfer', 'with transfer')
            .replace('without-transfer', 'without transfer'),
        ].sort(),
      );
      expect(answers.filter((a) => a.statusCode === 409)).toHaveLength(8);
      const [row] = await t.db.select().from(withdrawals).where(eq(withdrawals.id, withdrawal.id));
      expect(row!.decision).toBe(action);
      expect(row!.decidedBy).not.toBe(row!.firstApprovedBy);
      expect(await auditCount(t, withdrawal.id, 'withdrawal.first_approval')).toBe(1);
      expect(await auditCount(t, withdrawal.id, 'withdrawal.approve%')).toBe(1);
      expect(await ledgerOf(t, withdrawal.id)).toHaveLength(action === 'with-transfer' ? 1 : 0);
    }
  });

  it('two TON withdrawals of one player (6 + 6, threshold 10) approved at the same moment: one executes, the other waits for a second admin (x20)', async () => {
    for (let round = 0; round < 20; round++) {
      const { telegramId, withdrawal: one } = await tonWithdrawal(t, '0', '6');
      const two = await moreTonWithdrawal(t, telegramId, '6');
      const answers = await Promise.all([
        decide('without-transfer', one.id, round % 2),
        decide('without-transfer', two.id, (round + 1) % 2),
      ]);
      expect(
        answers.map((a) => a.statusCode),
        `round ${round}: ${messages(answers).join(' | ')}`,
      ).toEqual([200, 200]);
      expect(
        answers.filter((a) => a.json().message === FIRST_APPROVAL_MESSAGE),
        `round ${round}`,
      ).toHaveLength(1);
      const decided = await t.db
        .select()
        .from(withdrawals)
        .where(inArray(withdrawals.id, [one.id, two.id]));
      expect(decided.filter((w) => w.status)).toHaveLength(1);
      expect(
        decided.filter((w) => !w.status && w.decision === null && w.firstApprovedBy !== null),
      ).toHaveLength(1);
    }
  });

  it('a first approval racing a reject: rejected either way, the approval recorded only if it came first (x30)', async () => {
    let approvedFirst = 0;
    for (let round = 0; round < 30; round++) {
      const action = round % 2 ? 'with-transfer' : 'without-transfer';
      const { gift, withdrawal } = await giftWithdrawal(t, LARGE);
      const [approval, reject] = await Promise.all([
        decide(action, withdrawal.id, round % 2),
        decide('reject', withdrawal.id, (round + 1) % 2),
      ]);
      expect(reject.statusCode, `round ${round}: ${reject.body}`).toBe(200);
      const [row] = await t.db.select().from(withdrawals).where(eq(withdrawals.id, withdrawal.id));
      expect(row).toMatchObject({ decision: 'rejected', status: false, transferClaimedAt: null });
      const trail = (
        await rows(
          t,
          sql`select action from audit_log where entity = 'withdrawal' and entity_id = ${String(withdrawal.id)} order by id`,
        )
      ).map((r) => r.action);
      if (approval.statusCode === 200) {
        approvedFirst++;
        expect(approval.json().message).toBe(FIRST_APPROVAL_MESSAGE);
        expect(row!.firstApprovedBy).not.toBeNull();
        expect(trail).toEqual(['withdrawal.first_approval', 'withdrawal.reject']);
      } else {
        expect(approval.statusCode).toBe(409);
        expect(approval.json().message).toMatch(/already decided \(rejected\)/);
        expect(row!.firstApprovedBy).toBeNull();
        expect(trail).toEqual(['withdrawal.reject']);
      }
      expect(await ledgerOf(t, withdrawal.id)).toHaveLength(0);
      const [item] = await t.db
        .select({ s: inventories.status })
        .from(inventories)
        .where(eq(inventories.id, gift.id));
      expect(item!.s).toBe('available');
    }
    // Both orders are legal; on PGlite requests are serialised, so only the first-come one shows.
    expect(approvedFirst).toBeGreaterThan(0);
  });
});
