import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { envelope, withdrawalsResponseSchema } from '@manager/contract';
import { buildApp } from '../../src/app';
import { loadConfig } from '../../src/config';
import { admins, inventories, withdrawals } from '../../src/db/schema/index';
import { LedgerTransferPort } from '../../src/withdrawals/ledger-transfer-port';
import {
  INTERRUPTED_REASON,
  reconcileTransferClaims,
  type ReconcileReport,
} from '../../src/withdrawals/reconcile';
import { WITHDRAWALS_RECONCILE_JOB } from '../../src/withdrawals/reconcile-job';
import type { TransferPort, TransferRequest, TransferStatus } from '../../src/withdrawals/transfer-port';
import { buildTestApp, signIn, stepUp, type TestApp, whole } from '../support/helper';
import { giftWithdrawal, ledgerOf, rows } from '../support/withdrawals-fixtures';

/**
 * Transfer claims nobody ended are settled by asking the port. The app's port forwards to
 * `currentPort` (the reference ledger unless a test stands in another), so the reconciler and
 * the decisions see the same provider. Concurrent settlement really races on PostgreSQL
 * (TEST_DATABASE_URL: each reconciler's queries run on pooled connections of their own).
 */
const STALE_MS = 5 * 60_000;
let t: TestApp;
let token: string;
let adminId: number;
let ledger: LedgerTransferPort;
let currentPort: TransferPort;

beforeAll(async () => {
  t = await buildTestApp(
    {},
    { transferPort: { transfer: (r) => currentPort.transfer(r), status: (k) => currentPort.status(k) } },
  );
  ledger = new LedgerTransferPort(t.db);
  currentPort = ledger;
  adminId = (
    await t.db.select({ id: admins.id }).from(admins).where(eq(admins.username, t.demo.admin.username))
  )[0]!.id;
});
// Tests move the clock past the claim age, so each signs in anew (access tokens live 15 minutes).
beforeEach(async () => {
  token = (await signIn(t)).accessToken;
});
afterAll(async () => {
  await t?.close();
});

// The tests move the clock past the step-up window too: each decision confirms the session first.
const decide = async (action: string, id: number) => {
  await stepUp(t, token, 'password');
  return t.call({ method: 'POST', url: `/manager/withdrawals/${action}`, payload: { id }, token });
};
const rowOf = async (id: number) => (await t.db.select().from(withdrawals).where(eq(withdrawals.id, id)))[0]!;
const giftStatus = async (id: number) =>
  (await t.db.select({ s: inventories.status }).from(inventories).where(eq(inventories.id, id)))[0]!.s;
const reconcile = (port: TransferPort = ledger) =>
  reconcileTransferClaims(t.db, { port, now: t.clock.now(), staleMs: STALE_MS });
const auditOf = async (id: number) =>
  (await rows(
    t,
    sql`select admin_id, admin_username, action, before, after, reason from audit_log where entity = 'withdrawal' and entity_id = ${String(id)} order by id`,
  )) as Array<{
    admin_id: number | null;
    admin_username: string | null;
    action: string;
    reason: string | null;
    before: Record<string, unknown>;
    after: Record<string, unknown>;
  }>;
const listed = async (id: number) => {
  const res = await t.call({ method: 'GET', url: '/manager/withdrawals', token });
  return whole(envelope(withdrawalsResponseSchema).parse(res.json()).data).find((w) => w.id === id)!;
};
const transferOf = (w: Awaited<ReturnType<typeof giftWithdrawal>>['withdrawal']): TransferRequest => ({
  key: `withdrawal-${w.id}`,
  withdrawalId: w.id,
  telegramId: w.telegramId,
  currency: w.currency,
  amount: w.price,
  inventoryId: w.inventoryId,
  wallet: w.wallet,
});

