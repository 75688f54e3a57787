import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  envelope,
  FIRST_APPROVAL_MESSAGE,
  FIRST_APPROVER_REFUSAL,
  withdrawalsResponseSchema,
} from '@manager/contract';
import { admins, inventories, users, withdrawals } from '../../src/db/schema/index';
import { LedgerTransferPort } from '../../src/withdrawals/ledger-transfer-port';
import { reconcileTransferClaims } from '../../src/withdrawals/reconcile';
import type { TransferPort } from '../../src/withdrawals/transfer-port';
import { buildTestApp, stepUp, type TestApp, whole } from '../support/helper';
import {
  auditCount,
  giftWithdrawal,
  ledgerOf,
  rows,
  tonWithdrawal,
  twoAdmins,
} from '../support/withdrawals-fixtures';

/**
 * Dual approval: from DUAL_APPROVAL_MIN_TON (default 10; a gift at its price) an approval needs
 * two different admins. `admin` (first) and `admin2fa` (second) are the two.
 */
let t: TestApp;
let first: string;
let second: string;
let firstId: number;
let secondId: number;
let ledger: LedgerTransferPort;
let currentPort: TransferPort;

beforeAll(async () => {
  t = await buildTestApp(
    {},
    { transferPort: { transfer: (r) => currentPort.transfer(r), status: (k) => currentPort.status(k) } },
  );
  ledger = new LedgerTransferPort(t.db);
  currentPort = ledger;
  [first, second] = await twoAdmins(t);
  const idOf = async (username: string) =>
    (await t.db.select({ id: admins.id }).from(admins).where(eq(admins.username, username)))[0]!.id;
  [firstId, secondId] = [await idOf(t.demo.admin.username), await idOf(t.demo.twoFactorAdmin.username)];
});
afterAll(async () => {
  await t?.close();
});

const decide = (action: string, id: number, token = first, reason?: string) =>
  t.call({
    method: 'POST',
    url: `/manager/withdrawals/${action}`,
    payload: { id, ...(reason ? { reason } : {}) },
    token,
  });
const listed = async (id: number) => {
  const res = await t.call({ method: 'GET', url: '/manager/withdrawals', token: first });
  return whole(envelope(withdrawalsResponseSchema).parse(res.json()).data).find((w) => w.id === id);
};
const rowOf = async (id: number) => (await t.db.select().from(withdrawals).where(eq(withdrawals.id, id)))[0]!;
const balanceOf = async (telegramId: number) =>
  (await t.db.select({ b: users.tonBalance }).from(users).where(eq(users.telegramId, telegramId)))[0]!.b;
const giftStatus = async (id: number) =>
  (await t.db.select({ s: inventories.status }).from(inventories).where(eq(inventories.id, id)))[0]!.s;
const auditOf = async (id: number) =>
  (await rows(
    t,
    sql`select admin_id, admin_username, action, before, after, reason from audit_log where entity = 'withdrawal' and entity_id = ${String(id)} order by id`,
  )) as Array<{
    admin_id: number | null;
    admin_username: string | null;
    action: string;
    reason: string | null;
    before: Record<string, unknown> | null;
    after: Record<string, unknown> | null;
  }>;

