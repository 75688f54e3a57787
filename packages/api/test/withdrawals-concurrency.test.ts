import { eq, inArray, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inventories, withdrawals } from '../src/db/schema/index';
import { buildTestApp, type TestApp } from './helper';
import { auditCount, giftWithdrawal, ledgerOf, rows, tonWithdrawal, twoAdmins } from './withdrawals-fixtures';

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
      expect(codes.filter((c) => c === 200), `round ${round}: ${codes.join(',')}`).toHaveLength(1);
      expect(codes.filter((c) => c === 409)).toHaveLength(19);
      for (const refused of answers.filter((a) => a.statusCode !== 200)) {
        expect(refused.json().code).toBe(409);
        expect(refused.json().message).toMatch(/already decided|being processed/);
      }
      const winner = answers.find((a) => a.statusCode === 200)!.json().data as { status: boolean; rejected: boolean };
      const [row] = await t.db.select().from(withdrawals).where(eq(withdrawals.id, withdrawal.id));
      const transfers = (await ledgerOf(t, withdrawal.id)).length;
      // One decision row; a transfer's claim has its own row before it.
      expect(await auditCount(t, withdrawal.id)).toBe(row!.decision === 'with-transfer' ? 2 : 1);
      expect(await auditCount(t, withdrawal.id, 'withdrawal.transfer_claim')).toBe(row!.decision === 'with-transfer' ? 1 : 0);
      expect(transfers).toBeLessThanOrEqual(1);
      expect(transfers === 1).toBe(row!.decision === 'with-transfer');
      expect(row!.status).toBe(winner.status);
      const [item] = await t.db.select({ s: inventories.status }).from(inventories).where(eq(inventories.id, gift.id));
      expect(item!.s).toBe(row!.decision === 'rejected' ? 'available' : 'withdrawn');
    }
  });

  it('money is conserved: balances + pending + paid out stay constant over random (partly concurrent) decisions', async () => {
    const decision = fc.record({
      action: fc.constantFrom(...ACTIONS),
      target: fc.nat({ max: 5 }),
      admin: fc.nat({ max: 1 }),
    });
    const amount = fc.integer({ min: 1, max: 10_000_000 }).map((n) => (n / 1_000_000).toFixed(6));
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.tuple(amount, amount), { minLength: 6, maxLength: 6 }),
        fc.array(fc.array(decision, { minLength: 1, maxLength: 4 }), { minLength: 1, maxLength: 6 }),
        async (accounts, batches) => {
          const created = await Promise.all(accounts.map(([balance, request]) => tonWithdrawal(t, balance, request)));
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