describe('a transfer claim nobody ended', () => {
  it('a claim left behind by a failing final transaction is reconciled: processed once, audited with the reference', async () => {
    const { gift, withdrawal } = await giftWithdrawal(t);
    // The decision's last transaction fails after the provider moved the gift.
    await t.db.execute(sql`create or replace function fail_decision() returns trigger language plpgsql as $$
      begin raise exception 'connection lost before commit'; end $$`);
    await t.db.execute(
      sql.raw(`create trigger fail_decision before update on withdrawals for each row
        when (new.decision = 'with-transfer' and new.id = ${withdrawal.id}) execute function fail_decision()`),
    );
    const res = await decide('with-transfer', withdrawal.id);
    await t.db.execute(sql`drop trigger fail_decision on withdrawals`);
    expect(res.statusCode).toBe(500);
    const [transfer] = await ledgerOf(t, withdrawal.id);
    expect(transfer).toBeDefined();
    expect(await rowOf(withdrawal.id)).toMatchObject({
      decision: null,
      decidedBy: adminId,
      transferKey: `withdrawal-${withdrawal.id}`,
    });
    // Only the claim was committed, with its row naming the admin who started the transfer.
    const claim = expect.objectContaining({ admin_id: adminId, action: 'withdrawal.transfer_claim' });
    expect(await auditOf(withdrawal.id)).toEqual([claim]);

    // A young claim may belong to a call still under way: left alone.
    expect(await reconcile()).toEqual({ processed: [], released: [], waiting: [], errors: [] });
    t.clock.advance(STALE_MS);
    expect((await reconcile()).processed).toEqual([withdrawal.id]);

    expect(await rowOf(withdrawal.id)).toMatchObject({
      decision: 'with-transfer',
      status: true,
      decidedBy: adminId,
    });
    expect(await giftStatus(gift.id)).toBe('withdrawn');
    const audit = await auditOf(withdrawal.id);
    expect(audit).toHaveLength(2);
    expect(audit[1]).toEqual({
      admin_id: null,
      admin_username: 'system:reconcile',
      action: 'withdrawal.transfer_reconciled',
      before: { status: false, decision: null, decidedAt: null },
      after: {
        status: true,
        decision: 'with-transfer',
        decidedAt: t.clock.now().toISOString(),
        transfer: transfer!.reference,
      },
      reason: null,
    });
    // Settled once: nothing left to reconcile, a new decision is refused, still one transfer.
    expect((await reconcile()).processed).toEqual([]);
    expect((await decide('with-transfer', withdrawal.id)).statusCode).toBe(409);
    expect(await ledgerOf(t, withdrawal.id)).toHaveLength(1);
    expect(await auditOf(withdrawal.id)).toHaveLength(2);
  });

  it('the claim and its key are recorded before the port is called; a claim whose transfer never happened is released to pending', async () => {
    const { gift, withdrawal } = await giftWithdrawal(t);
    const calls: TransferRequest[] = [];
    let fail!: (error: Error) => void;
    // A provider call that never comes back, as when the process dies before reaching it.
    currentPort = {
      transfer: (request) => (calls.push(request), new Promise((_, reject) => (fail = reject))),
      status: (key) => ledger.status(key),
    };
    const lost = decide('with-transfer', withdrawal.id);
    await vi.waitFor(() => expect(calls).toHaveLength(1));
    currentPort = ledger;
    expect(calls[0]).toMatchObject({ key: `withdrawal-${withdrawal.id}`, withdrawalId: withdrawal.id });
    expect(await rowOf(withdrawal.id)).toMatchObject({
      decision: null,
      decidedBy: adminId,
      transferClaimedAt: t.clock.now(),
      transferKey: `withdrawal-${withdrawal.id}`,
    });
    expect((await decide('reject', withdrawal.id)).json().message).toMatch(/being processed/);

    t.clock.advance(STALE_MS);
    expect((await reconcile()).released).toEqual([withdrawal.id]);
    expect(await rowOf(withdrawal.id)).toMatchObject({
      decision: null,
      decidedBy: null,
      transferClaimedAt: null,
      status: false,
    });
    expect(await giftStatus(gift.id)).toBe('withdrawing');
    const claimedAt = t.clock.now().getTime() - STALE_MS;
    expect(await auditOf(withdrawal.id)).toEqual([
      expect.objectContaining({ admin_id: adminId, action: 'withdrawal.transfer_claim' }),
      {
        admin_id: null,
        admin_username: 'system:reconcile',
        action: 'withdrawal.transfer_released',
        before: {
          decidedBy: adminId,
          transferClaimedAt: new Date(claimedAt).toISOString(),
          transferKey: `withdrawal-${withdrawal.id}`,
        },
        after: { decidedBy: null, transferClaimedAt: null, transferKey: null },
        reason: INTERRUPTED_REASON,
      },
    ]);
    expect(await listed(withdrawal.id)).toMatchObject({ status: false, failureReason: INTERRUPTED_REASON });

    // The lost call ends at last: its claim is gone, so it writes nothing more.
    fail(new Error('connection reset'));
    expect((await lost).statusCode).toBe(502);
    expect(await auditOf(withdrawal.id)).toHaveLength(2);
    // Pending again: an admin decides it, with one transfer.
    expect((await decide('with-transfer', withdrawal.id)).statusCode).toBe(200);
    expect(await ledgerOf(t, withdrawal.id)).toHaveLength(1);
    expect(await listed(withdrawal.id)).not.toHaveProperty('failureReason');
  });

  it('asks again later while the provider says pending or cannot answer; a failed transfer releases with its reason', async () => {
    const made = await Promise.all([giftWithdrawal(t), giftWithdrawal(t), giftWithdrawal(t)]);
    const [waiting, failed, unreachable] = made.map((m) => m.withdrawal.id) as [number, number, number];
    for (const id of [waiting, failed, unreachable]) {
      await t.db
        .update(withdrawals)
        .set({ decidedBy: adminId, transferClaimedAt: t.clock.now(), transferKey: `withdrawal-${id}` })
        .where(eq(withdrawals.id, id));
    }
    t.clock.advance(STALE_MS);
    const answers: Record<string, () => TransferStatus> = {
      [`withdrawal-${waiting}`]: () => ({ state: 'pending' }),
      [`withdrawal-${failed}`]: () => ({ state: 'failed', reason: 'recipient wallet is closed' }),
      [`withdrawal-${unreachable}`]: () => {
        throw new Error('provider unreachable');
      },
    };
    const port: TransferPort = {
      transfer: () => Promise.reject(new Error('not used')),
      status: async (key) => answers[key]?.() ?? ledger.status(key),
    };
    const report = await reconcile(port);
    expect(report).toMatchObject({
      waiting: [waiting],
      released: [failed],
      errors: [{ id: unreachable, error: 'provider unreachable' }],
    });
    expect(await rowOf(waiting)).toMatchObject({ decision: null, decidedBy: adminId });
    expect(await rowOf(unreachable)).toMatchObject({ decision: null, decidedBy: adminId });
    expect(await rowOf(failed)).toMatchObject({ decision: null, decidedBy: null, transferClaimedAt: null });
    expect(await listed(failed)).toMatchObject({ failureReason: 'recipient wallet is closed' });
    // Once the provider knows, the next run settles the rest.
    expect(await reconcile()).toMatchObject({ processed: [], released: [waiting, unreachable] });
  });

  it('four reconcilers at once settle each claim exactly once (10 rounds of 8 claims, half transferred)', async () => {
    for (let round = 0; round < 10; round++) {
      const made = await Promise.all(Array.from({ length: 8 }, () => giftWithdrawal(t)));
      const done = new Set<number>();
      for (const [i, { withdrawal }] of made.entries()) {
        await t.db
          .update(withdrawals)
          .set({
            decidedBy: adminId,
            transferClaimedAt: t.clock.now(),
            transferKey: `withdrawal-${withdrawal.id}`,
          })
          .where(eq(withdrawals.id, withdrawal.id));
        if (i % 2 === 0) {
          await ledger.transfer(transferOf(withdrawal));
          done.add(withdrawal.id);
        }
      }
      t.clock.advance(STALE_MS);
      // Each reconciler has a port of its own, as separate API instances would.
      const reports: ReconcileReport[] = await Promise.all(
        Array.from({ length: 4 }, () =>
          reconcileTransferClaims(t.db, {
            port: new LedgerTransferPort(t.db),
            now: t.clock.now(),
            staleMs: STALE_MS,
          }),
        ),
      );
      const processed = reports.flatMap((r) => r.processed).sort((a, b) => a - b);
      const released = reports.flatMap((r) => r.released).sort((a, b) => a - b);
      expect(processed, `round ${round}`).toEqual([...done].sort((a, b) => a - b));
      expect(released).toEqual(
        made
          .map((m) => m.withdrawal.id)
          .filter((id) => !done.has(id))
          .sort((a, b) => a - b),
      );
      for (const { gift, withdrawal } of made) {
        const transferred = done.has(withdrawal.id);
        expect(await auditOf(withdrawal.id)).toEqual([
          expect.objectContaining({
            action: transferred ? 'withdrawal.transfer_reconciled' : 'withdrawal.transfer_released',
          }),
        ]);
        expect(await rowOf(withdrawal.id)).toMatchObject(
          transferred
            ? { decision: 'with-transfer', status: true }
            : { decision: null, transferClaimedAt: null, status: false },
        );
        expect(await giftStatus(gift.id)).toBe(transferred ? 'withdrawn' : 'withdrawing');
        expect(await ledgerOf(t, withdrawal.id)).toHaveLength(transferred ? 1 : 0);
      }
    }
  });
});

