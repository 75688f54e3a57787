import { expect, type Page } from '@playwright/test';
import {
  withdrawalsResponseSchema,
  type PaymentStats,
  type Withdrawal,
  type WithdrawalAction,
} from '@manager/contract';
import type { Api } from './api';
import { ensureSteppedUp, stepUpPage } from './step-up';

/** Helpers for the withdrawals, deposits and inventory specs (remote mf-transactions). */

/** Every withdrawal: the call without `page` answers the whole list (docs/api.md#lists). */
export async function listWithdrawals(api: Api): Promise<Withdrawal[]> {
  const data = await api.get('/manager/withdrawals', withdrawalsResponseSchema);
  if (!Array.isArray(data)) throw new Error('GET /withdrawals without page answered a page');
  return data;
}

/**
 * Pending withdrawals with a username and no approval yet, oldest first: the newest rows are
 * the ones a person sees first, so tests take from the other end, each test a different row
 * (`index`; a negative one counts from the newest end, for a spec of another area, which may
 * run meanwhile). `small` rows (below DUAL_APPROVAL_MIN_TON) are decided by one admin; `large`
 * ones need two (withdrawals-dual-approval.spec.ts), so the two specs never share a row.
 */
async function pending(
  api: Api,
  index: number,
  kind: 'gift' | 'TON',
  size: 'small' | 'large',
): Promise<Withdrawal> {
  const rows = (await listWithdrawals(api))
    .filter(
      (w) =>
        !w.status &&
        !w.rejected &&
        !w.firstApproval &&
        w.user?.username &&
        (kind === 'TON' ? w.currency === 'TON' : w.currency !== 'TON' && w.inventory),
    )
    .filter((w) => Boolean(w.needsTwoApprovals) === (size === 'large'))
    .reverse();
  expect(rows.length, `seeded pending ${size} ${kind} withdrawals`).toBeGreaterThan(
    index < 0 ? -index - 1 : index,
  );
  return rows.at(index)!;
}
export const pendingGift = (api: Api, index: number, size: 'small' | 'large' = 'small') =>
  pending(api, index, 'gift', size);
export const pendingTon = (api: Api, index: number, size: 'small' | 'large' = 'small') =>
  pending(api, index, 'TON', size);

/**
 * A decision taken through the API, as another admin would (the page does not know); a money
 * call, so `api`'s session steps up first.
 */
export async function decideByApi(api: Api, action: WithdrawalAction, w: Withdrawal) {
  await ensureSteppedUp(api);
  return api.send('POST', `/manager/withdrawals/${action}`, w);
}

/**
 * Opens the withdrawals screen (the All filter, so a row decided here stays in view) narrowed
 * to one user's rows. `stepUp` (default): the page's
 * session steps up first, so its decisions meet no "Confirm it's you" that would depend on
 * what ran before; a test of the prompt passes false.
 */
export async function openWithdrawalsOf(page: Page, username: string, { stepUp = true } = {}) {
  await page.goto('/transactions/withdrawals?status=all');
  await expect(page.getByRole('heading', { level: 1, name: 'Withdrawals' })).toBeVisible();
  if (stepUp) await stepUpPage(page);
  await page.getByLabel('Search by username').fill(username);
}

/** `n` with `digits` decimals, rounded half up as the page shows money. */
export const fixed = (n: number, digits: number) =>
  (Math.round(Number(`${n}e${digits}`)) / 10 ** digits).toFixed(digits);

/** Success rate as the cards show it: completed of all, one decimal. */
export const rate = (s: PaymentStats) => {
  const total = s.completedCount + s.pendingCount;
  return total === 0 ? '0.0' : (Math.round((s.completedCount / total) * 1000) / 10).toFixed(1);
};
