import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { envelope, withdrawalsResponseSchema } from '@manager/contract';
import { auditLog, inventories, users, withdrawals } from '../../src/db/schema/index';
import { LedgerTransferPort } from '../../src/withdrawals/ledger-transfer-port';
import type { TransferPort } from '../../src/withdrawals/transfer-port';
import { buildTestApp, type TestApp, whole } from '../support/helper';
import {
  auditCount,
  giftWithdrawal,
  ledgerOf,
  tonWithdrawal,
  twoAdmins,
} from '../support/withdrawals-fixtures';

let t: TestApp;
let token: string;
let port: TransferPort;
// The app's port forwards to this one (the reference ledger), so a test can stand in a failing one.
let currentPort: TransferPort;

beforeAll(async () => {
  t = await buildTestApp(
    {},
    {
      transferPort: {
        transfer: (request) => currentPort.transfer(request),
        status: (key) => currentPort.status(key),
      },
    },
  );
  port = currentPort = new LedgerTransferPort(t.db);
  [token] = await twoAdmins(t);
});
afterAll(async () => {
  await t?.close();
});

const decide = (action: string, payload: unknown, as = token) =>
  t.call({ method: 'POST', url: `/manager/withdrawals/${action}`, payload: payload as object, token: as });
const list = async () => {
  const res = await t.call({ method: 'GET', url: '/manager/withdrawals', token });
  expect(res.statusCode).toBe(200);
  return whole(envelope(withdrawalsResponseSchema).parse(res.json()).data);
};
const rowOf = async (id: number) => (await t.db.select().from(withdrawals).where(eq(withdrawals.id, id)))[0]!;
const balanceOf = async (telegramId: number) =>
  (await t.db.select({ b: users.tonBalance }).from(users).where(eq(users.telegramId, telegramId)))[0]!.b;
const giftStatus = async (id: number) =>
  (await t.db.select({ s: inventories.status }).from(inventories).where(eq(inventories.id, id)))[0]!.s;

describe('GET /manager/withdrawals', () => {
  it('needs a signed-in admin', async () => {
    expect((await t.call({ method: 'GET', url: '/manager/withdrawals' })).statusCode).toBe(401);
  });

  it('lists pending and approved withdrawals with user and gift name, not rejected ones', async () => {
    const { gift, withdrawal } = await giftWithdrawal(t);
    const ton = await tonWithdrawal(t, '1', '2');
    const rejected = await tonWithdrawal(t, '0', '3');
    expect((await decide('reject', { id: rejected.withdrawal.id })).statusCode).toBe(200);
    const data = await list();
    const g = data.find((w) => w.id === withdrawal.id)!;
    expect(g).toMatchObject({
      currency: 'NFT',
      status: false,
      inventory: { name: gift.name },
      inventoryId: String(gift.id),
      price: 2.5,
    });
    expect(g.user?.username).toBe(`giftee${withdrawal.telegramId}`);
    expect(data.some((w) => w.id === ton.withdrawal.id)).toBe(true);
    expect(data.some((w) => w.id === rejected.withdrawal.id)).toBe(false);
    // The rejected one stays in the database with its decision.
    expect(await rowOf(rejected.withdrawal.id)).toMatchObject({ decision: 'rejected', status: false });
  });
});

