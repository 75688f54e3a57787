import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { API, API_KEY_HEADERS, apiGet, apiLogin } from './env';

/** Helpers for the users, user statistics and game history specs (remote mf-users). */
export type ApiUser = {
  telegramId: number;
  username: string | null;
  firstName: string | null;
  isPremium: boolean;
  lastActive: string | null;
  tonBalance: number;
  starsBalance: number;
  redChipBalance: number;
  playBalance: number;
  refNormal: number;
  refPremium: number;
};
export type UsersPage = { users: ApiUser[]; pagination: { totalUsers: number; totalPages: number } };
export type Board = { totalParticipants: number; top100: { username: string | null; rank: number }[] };

export async function apiToken(request: APIRequestContext): Promise<string> {
  return (await apiLogin(request)).tokens.accessToken;
}

export const apiUsers = (request: APIRequestContext, token: string, query = '') =>
  apiGet<UsersPage>(request, `/manager/users?${query}`, token);

export async function apiLeaderboard(request: APIRequestContext, token: string, body: object): Promise<Board> {
  const res = await request.post(`${API}/manager/leaderboard`, {
    headers: { ...API_KEY_HEADERS, authorization: `Bearer ${token}` },
    data: body,
  });
  expect(res.status()).toBe(200);
  return (await res.json()).data as Board;
}

/** Desktop user rows: each is labelled "Open <name>" because a click opens the detail page. */
export const userRows = (page: Page) => page.getByRole('row', { name: /^Open / });

/** Picks an option of an antd Select named by its aria-label. */
export async function choose(page: Page, select: string, option: string) {
  const dropdown = page.locator('.ant-select-dropdown:visible');
  // A click during antd's open/close animation can be lost on a loaded machine (seen in CI):
  // open-pick-closed is retried as one step until the pick sticks (as in support/commerce.ts).
  await expect(async () => {
    if ((await dropdown.count()) === 0) await page.getByRole('combobox', { name: select }).click();
    await dropdown.getByTitle(option, { exact: true }).click({ timeout: 3000 });
    await expect(dropdown).toHaveCount(0, { timeout: 3000 });
  }).toPass({ timeout: 30_000 });
}
