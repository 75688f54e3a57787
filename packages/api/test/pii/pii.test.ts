import { and, eq } from 'drizzle-orm';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCESS_DENIED_MESSAGE, type TonPayment, type Withdrawal } from '@manager/contract';
import { admins, auditLog, tonPayments, users, withdrawals } from '../../src/db/schema/index';
import { buildTestApp, signIn, type TestApp } from '../support/helper';

/*
 * Personal data (docs/security.md, Personal data; docs/decisions/0021): wallets and transaction
 * ids leave the API masked for every admin; POST /pii/reveal shows one whole to an admin holding
 * `pii.reveal`, with one audit row naming kind and id (never the value); exports are whole only
 * for such an admin.
 */
let t: TestApp;
const token = {} as Record<'admin' | 'finance' | 'support', string>;
const adminIds = {} as Record<string, number>;
const PLAYER = 5_200_000_001;
const WALLET = 'UQCmaskedwalletforpiitests0000000000000000000042';
const PAY_WALLET = 'EQDpaymentwalletpiitests000000000000000000000077';
const HASH = 'f00dcafe0123456789abcdef0123456789abcdef0123456789abcdef0badbeef';
const LINK = `https://tonviewer.com/transaction/${HASH}`;
let withdrawalId: number;
let paymentId: number;

beforeAll(async () => {
  t = await buildTestApp();
  token.admin = (await signIn(t)).accessToken;
  for (const role of ['finance', 'support'] as const)
    token[role] = (await signIn(t, role, t.demo.admin.password)).accessToken;
  for (const row of await t.db.select({ id: admins.id, username: admins.username }).from(admins))
    adminIds[row.username] = row.id;
  await t.db.insert(users).values({ telegramId: PLAYER, username: 'piiplayer', tonBalance: '5' });
  const [w] = await t.db
    .insert(withdrawals)
    .values({ telegramId: PLAYER, currency: 'TON', price: '1.5', wallet: WALLET })
    .returning();
  withdrawalId = w!.id;
  const [p] = await t.db
    .insert(tonPayments)
    .values({
      telegramId: PLAYER,
      transactionId: HASH,
      type: 'deposit',
      link: LINK,
      product: 'TON',
      productAmount: '2',
      wallet: PAY_WALLET,
      amount: '2',
      fee: '0.02',
      status: true,
    })
    .returning();
  paymentId = p!.id;
}, 120_000);
afterAll(() => t?.close());

const get = (url: string, as: string) => t.call({ method: 'GET', url, token: as });
const reveal = (as: string, body: object) =>
  t.call({ method: 'POST', url: '/manager/pii/reveal', token: as, payload: body });
const auditOf = (action: string, adminId: number) =>
  t.db
    .select({ after: auditLog.after, entity: auditLog.entity, entityId: auditLog.entityId })
    .from(auditLog)
    .where(and(eq(auditLog.action, action), eq(auditLog.adminId, adminId)));

async function listed(as: string): Promise<{ w: Withdrawal; p: TonPayment }> {
  const ws = (await get('/manager/withdrawals?page=1&limit=100&search=piiplayer', as)).json().data
    .withdrawals;
  const ps = (await get(`/manager/transactions/ton-payments?search=${HASH}`, as)).json().data.payments;
  return {
    w: (ws as Withdrawal[]).find((x) => x.id === withdrawalId)!,
    p: (ps as TonPayment[]).find((x) => x.id === paymentId)!,
  };
}

describe('lists mask wallets and transaction ids', () => {
  for (const who of ['support', 'admin'] as const) {
    it(`for ${who}: first 4 and last 4 characters, never the whole value`, async () => {
      const { w, p } = await listed(token[who]);
      expect(w.wallet).toBe('UQCm…0042');
      expect(p.wallet).toBe('EQDp…0077');
      expect(p.transactionId).toBe('f00d…beef');
      expect(p.link).toBe('http…beef');
      const body = JSON.stringify(w) + JSON.stringify(p);
      for (const whole of [WALLET, PAY_WALLET, HASH]) expect(body).not.toContain(whole);
    });
  }
});