describe('the threshold (DUAL_APPROVAL_MIN_TON = 10)', () => {
  it('just below: one approval executes, as before', async () => {
    const { telegramId, withdrawal } = await tonWithdrawal(t, '0', '9.999999999');
    const res = await decide('without-transfer', withdrawal.id);
    expect(res.json()).toMatchObject({
      code: 200,
      message: 'Withdrawal without transfer processed successfully',
      data: { status: true, needsTwoApprovals: false, firstApproval: null },
    });
    expect(await rowOf(withdrawal.id)).toMatchObject({ decision: 'without-transfer', firstApprovedBy: null });
    expect(await balanceOf(telegramId)).toBe('0.000000000');
  });

  it('exactly at it: the first approval is recorded, nothing moves, the answer says so', async () => {
    const { withdrawal } = await tonWithdrawal(t, '0', '10');
    const res = await decide('without-transfer', withdrawal.id, first, 'Checked the wallet');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      code: 200,
      message: FIRST_APPROVAL_MESSAGE,
      data: {
        id: withdrawal.id,
        status: false,
        needsTwoApprovals: true,
        firstApproval: {
          adminId: firstId,
          adminUsername: 'admin',
          action: 'without-transfer',
          at: t.clock.now().toISOString(),
        },
      },
    });
    expect(await rowOf(withdrawal.id)).toMatchObject({
      decision: null,
      status: false,
      decidedBy: null,
      firstApprovedBy: firstId,
      firstApproval: 'without-transfer',
    });
    const audit = await auditOf(withdrawal.id);
    expect(audit).toEqual([
      {
        admin_id: firstId,
        admin_username: 'admin',
        action: 'withdrawal.first_approval',
        reason: 'Checked the wallet',
        before: { firstApprovedBy: null, firstApproval: null, firstApprovedAt: null },
        after: {
          firstApprovedBy: firstId,
          firstApproval: 'without-transfer',
          firstApprovedAt: t.clock.now().toISOString(),
        },
      },
    ]);
  });

  it('above it: a first approval; the list shows who approved and how, and the row stays pending', async () => {
    const { withdrawal } = await tonWithdrawal(t, '0', '250');
    expect((await decide('without-transfer', withdrawal.id)).json().message).toBe(FIRST_APPROVAL_MESSAGE);
    expect(await listed(withdrawal.id)).toMatchObject({
      status: false,
      needsTwoApprovals: true,
      firstApproval: { adminId: firstId, adminUsername: 'admin', action: 'without-transfer' },
    });
  });

  it('a gift counts at its price: 9.99 is approved at once with its transfer, 10 waits for a second admin with none', async () => {
    const cheap = await giftWithdrawal(t, '9.99');
    expect((await decide('with-transfer', cheap.withdrawal.id)).json()).toMatchObject({
      code: 200,
      message: 'Withdrawal with transfer processed successfully',
      data: { status: true },
    });
    expect(await ledgerOf(t, cheap.withdrawal.id)).toHaveLength(1);

    const dear = await giftWithdrawal(t, '10');
    expect((await decide('with-transfer', dear.withdrawal.id)).json()).toMatchObject({
      code: 200,
      message: FIRST_APPROVAL_MESSAGE,
      data: { status: false, firstApproval: { action: 'with-transfer' } },
    });
    expect(await ledgerOf(t, dear.withdrawal.id)).toHaveLength(0);
    expect(await giftStatus(dear.gift.id)).toBe('withdrawing');
    expect(await rowOf(dear.withdrawal.id)).toMatchObject({
      transferClaimedAt: null,
      transferKey: null,
      decidedBy: null,
    });
  });

  it('the threshold is configuration: with DUAL_APPROVAL_MIN_TON=100, 250 TON needs two and 50 needs one', async () => {
    const other = await buildTestApp({ DUAL_APPROVAL_MIN_TON: '100' });
    try {
      const [token] = await twoAdmins(other);
      const small = await tonWithdrawal(other, '0', '50');
      const large = await tonWithdrawal(other, '0', '250');
      const call = (id: number) =>
        other.call({ method: 'POST', url: '/manager/withdrawals/without-transfer', payload: { id }, token });
      expect((await call(small.withdrawal.id)).json().data).toMatchObject({
        status: true,
        needsTwoApprovals: false,
      });
      expect((await call(large.withdrawal.id)).json()).toMatchObject({
        message: FIRST_APPROVAL_MESSAGE,
        data: { status: false, needsTwoApprovals: true },
      });
    } finally {
      await other.close();
    }
  });
});