describe('a transfer call that throws', () => {
  /** A port whose `transfer` runs `before` (e.g. the ledger's transfer), then throws anyway. */
  const throwing = (
    message: string,
    status: TransferPort['status'],
    before?: (request: TransferRequest) => Promise<unknown>,
  ) => {
    const asked: string[] = [];
    const port: TransferPort = {
      transfer: async (request) => {
        await before?.(request);
        throw new Error(message);
      },
      status: (key) => (asked.push(key), status(key)),
    };
    return { port, asked };
  };
  const decideThrough = async (port: TransferPort, id: number) => {
    currentPort = port;
    try {
      return await decide('with-transfer', id);
    } finally {
      currentPort = ledger;
    }
  };

  it('after the transfer was committed is approved once, audited with the reference, not left pending for a reject', async () => {
    const { gift, withdrawal } = await giftWithdrawal(t);
    const { port } = throwing(
      'connection lost after commit',
      (key) => ledger.status(key),
      (request) => ledger.transfer(request),
    );
    const res = await decideThrough(port, withdrawal.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ id: withdrawal.id, status: true });
    const transfers = await ledgerOf(t, withdrawal.id);
    expect(transfers).toHaveLength(1);
    expect(await rowOf(withdrawal.id)).toMatchObject({
      decision: 'with-transfer',
      status: true,
      decidedBy: adminId,
    });
    expect(await giftStatus(gift.id)).toBe('withdrawn');
    expect(await auditOf(withdrawal.id)).toEqual([
      expect.objectContaining({ admin_id: adminId, action: 'withdrawal.transfer_claim' }),
      expect.objectContaining({
        admin_id: adminId,
        action: 'withdrawal.approve_with_transfer',
        after: expect.objectContaining({
          status: true,
          decision: 'with-transfer',
          transfer: transfers[0]!.reference,
        }),
      }),
    ]);
    // Once: the gift that left is never given back, and nothing is left to reconcile.
    expect((await decide('reject', withdrawal.id)).statusCode).toBe(409);
    expect(await giftStatus(gift.id)).toBe('withdrawn');
    t.clock.advance(STALE_MS);
    expect(await reconcile()).toEqual({ processed: [], released: [], waiting: [], errors: [] });
    expect(await ledgerOf(t, withdrawal.id)).toHaveLength(1);
    expect(await auditOf(withdrawal.id)).toHaveLength(2);
  });

  it('whose outcome the provider cannot tell (status fails, or pending) keeps the claim, audited; a later reconcile settles it', async () => {
    const [moved, underWay] = await Promise.all([giftWithdrawal(t), giftWithdrawal(t)]);
    const unreachable = throwing(
      'gateway timeout',
      () => Promise.reject(new Error('provider unreachable')),
      (request) => ledger.transfer(request),
    );
    const pending = throwing('gateway timeout', async () => ({ state: 'pending' }));
    const answers = [
      await decideThrough(unreachable.port, moved.withdrawal.id),
      await decideThrough(pending.port, underWay.withdrawal.id),
    ];
    for (const [i, { gift, withdrawal }] of [moved, underWay].entries()) {
      expect(answers[i]!.statusCode).toBe(502);
      expect(answers[i]!.json()).toEqual({
        code: 502,
        message: 'Transfer outcome unknown: gateway timeout; it will be settled automatically',
      });
      expect(await rowOf(withdrawal.id)).toMatchObject({
        decision: null,
        decidedBy: adminId,
        transferKey: `withdrawal-${withdrawal.id}`,
        status: false,
      });
      expect(await rowOf(withdrawal.id)).toHaveProperty('transferClaimedAt', t.clock.now());
      expect(await giftStatus(gift.id)).toBe('withdrawing');
      // Still claimed: a reject cannot hand back a gift that may have left.
      expect((await decide('reject', withdrawal.id)).json().message).toMatch(/being processed/);
      expect(await listed(withdrawal.id)).not.toHaveProperty('failureReason');
    }
    expect(unreachable.asked).toEqual([`withdrawal-${moved.withdrawal.id}`]);
    expect(pending.asked).toEqual([`withdrawal-${underWay.withdrawal.id}`]);
    const claim = expect.objectContaining({ admin_id: adminId, action: 'withdrawal.transfer_claim' });
    expect(await auditOf(moved.withdrawal.id)).toEqual([
      claim,
      expect.objectContaining({
        admin_id: adminId,
        action: 'withdrawal.transfer_unknown',
        before: null,
        after: { provider: 'status failed: provider unreachable' },
        reason: 'gateway timeout',
      }),
    ]);
    expect(await auditOf(underWay.withdrawal.id)).toEqual([
      claim,
      expect.objectContaining({
        action: 'withdrawal.transfer_unknown',
        after: { provider: 'pending' },
        reason: 'gateway timeout',
      }),
    ]);

    // The ledger knows: the transfer that happened is approved, the other released to pending.
    t.clock.advance(STALE_MS);
    expect(await reconcile()).toEqual({
      processed: [moved.withdrawal.id],
      released: [underWay.withdrawal.id],
      waiting: [],
      errors: [],
    });
    expect(await rowOf(moved.withdrawal.id)).toMatchObject({ decision: 'with-transfer', status: true });
    expect(await giftStatus(moved.gift.id)).toBe('withdrawn');
    expect(await ledgerOf(t, moved.withdrawal.id)).toHaveLength(1);
    expect(await rowOf(underWay.withdrawal.id)).toMatchObject({ decision: null, transferClaimedAt: null });
    expect(await listed(underWay.withdrawal.id)).toMatchObject({ failureReason: INTERRUPTED_REASON });
  });

  it("having moved nothing (status not found or failed) releases the claim to pending with the call's error, as before", async () => {
    const [absent, refused] = await Promise.all([giftWithdrawal(t), giftWithdrawal(t)]);
    const notFound = throwing('recipient wallet is frozen', (key) => ledger.status(key));
    const failed = throwing('recipient wallet is frozen', async () => ({
      state: 'failed',
      reason: 'wallet closed',
    }));
    const answers = [
      await decideThrough(notFound.port, absent.withdrawal.id),
      await decideThrough(failed.port, refused.withdrawal.id),
    ];
    // The provider's record was asked before the claim was released.
    expect(notFound.asked).toEqual([`withdrawal-${absent.withdrawal.id}`]);
    expect(failed.asked).toEqual([`withdrawal-${refused.withdrawal.id}`]);
    for (const [i, { gift, withdrawal }] of [absent, refused].entries()) {
      expect(answers[i]!.json()).toEqual({
        code: 502,
        message: 'Transfer failed: recipient wallet is frozen',
      });
      expect(await rowOf(withdrawal.id)).toMatchObject({
        decision: null,
        decidedBy: null,
        transferClaimedAt: null,
        status: false,
      });
      expect(await giftStatus(gift.id)).toBe('withdrawing');
      expect(await auditOf(withdrawal.id)).toEqual([
        expect.objectContaining({ admin_id: adminId, action: 'withdrawal.transfer_claim' }),
        expect.objectContaining({
          admin_id: adminId,
          action: 'withdrawal.transfer_failed',
          after: { decidedBy: null, transferClaimedAt: null, transferKey: null },
          reason: 'recipient wallet is frozen',
        }),
      ]);
      expect(await listed(withdrawal.id)).toMatchObject({
        status: false,
        failureReason: 'recipient wallet is frozen',
      });
    }
    expect(await ledgerOf(t, absent.withdrawal.id)).toHaveLength(0);
    // Pending again: a reject gives the gift back.
    expect((await decide('reject', absent.withdrawal.id)).statusCode).toBe(200);
    expect(await giftStatus(absent.gift.id)).toBe('available');
  });
});

