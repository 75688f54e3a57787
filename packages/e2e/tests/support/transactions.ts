import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { API, API_KEY_HEADERS, apiGet, apiLogin } from './env';

export interface ApiWithdrawal {
  id: number;
  user: { username: string | null } | null;
  currency: string;
  price: number;
  inventory: { name: string } | null;
  inventoryId: string | null;
  status: boolean;
}

export async function apiToken(request: APIRequestContext): Promise<string> {
  return (await apiLogin(request)).tokens.accessToken;
}

export const listWithdrawals = (request: APIRequestContext, token: string) =>
  apiGet<ApiWithdrawal[]>(request, '/manager/withdrawals', token);

/**
 * Pending gift withdrawals with a username, oldest first: the newest rows are the ones a
 * person sees first, so tests take from the other end, each a different row (index).
 */
export async function pendingGift(request: APIRequestContext, token: string, index: number): Promise<ApiWithdrawal> {
  const pending = (await listWithdrawals(request, token))
    .filter((w) => !w.status && w.currency !== 'TON' && w.user?.username && w.inventory)
    .reverse();
  expect(pending.length, 'seeded pending gift withdrawals').toBeGreaterThan(index);
  return pending[index]!;
}

export async function pendingTon(request: APIRequestContext, token: string, index: number): Promise<ApiWithdrawal> {
  const pending = (await listWithdrawals(request, token))
    .filter((w) => !w.status && w.currency === 'TON' && w.user?.username)
    .reverse();
  expect(pending.length, 'seeded pending TON withdrawals').toBeGreaterThan(index);
  return pending[index]!;
}

/** A decision taken through the API, as another admin would (the UI does not know). */
export async function decideByApi(request: APIRequestContext, token: string, action: string, w: ApiWithdrawal) {
  return request.post(`${API}/manager/withdrawals/${action}`, {
    headers: { ...API_KEY_HEADERS, authorization: `Bearer ${token}` },
    data: w,
  });
}

/** Opens the withdrawals screen narrowed to one user's rows. */
export async function openWithdrawalsOf(page: Page, username: string) {
  await page.goto('/transactions/withdrawals');
  await expect(page.getByRole('heading', { level: 1, name: 'Withdrawals' })).toBeVisible();
  await page.getByLabel('Search by username').fill(username);
}

export interface PaymentStats {
  completedAmount: number;
  completedFee: number;
  completedCount: number;
  pendingCount: number;
}
export interface PaymentsPage {
  payments: Array<{ id: number; transactionId?: string | null; amount: number; user: { username?: string | null } | null }>;
  pagination: { totalPages: number; totalPayments: number };
  stats: PaymentStats;
}

export const fixed = (n: number, digits: number) => (Math.round(Number(`${n}e${digits}`)) / 10 ** digits).toFixed(digits);
export const rate = (s: PaymentStats) => {
  const total = s.completedCount + s.pendingCount;
  return total === 0 ? '0.0' : (Math.round((s.completedCount / total) * 1000) / 10).toFixed(1);
};