describe('the second approval', () => {
  it('the first approver cannot give it (409, either action), and nothing changes', async () => {
    const { withdrawal } = await tonWithdrawal(t, '0', '20');
    await decide('without-transfer', withdrawal.id);
    const before = await rowOf(withdrawal.id);
    const again = await decide('without-transfer', withdrawal.id);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ code: 409, message: FIRST_APPROVER_REFUSAL });
    const gift = await giftWithdrawal(t, '20');
    await decide('with-transfer', gift.withdrawal.id);
    for (const action of ['without-transfer', 'with-transfer']) {
      const again = await decide(action, gift.withdrawal.id);
      expect(again.json(), action).toEqual({ code: 409, message: FIRST_APPROVER_REFUSAL });
    }
    expect(await rowOf(withdrawal.id)).toEqual(before);
    expect(await auditCount(t, withdrawal.id)).toBe(1);
    expect(await auditCount(t, gift.withdrawal.id)).toBe(1);
    expect(await ledgerOf(t, gift.withdrawal.id)).toHaveLength(0);
  });

  it('another admin with the other action is refused with the action to confirm; nothing changes', async () => {
    const { withdrawal } = await giftWithdrawal(t, '15');
    await decide('without-transfer', withdrawal.id);
    const res = await decide('with-transfer', withdrawal.id, second);
    expect(res.json()).toEqual({
      code: 409,
      message:
        'The first approval was without transfer: a second administrator confirms it without transfer, or rejects the withdrawal',
    });
    expect(await ledgerOf(t, withdrawal.id)).toHaveLength(0);
    expect(await rowOf(withdrawal.id)).toMatchObject({
      decision: null,
      transferClaimedAt: null,
      firstApproval: 'without-transfer',
    });
  });

  it('another admin without transfer executes it once; the decision row names the first approver', async () => {
    const { gift, withdrawal } = await giftWithdrawal(t, '15');
    await decide('without-transfer', withdrawal.id);
    const res = await decide('without-transfer', withdrawal.id, second, 'Second look done');
    expect(res.json()).toMatchObject({
      code: 200,
      message: 'Withdrawal without transfer processed successfully',
      data: { status: true, firstApproval: null },
    });
    expect(await giftStatus(gift.id)).toBe('withdrawn');
    expect(await rowOf(withdrawal.id)).toMatchObject({
      decision: 'without-transfer',
      decidedBy: secondId,
      firstApprovedBy: firstId,
    });
    const audit = await auditOf(withdrawal.id);
    expect(audit.map((a) => [a.action, a.admin_username])).toEqual([
      ['withdrawal.first_approval', 'admin'],
      ['withdrawal.approve_without_transfer', 'admin2fa'],
    ]);
    expect(audit[1]!.after).toMatchObject({
      decision: 'without-transfer',
      firstApprover: { id: firstId, username: 'admin' },
    });
    expect(audit[1]!.reason).toBe('Second look done');
    // Decided: nobody decides it again, the first approver included.
    for (const token of [first, second])
      expect((await decide('without-transfer', withdrawal.id, token)).json().message).toMatch(
        /already decided/,
      );
  });

  it('another admin with transfer claims and transfers once, through the usual path', async () => {
    const { gift, withdrawal } = await giftWithdrawal(t, '42');
    await decide('with-transfer', withdrawal.id);
    const res = await decide('with-transfer', withdrawal.id, second);
    expect(res.json()).toMatchObject({
      code: 200,
      message: 'Withdrawal with transfer processed successfully',
      data: { status: true },
    });
    expect(await ledgerOf(t, withdrawal.id)).toEqual([
      expect.objectContaining({ key: `withdrawal-${withdrawal.id}`, amount: '42.000000000' }),
    ]);
    expect(await giftStatus(gift.id)).toBe('withdrawn');
    const audit = await auditOf(withdrawal.id);
    expect(audit.map((a) => [a.action, a.admin_username])).toEqual([
      ['withdrawal.first_approval', 'admin'],
      ['withdrawal.transfer_claim', 'admin2fa'],
      ['withdrawal.approve_with_transfer', 'admin2fa'],
    ]);
    for (const row of audit.slice(1))
      expect(row.after).toMatchObject({ firstApprover: { id: firstId, username: 'admin' } });
  });

  it('a failed transfer keeps the first approval: the second admin tries again and it executes', async () => {
    const { withdrawal } = await giftWithdrawal(t, '30');
    await decide('with-transfer', withdrawal.id);
    currentPort = {
      transfer: async () => Promise.reject(new Error('provider down')),
      status: (k) => ledger.status(k),
    };
    const failed = await decide('with-transfer', withdrawal.id, second);
    currentPort = ledger;
    expect(failed.json()).toEqual({ code: 502, message: 'Transfer failed: provider down' });
    expect(await listed(withdrawal.id)).toMatchObject({
      status: false,
      failureReason: 'provider down',
      firstApproval: { adminId: firstId, action: 'with-transfer' },
    });
    expect((await decide('with-transfer', withdrawal.id)).json().message).toBe(FIRST_APPROVER_REFUSAL);
    expect((await decide('with-transfer', withdrawal.id, second)).json()).toMatchObject({
      code: 200,
      data: { status: true },
    });
    expect(await ledgerOf(t, withdrawal.id)).toHaveLength(1);
  });

  it("the reconciler settles a second approval's claim left behind, naming the first approver", async () => {
    const { gift, withdrawal } = await giftWithdrawal(t, '30');
    await decide('with-transfer', withdrawal.id);
    // The transfer happens, then the call fails and the provider cannot say yet: the claim stays.
    currentPort = {
      transfer: async (r) => {
        await ledger.transfer(r);
        throw new Error('connection reset');
      },
      status: async () => ({ state: 'pending' }),
    };
    const unknown = await decide('with-transfer', withdrawal.id, second);
    currentPort = ledger;
    expect(unknown.statusCode).toBe(502);
    expect(await rowOf(withdrawal.id)).toMatchObject({
      decision: null,
      decidedBy: secondId,
      transferKey: `withdrawal-${withdrawal.id}`,
    });
    // Nobody decides a claimed row, the first approver's reject included.
    expect((await decide('reject', withdrawal.id)).json().message).toMatch(/being processed/);

    t.clock.advance(6 * 60_000);
    // Past the step-up window too: both admins confirm again for the tests after this one.
    await stepUp(t, first, 'password');
    await stepUp(t, second);
    const report = await reconcileTransferClaims(t.db, {
      port: ledger,
      now: t.clock.now(),
      staleMs: 5 * 60_000,
    });
    expect(report.processed).toContain(withdrawal.id);
    expect(await rowOf(withdrawal.id)).toMatchObject({ decision: 'with-transfer', status: true });
    expect(await giftStatus(gift.id)).toBe('withdrawn');
    expect(await ledgerOf(t, withdrawal.id)).toHaveLength(1);
    const reconciled = (await auditOf(withdrawal.id)).find(
      (a) => a.action === 'withdrawal.transfer_reconciled',
    )!;
    expect(reconciled.after).toMatchObject({ firstApprover: { id: firstId, username: 'admin' } });
  });
});