describe('the reference transfer port', () => {
  it('moves at most once per key: a second transfer under the key answers the first receipt', async () => {
    const { withdrawal } = await giftWithdrawal(t);
    expect(await ledger.status(`withdrawal-${withdrawal.id}`)).toEqual({ state: 'not_found' });
    const receipts = await Promise.all([
      ledger.transfer(transferOf(withdrawal)),
      new LedgerTransferPort(t.db).transfer(transferOf(withdrawal)),
    ]);
    expect(receipts[1]).toEqual(receipts[0]);
    expect(await ledgerOf(t, withdrawal.id)).toHaveLength(1);
    expect(await ledger.status(`withdrawal-${withdrawal.id}`)).toEqual({
      state: 'done',
      reference: receipts[0].reference,
    });
  });
});

describe('the reconciliation job', () => {
  const working = (cron: string | null) => ({
    ...t.config,
    jobs: { ...t.config.jobs, enabled: true, pollingSeconds: 0.5 },
    withdrawalReconcileCron: cron,
  });
  const scheduleOf = async (name: string) =>
    (
      (await t.db.execute(sql`select cron from pgboss.schedule where name = ${name}`)) as unknown as {
        rows: unknown[];
      }
    ).rows;

  it('is scheduled every minute where jobs run, settles a stale claim when it runs, and stops with the app', async () => {
    const app = await buildApp({
      config: working('* * * * *'),
      db: t.db,
      now: t.clock.now,
      transferPort: ledger,
    });
    await app.ready();
    expect(await scheduleOf(WITHDRAWALS_RECONCILE_JOB)).toEqual([{ cron: '* * * * *' }]);

    const { withdrawal } = await giftWithdrawal(t);
    await t.db
      .update(withdrawals)
      .set({
        decidedBy: adminId,
        transferClaimedAt: t.clock.now(),
        transferKey: `withdrawal-${withdrawal.id}`,
      })
      .where(eq(withdrawals.id, withdrawal.id));
    await ledger.transfer(transferOf(withdrawal));
    t.clock.advance(STALE_MS);
    // What the schedule sends when the minute comes, sent now.
    await app.jobs.send(WITHDRAWALS_RECONCILE_JOB, {});
    await vi.waitFor(
      async () => expect(await rowOf(withdrawal.id)).toMatchObject({ decision: 'with-transfer' }),
      { timeout: 10_000 },
    );
    await app.close();
  });

  it('WITHDRAWAL_RECONCILE_CRON=off removes the schedule', async () => {
    const app = await buildApp({ config: working(null), db: t.db, now: t.clock.now, transferPort: ledger });
    await app.ready();
    expect(await scheduleOf(WITHDRAWALS_RECONCILE_JOB)).toEqual([]);
    await app.close();
  });
});

describe('configuration', () => {
  it('runs every minute, a claim is abandoned after 5 minutes, and the reference port may not outlast a claim', () => {
    expect(loadConfig({})).toMatchObject({
      withdrawalReconcileCron: '* * * * *',
      withdrawalClaimStaleMs: 300_000,
      transferPortDelayMs: 0,
    });
    expect(() => loadConfig({ TRANSFER_PORT_DELAY_MS: '300000' })).toThrow(
      /WITHDRAWAL_CLAIM_STALE_MS: must exceed TRANSFER_PORT_DELAY_MS/,
    );
    expect(() => loadConfig({ WITHDRAWAL_RECONCILE_CRON: 'every minute' })).toThrow(
      /WITHDRAWAL_RECONCILE_CRON: expected a cron expression/,
    );
    expect(
      loadConfig({
        TRANSFER_PORT_DELAY_MS: '1000',
        WITHDRAWAL_CLAIM_STALE_MS: '2000',
        WITHDRAWAL_RECONCILE_CRON: 'off',
      }),
    ).toMatchObject({
      transferPortDelayMs: 1000,
      withdrawalClaimStaleMs: 2000,
      withdrawalReconcileCron: null,
    });
  });
});
