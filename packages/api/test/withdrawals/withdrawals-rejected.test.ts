import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  envelope,
  userDetailResponseSchema,
  withdrawalsPageSchema,
  withdrawalsResponseSchema,
} from '@manager/contract';
import { buildTestApp, type TestApp, whole } from '../support/helper';
import { giftWithdrawal, tonWithdrawal, twoAdmins } from '../support/withdrawals-fixtures';

/** Rejected withdrawals: their own filter, their counter, who rejected them and when, the player's tab. */
let t: TestApp;
let admins: [string, string];

beforeAll(async () => {
  t = await buildTestApp();
  admins = await twoAdmins(t);
});
afterAll(async () => {
  await t?.close();
});

const get = (url: string) => t.call({ method: 'GET', url, token: admins[0] });
const page = async (query: string) => {
  const res = await get(`/manager/withdrawals?${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return envelope(withdrawalsPageSchema).parse(res.json()).data;
};
const reject = async (id: number, as: number) =>
  expect(
    (
      await t.call({
        method: 'POST',
        url: '/manager/withdrawals/reject',
        payload: { id },
        token: admins[as],
      })
    ).statusCode,
  ).toBe(200);

describe('rejected withdrawals', () => {
  it('are listed by the Rejected filter only, with who rejected them and when, and counted', async () => {
    const before = (await page('page=1')).counts;
    const ton = await tonWithdrawal(t, '0', '1.5');
    const { withdrawal: gift } = await giftWithdrawal(t);
    const kept = await tonWithdrawal(t, '0', '2');
    await t.clock.advance(60_000);
    await reject(ton.withdrawal.id, 1);
    await reject(gift.id, 0);

    const rejected = await page(`page=1&status=rejected&search=payee${ton.telegramId}`);
    expect(rejected.pagination.totalWithdrawals).toBe(1);
    const [row] = rejected.withdrawals;
    expect(row).toMatchObject({
      id: ton.withdrawal.id,
      status: false,
      rejected: true,
      rejection: { adminUsername: t.demo.twoFactorAdmin.username, at: t.clock.now().toISOString() },
    });

    const all = await page('page=1&limit=100');
    expect(all.counts).toMatchObject({
      rejected: before.rejected + 2,
      total: before.total + 1,
      pending: before.pending + 1,
    });
    const everyRejected = await page('page=1&limit=100&status=rejected');
    expect(everyRejected.pagination.totalWithdrawals).toBe(all.counts.rejected);
    expect(everyRejected.withdrawals.every((w) => w.rejected && w.rejection)).toBe(true);
    expect(everyRejected.withdrawals.map((w) => w.id)).toEqual(
      expect.arrayContaining([ton.withdrawal.id, gift.id]),
    );
    // No other filter lists them; an undecided row has no rejection.
    for (const status of ['', 'pending', 'approved']) {
      const ids = (await page(`page=1&limit=100&status=${status}`)).withdrawals.map((w) => w.id);
      expect(ids).not.toContain(ton.withdrawal.id);
    }
    const open = (await page(`page=1&search=payee${kept.telegramId}`)).withdrawals[0];
    expect(open).toMatchObject({ id: kept.withdrawal.id, rejected: false, rejection: null, approval: null });
    expect(row!.approval).toBeNull();

    // The whole list (no page) filters the same way.
    const res = await get(`/manager/withdrawals?status=rejected&search=payee${ton.telegramId}`);
    const list = whole(envelope(withdrawalsResponseSchema).parse(res.json()).data);
    expect(list.map((w) => w.id)).toEqual([ton.withdrawal.id]);
  });

  it('an approved withdrawal names who approved it, how and when', async () => {
    const ton = await tonWithdrawal(t, '0', '1.25');
    await t.clock.advance(60_000);
    const res = await t.call({
      method: 'POST',
      url: '/manager/withdrawals/without-transfer',
      payload: { id: ton.withdrawal.id },
      token: admins[1],
    });
    expect(res.statusCode, res.body).toBe(200);
    const [row] = (await page(`page=1&status=approved&search=payee${ton.telegramId}`)).withdrawals;
    expect(row).toMatchObject({
      id: ton.withdrawal.id,
      status: true,
      rejection: null,
      approval: {
        adminUsername: t.demo.twoFactorAdmin.username,
        action: 'without-transfer',
        at: t.clock.now().toISOString(),
      },
    });
  });

  it('an unknown status is refused with 400 naming the field', async () => {
    const res = await get('/manager/withdrawals?page=1&status=refused');
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/status/);
  });

  it("shows as rejected in the player's recent withdrawals", async () => {
    const { telegramId, withdrawal } = await tonWithdrawal(t, '0', '3');
    await reject(withdrawal.id, 0);
    const res = await get(`/manager/users/${telegramId}`);
    expect(res.statusCode, res.body).toBe(200);
    const detail = envelope(userDetailResponseSchema).parse(res.json()).data;
    expect(detail.recentWithdrawals).toEqual([expect.objectContaining({ status: false, rejected: true })]);
  });
});