describe('deciding a withdrawal', () => {
  it('approves a gift withdrawal with one transfer; the gift leaves; a second decision is refused and changes nothing', async () => {
    const { gift, withdrawal } = await giftWithdrawal(t);
    const res = await decide('with-transfer', { ...withdrawal, id: withdrawal.id, price: 0.01 });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      code: 200,
      message: 'Withdrawal with transfer processed successfully',
      data: { id: withdrawal.id, status: true },
    });
    const ledger = await ledgerOf(t, withdrawal.id);
    // The price comes from the database, never from the posted object; the key names the withdrawal.
    expect(ledger).toEqual([
      expect.objectContaining({
        key: `withdrawal-${withdrawal.id}`,
        inventoryId: gift.id,
        amount: '2.500000000',
      }),
    ]);
    expect(await giftStatus(gift.id)).toBe('withdrawn');
    const decided = await rowOf(withdrawal.id);
    expect(decided).toMatchObject({ decision: 'with-transfer', status: true });
    expect(decided.decidedBy).not.toBeNull();

    for (const action of ['with-transfer', 'without-transfer', 'reject']) {
      const again = await decide(action, { id: withdrawal.id });
      expect(again.statusCode).toBe(409);
      expect(again.json().code).toBe(409);
      expect(again.json().message).toMatch(/already decided/);
    }
    expect(await rowOf(withdrawal.id)).toEqual(decided);
    expect(await giftStatus(gift.id)).toBe('withdrawn');
    expect(await ledgerOf(t, withdrawal.id)).toHaveLength(1);
    // The claim and the decision: the refused second decisions wrote nothing.
    expect(await auditCount(t, withdrawal.id)).toBe(2);
    expect(await auditCount(t, withdrawal.id, 'withdrawal.approve_with_transfer')).toBe(1);
  });

  it('approves without transfer: no transfer, the gift is marked withdrawn, one audit row naming the admin', async () => {
    const { gift, withdrawal } = await giftWithdrawal(t);
    const res = await decide('without-transfer', withdrawal);
    expect(res.json()).toMatchObject({
      code: 200,
      message: 'Withdrawal without transfer processed successfully',
    });
    expect(await ledgerOf(t, withdrawal.id)).toHaveLength(0);
    expect(await giftStatus(gift.id)).toBe('withdrawn');
    const audit = await t.db.execute(
      sql`select admin_id, action, after from audit_log where entity = 'withdrawal' and entity_id = ${String(withdrawal.id)}`,
    );
    const auditRows = (
      audit as unknown as { rows: Array<{ admin_id: number; action: string; after: { decision: string } }> }
    ).rows;
    expect(auditRows).toHaveLength(1);
    expect(auditRows[0]).toMatchObject({
      action: 'withdrawal.approve_without_transfer',
      after: { decision: 'without-transfer' },
    });
    expect(auditRows[0]!.admin_id).toBeGreaterThan(0);
  });

  it('rejects: the TON amount returns to the balance exactly, in the same transaction as the decision', async () => {
    const { telegramId, withdrawal } = await tonWithdrawal(t, '0.1', '0.2');
    const res = await decide('reject', withdrawal);
    expect(res.json()).toMatchObject({
      code: 200,
      message: 'Withdrawal rejected successfully',
      data: { rejected: true, status: false },
    });
    expect(await balanceOf(telegramId)).toBe('0.300000000');
    expect((await decide('reject', withdrawal)).statusCode).toBe(409);
    expect(await balanceOf(telegramId)).toBe('0.300000000');
  });

  it('rejects a gift withdrawal: the gift is available to its owner again', async () => {
    const { gift, withdrawal } = await giftWithdrawal(t);
    expect((await decide('reject', withdrawal)).statusCode).toBe(200);
    expect(await giftStatus(gift.id)).toBe('available');
  });

  it('refuses a transfer for a TON withdrawal (400) and leaves it pending', async () => {
    const { withdrawal } = await tonWithdrawal(t, '1', '1');
    const res = await decide('with-transfer', withdrawal);
    expect(res.statusCode).toBe(400);
    expect(await rowOf(withdrawal.id)).toMatchObject({ decision: null, decidedAt: null, status: false });
  });

  it('a decided TON withdrawal answers 409 to a transfer, not 400; a gift-less one is never sent to the port', async () => {
    const { withdrawal } = await tonWithdrawal(t, '1', '1');
    expect((await decide('reject', withdrawal)).statusCode).toBe(200);
    expect((await decide('with-transfer', withdrawal)).statusCode).toBe(409);

    const { withdrawal: giftless } = await giftWithdrawal(t);
    await t.db.update(withdrawals).set({ inventoryId: null }).where(eq(withdrawals.id, giftless.id));
    const calls: unknown[] = [];
    currentPort = {
      transfer: async (req) => (calls.push(req), { reference: 'x' }),
      status: port.status.bind(port),
    };
    const res = await decide('with-transfer', giftless);
    currentPort = port;
    expect(res.statusCode).toBe(400);
    expect(calls).toEqual([]);
    expect(await rowOf(giftless.id)).toMatchObject({ decision: null, decidedAt: null, status: false });
  });

  it('a failed transfer leaves the withdrawal pending with the reason; a later try succeeds', async () => {
    const { gift, withdrawal } = await giftWithdrawal(t);
    currentPort = {
      transfer: async () => Promise.reject(new Error('recipient wallet is frozen')),
      status: port.status.bind(port),
    };
    const res = await decide('with-transfer', withdrawal);
    currentPort = port;
    expect(res.statusCode).toBe(502);
    expect(res.json()).toEqual({ code: 502, message: 'Transfer failed: recipient wallet is frozen' });
    expect(await rowOf(withdrawal.id)).toMatchObject({
      decision: null,
      decidedAt: null,
      decidedBy: null,
      status: false,
    });
    expect(await giftStatus(gift.id)).toBe('withdrawing');
    const shown = (await list()).find((w) => w.id === withdrawal.id)!;
    expect(shown).toMatchObject({ status: false, failureReason: 'recipient wallet is frozen' });

    expect((await decide('with-transfer', withdrawal)).statusCode).toBe(200);
    expect((await list()).find((w) => w.id === withdrawal.id)).not.toHaveProperty('failureReason');
    expect(await auditCount(t, withdrawal.id, 'withdrawal.approve%')).toBe(1);
  });

  it('shows the reason of a release row written before the reason had its own column (kept in after.reason)', async () => {
    const { withdrawal } = await giftWithdrawal(t);
    // Such rows are never rewritten (the audit log is append-only): they are read as they are.
    await t.db.insert(auditLog).values({
      adminId: null,
      action: 'withdrawal.transfer_released',
      entity: 'withdrawal',
      entityId: String(withdrawal.id),
      before: { status: false, decision: null },
      after: { status: false, decision: null, reason: 'provider said no (older row)' },
    });
    expect((await list()).find((w) => w.id === withdrawal.id)).toMatchObject({
      status: false,
      failureReason: 'provider said no (older row)',
    });
  });

  it('validates the body: a missing or bad id is a 400 naming it, an unknown id a 404', async () => {
    const missing = await decide('reject', {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toMatch(/^id: /);
    expect((await decide('reject', { id: 'abc' })).statusCode).toBe(400);
    expect((await decide('reject', undefined)).statusCode).toBe(400);
    // Past a PostgreSQL integer: refused by validation, not a database error (500).
    expect((await decide('reject', { id: 3_000_000_000 })).statusCode).toBe(400);
    const unknown = await decide('without-transfer', { id: 999_999 });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().code).toBe(404);
  });
});
