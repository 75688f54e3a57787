import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { envelope, FIRST_APPROVAL_MESSAGE, withdrawalsResponseSchema } from '@manager/contract';
import { withdrawals } from '../../src/db/schema/index';
import { DUAL_APPROVAL_WINDOW_MS } from '../../src/withdrawals/repository';
import { buildTestApp, type TestApp, whole } from '../support/helper';
import { giftWithdrawal, moreTonWithdrawal, tonWithdrawal, twoAdmins } from '../support/withdrawals-fixtures';

/**
 * A sum split into small TON withdrawals still needs two administrators (docs/decisions/
 * 0008-dual-approval.md): a TON withdrawal's amount counts together with what its player
 * withdrew in the last 24 hours (TON withdrawals approved then, or approved once then and
 * awaiting the second approval). DUAL_APPROVAL_MIN_TON is 10 here.
 */
let t: TestApp;
let first: string;
let second: string;
beforeAll(async () => {
  t = await buildTestApp();
  [first, second] = await twoAdmins(t);
});
afterAll(() => t?.close());

const approve = (id: number, token = first) =>
  t.call({ method: 'POST', url: '/manager/withdrawals/without-transfer', payload: { id }, token });
const rowOf = async (id: number) => (await t.db.select().from(withdrawals).where(eq(withdrawals.id, id)))[0]!;
const executed = (res: { json(): { message: string; data: { status: boolean } } }) => {
  expect(res.json()).toMatchObject({
    message: 'Withdrawal without transfer processed successfully',
    data: { status: true },
  });
};
const heldForSecond = (res: { json(): { message: string; data: { status: boolean } } }) => {
  expect(res.json()).toMatchObject({
    message: FIRST_APPROVAL_MESSAGE,
    data: { status: false, needsTwoApprovals: true },
  });
};
const listed = async (id: number) => {
  const res = await t.call({ method: 'GET', url: '/manager/withdrawals', token: first });
  return whole(envelope(withdrawalsResponseSchema).parse(res.json()).data).find((w) => w.id === id)!;
};
/** An earlier TON withdrawal of the player, decided (or first-approved) `agoMs` before the app clock. */
async function earlier(
  telegramId: number,
  amount: string,
  agoMs: number,
  state: 'approved' | 'first-approved' | 'rejected',
) {
  const at = new Date(t.clock.now().getTime() - agoMs);
  const w = await moreTonWithdrawal(t, telegramId, amount);
  const values =
    state === 'first-approved'
      ? { firstApprovedBy: 1, firstApproval: 'without-transfer' as const, firstApprovedAt: at }
      : {
          status: state === 'approved',
          decision: state === 'approved' ? ('without-transfer' as const) : ('rejected' as const),
          decidedAt: at,
          decidedBy: 1,
        };
  await t.db.update(withdrawals).set(values).where(eq(withdrawals.id, w.id));
}

describe('what one player withdrew in the last 24 hours counts toward the threshold', () => {
  it('two withdrawals of 6 TON from one player: the first is approved by one admin, the second needs two', async () => {
    const { telegramId, withdrawal: one } = await tonWithdrawal(t, '0', '6');
    const two = await moreTonWithdrawal(t, telegramId, '6');
    expect(await listed(two.id)).toMatchObject({ needsTwoApprovals: false });
    executed(await approve(one.id));
    // The list says so as soon as the first one is approved.
    expect(await listed(two.id)).toMatchObject({ needsTwoApprovals: true });
    heldForSecond(await approve(two.id));
    expect(await rowOf(two.id)).toMatchObject({
      decision: null,
      status: false,
      firstApproval: 'without-transfer',
    });
    executed(await approve(two.id, second));
  });

  it('a withdrawal approved once and awaiting the second counts too; so does the sum of several', async () => {
    const { telegramId, withdrawal: large } = await tonWithdrawal(t, '0', '12');
    heldForSecond(await approve(large.id));
    const small = await moreTonWithdrawal(t, telegramId, '0.5');
    heldForSecond(await approve(small.id));

    const { telegramId: other } = await tonWithdrawal(t, '0', '1');
    await earlier(other, '3', 60_000, 'approved');
    await earlier(other, '3', 120_000, 'approved');
    const third = await moreTonWithdrawal(t, other, '3.999999999');
    executed(await approve(third.id));
    const fourth = await moreTonWithdrawal(t, other, '0.000000001');
    // 3 + 3 + 3.999999999 approved, plus this one: exactly 10.
    heldForSecond(await approve(fourth.id));
  });

  it("another player's withdrawals do not count", async () => {
    const { withdrawal: theirs } = await tonWithdrawal(t, '0', '9');
    executed(await approve(theirs.id));
    const { withdrawal: mine } = await tonWithdrawal(t, '0', '6');
    executed(await approve(mine.id));
  });

  it('older than 24 hours, rejected or never approved do not count; at 24 hours less a millisecond it does', async () => {
    const { telegramId, withdrawal } = await tonWithdrawal(t, '0', '6');
    await earlier(telegramId, '6', DUAL_APPROVAL_WINDOW_MS, 'approved');
    await earlier(telegramId, '6', DUAL_APPROVAL_WINDOW_MS + 3_600_000, 'first-approved');
    await earlier(telegramId, '6', 60_000, 'rejected');
    await moreTonWithdrawal(t, telegramId, '6'); // pending, nobody approved it
    expect(await listed(withdrawal.id)).toMatchObject({ needsTwoApprovals: false });
    executed(await approve(withdrawal.id));

    const { telegramId: recent, withdrawal: next } = await tonWithdrawal(t, '0', '6');
    await earlier(recent, '6', DUAL_APPROVAL_WINDOW_MS - 1, 'approved');
    heldForSecond(await approve(next.id));
  });

  it('gift withdrawals keep their own price: a 6 TON gift after 6 TON withdrawn is one approval, and it adds nothing to TON ones', async () => {
    const { telegramId, withdrawal: gift } = await giftWithdrawal(t, '6');
    await earlier(telegramId, '6', 60_000, 'approved');
    const res = await t.call({
      method: 'POST',
      url: '/manager/withdrawals/with-transfer',
      payload: { id: gift.id },
      token: first,
    });
    expect(res.json()).toMatchObject({
      message: 'Withdrawal with transfer processed successfully',
      data: { status: true },
    });
    const ton = await moreTonWithdrawal(t, telegramId, '3.5');
    // 6 TON approved a minute ago + 3.5: below 10 (the gift is not counted).
    executed(await approve(ton.id));
  });
});