describe('rejecting after a first approval', () => {
  it('the first approver may reject: the TON returns and the row leaves the list', async () => {
    const { telegramId, withdrawal } = await tonWithdrawal(t, '1', '20');
    await decide('without-transfer', withdrawal.id);
    const res = await decide('reject', withdrawal.id, first, 'Changed my mind');
    expect(res.json()).toMatchObject({
      code: 200,
      message: 'Withdrawal rejected successfully',
      data: { rejected: true, firstApproval: null },
    });
    expect(await balanceOf(telegramId)).toBe('21.000000000');
    expect(await listed(withdrawal.id)).toBeUndefined();
    expect((await decide('without-transfer', withdrawal.id, second)).json().message).toMatch(
      /already decided \(rejected\)/,
    );
  });

  it('another admin may reject: the gift is available again, the reject row names the first approver', async () => {
    const { gift, withdrawal } = await giftWithdrawal(t, '20');
    await decide('with-transfer', withdrawal.id);
    expect((await decide('reject', withdrawal.id, second)).statusCode).toBe(200);
    expect(await giftStatus(gift.id)).toBe('available');
    expect(await ledgerOf(t, withdrawal.id)).toHaveLength(0);
    expect((await auditOf(withdrawal.id)).at(-1)).toMatchObject({
      action: 'withdrawal.reject',
      after: { decision: 'rejected', firstApprover: { id: firstId } },
    });
  });
});

describe('what a first approval refuses', () => {
  it('a transfer of a TON withdrawal or of a gift-less one is 400 and records no approval', async () => {
    const ton = await tonWithdrawal(t, '0', '50');
    expect((await decide('with-transfer', ton.withdrawal.id)).statusCode).toBe(400);
    const giftless = await giftWithdrawal(t, '50');
    await t.db
      .update(withdrawals)
      .set({ inventoryId: null })
      .where(eq(withdrawals.id, giftless.withdrawal.id));
    expect((await decide('with-transfer', giftless.withdrawal.id)).statusCode).toBe(400);
    for (const id of [ton.withdrawal.id, giftless.withdrawal.id]) {
      expect(await rowOf(id)).toMatchObject({ firstApprovedBy: null, firstApproval: null });
      expect(await auditCount(t, id)).toBe(0);
    }
  });

  it('an unknown id is 404, a decided one 409', async () => {
    expect((await decide('without-transfer', 999_999)).statusCode).toBe(404);
    const { withdrawal } = await tonWithdrawal(t, '0', '50');
    await decide('reject', withdrawal.id);
    expect((await decide('without-transfer', withdrawal.id)).statusCode).toBe(409);
    expect(await rowOf(withdrawal.id)).toMatchObject({ firstApprovedBy: null });
  });
});