describe('POST /pii/reveal', () => {
  it('refuses support (403, pii.reveal): a refusal row, no reveal row, no value', async () => {
    const res = await reveal(token.support, { kind: 'withdrawal.wallet', id: withdrawalId });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({
      code: 403,
      message: ACCESS_DENIED_MESSAGE,
      data: { permission: 'pii.reveal' },
    });
    expect(res.body).not.toContain(WALLET);
    expect(await auditOf('pii.revealed', adminIds.support!)).toEqual([]);
    const refusals = await auditOf('auth.access.denied', adminIds.support!);
    expect(refusals.map((r) => r.after)).toContainEqual(
      expect.objectContaining({ permission: 'pii.reveal' }),
    );
  });

  it('shows an Owner the whole value, each reveal with one audit row naming kind and id', async () => {
    const before = (await auditOf('pii.revealed', adminIds.admin!)).length;
    const cases = [
      [{ kind: 'withdrawal.wallet', id: withdrawalId }, { value: WALLET, link: null }, 'withdrawal'],
      [{ kind: 'payment.wallet', id: paymentId }, { value: PAY_WALLET, link: null }, 'payment'],
      [{ kind: 'payment.transactionId', id: paymentId }, { value: HASH, link: LINK }, 'payment'],
    ] as const;
    for (const [body, data] of cases) {
      const res = await reveal(token.admin, body);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data).toEqual(data);
    }
    const rows = await auditOf('pii.revealed', adminIds.admin!);
    expect(rows).toHaveLength(before + cases.length);
    expect(rows.slice(before)).toEqual(
      cases.map(([body, , entity]) => ({ after: body, entity, entityId: String(body.id) })),
    );
    const trail = JSON.stringify(rows);
    for (const whole of [WALLET, PAY_WALLET, HASH]) expect(trail).not.toContain(whole);
  });

  it('answers 400 naming the field for a bad kind or id, 404 for a missing row; writes nothing', async () => {
    const before = (await auditOf('pii.revealed', adminIds.admin!)).length;
    const badKind = await reveal(token.admin, { kind: 'user.password', id: withdrawalId });
    expect(badKind.statusCode).toBe(400);
    expect(badKind.json().message).toMatch(/kind/);
    const badId = await reveal(token.admin, { kind: 'payment.wallet', id: 'x' });
    expect(badId.statusCode).toBe(400);
    expect(badId.json().message).toMatch(/id/);
    const missing = await reveal(token.admin, { kind: 'payment.wallet', id: 2_000_000_000 });
    expect(missing.statusCode).toBe(404);
    expect(await auditOf('pii.revealed', adminIds.admin!)).toHaveLength(before);
  });
});

describe('exports', () => {
  const csv = async (url: string, as: string) => {
    const res = await get(url, as);
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    return parse(res.body, { bom: true, columns: true }) as Array<Record<string, string>>;
  };
  const lastExport = async (adminId: number) => (await auditOf('list.export', adminId)).at(-1)?.after;

  it('masks wallets, transaction ids and links for finance, and says so in the audit row', async () => {
    const [w] = await csv('/manager/withdrawals/export?search=piiplayer', token.finance);
    expect(w).toMatchObject({ id: String(withdrawalId), wallet: 'UQCm…0042' });
    expect(await lastExport(adminIds.finance!)).toMatchObject({ list: 'withdrawals', unmasked: false });
    const [p] = await csv(`/manager/transactions/ton-payments/export?search=${HASH}`, token.finance);
    expect(p).toMatchObject({ transactionId: 'f00d…beef', wallet: 'EQDp…0077', link: 'http…beef' });
    expect(await lastExport(adminIds.finance!)).toMatchObject({ list: 'ton-payments', unmasked: false });
  });

  it('gives an Owner whole values, audited as unmasked', async () => {
    const [w] = await csv('/manager/withdrawals/export?search=piiplayer', token.admin);
    expect(w).toMatchObject({ wallet: WALLET });
    expect(await lastExport(adminIds.admin!)).toMatchObject({ list: 'withdrawals', unmasked: true });
    const [p] = await csv(`/manager/transactions/ton-payments/export?search=${HASH}`, token.admin);
    expect(p).toMatchObject({ transactionId: HASH, wallet: PAY_WALLET, link: LINK });
    expect(await lastExport(adminIds.admin!)).toMatchObject({ list: 'ton-payments', unmasked: true });
  });
});
