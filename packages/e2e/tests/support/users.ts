import type { APIRequestContext, Page } from '@playwright/test';
import {
  leaderboardResponseSchema,
  updateBalancesResponseSchema,
  userDetailResponseSchema,
  usersResponseSchema,
  type BalanceValues,
  type LeaderboardRequest,
} from '@manager/contract';
import { adminApi, apiAs, type Api } from './api';
import { ensureSteppedUp } from './step-up';

/** Helpers for the users, user statistics and game history specs (remote mf-users). */

/** A page of GET /manager/users (`query` such as `page=3` or `search=mar`). */
export const usersPage = (api: Api, query = '') => api.get(`/manager/users?${query}`, usersResponseSchema);

export const leaderboard = (api: Api, body: LeaderboardRequest) =>
  api.post('/manager/leaderboard', body, leaderboardResponseSchema);

/** The six figures of the balances form, as the API sends them. */
export const balanceFigures = ({
  tonBalance,
  starsBalance,
  redChipBalance,
  playBalance,
  refNormal,
  refPremium,
}: BalanceValues): BalanceValues => ({
  tonBalance,
  starsBalance,
  redChipBalance,
  playBalance,
  refNormal,
  refPremium,
});

/** The reason the helpers give for the balance edits they make. */
export const TEST_REASON = 'End-to-end test';

/**
 * Sets a player's balances through the API (a money call: `api`'s session steps up first);
 * `expected` defaults to what is stored now. Resolves the stored figures.
 */
export async function putBalances(
  api: Api,
  telegramId: number,
  figures: BalanceValues,
  expected?: BalanceValues,
): Promise<BalanceValues> {
  await ensureSteppedUp(api);
  const seen =
    expected ?? balanceFigures(await api.get(`/manager/users/${telegramId}`, userDetailResponseSchema));
  const body = { ...figures, expected: seen, reason: TEST_REASON };
  return balanceFigures(
    await api.put(`/manager/users/${telegramId}/balances`, body, updateBalancesResponseSchema),
  );
}

/** Puts a player's balances back to `figures` (a save that expects what is stored now); resolves the stored figures. */
export const restoreBalances = (
  api: Api,
  telegramId: number,
  figures: BalanceValues,
): Promise<BalanceValues> => putBalances(api, telegramId, figures);

/** The same two calls for a spec that keeps a bare token. */
export const apiToken = async (request: APIRequestContext) => (await adminApi(request)).token;
export const apiUsers = (request: APIRequestContext, token: string, query = '') =>
  usersPage(apiAs(request, token), query);

/** Desktop user rows: each is labelled "Open <name>" because a click opens the detail page. */
export const userRows = (page: Page) => page.getByRole('row', { name: /^Open / });
