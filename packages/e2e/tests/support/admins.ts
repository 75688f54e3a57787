import { expect, type APIRequestContext, type Page } from '@playwright/test';
import {
  adminRequestResponseSchema,
  adminRequestsResponseSchema,
  calls,
  enrolmentResponseSchema,
  enrolResponseSchema,
  inviteAdminResponseSchema,
  loginResponseSchema,
  verify2faResponseSchema,
} from '@manager/contract';
import { apiAs, type Api } from './api';
import { ADMIN_2FA, API, fillLogin } from './env';
import { admin2faCodes, totpSequence } from './settings';
import { stepUpApi } from './step-up';

/**
 * Administrators made by the specs themselves (docs/screens.md#administrators), so no spec
 * changes what the others expect of the demo admins: invited, approved by a second Owner,
 * enrolled with a password and an authenticator, all through the API as the console does.
 */

/** The API path of a call of the contract (`/manager` before what is not under /auth). */
export const apiPath = (path: string, id?: number | string) =>
  `/manager${id === undefined ? path : path.replace(/:[a-z]+/i, String(id))}`;

/** A username no earlier run used. */
export const newUsername = (prefix: string) => `${prefix}-${Date.now().toString(36)}`;

export const NEW_ADMIN_PASSWORD = 'correct-horse-battery-9';

type Codes = ReturnType<typeof totpSequence>;

/** Signs in with a password and, when asked, an authenticator code: a session of its own. */
export async function signInApi(
  request: APIRequestContext,
  who: { username: string; password: string },
  codes?: Codes,
  base = API,
): Promise<Api & { token: string }> {
  const anon = apiAs(request, null, base);
  const first = await anon.post(
    '/auth/login',
    { identifier: who.username, password: who.password },
    loginResponseSchema,
  );
  let token = first.tokens?.accessToken;
  if (!token) {
    expect(first.requires2FA, `${who.username} is asked for a second factor`).toBe(true);
    expect(codes, `codes for ${who.username}`).toBeDefined();
    const verified = await anon.post(
      '/auth/2fa/verify',
      { adminId: first.adminId, tempToken: first.tempToken, token: await codes!.next() },
      verify2faResponseSchema,
    );
    token = verified.tokens.accessToken;
  }
  return { ...apiAs(request, token, base), token };
}

/** `admin2fa` (the second Owner) signed in and stepped up: approving a request needs it. */
export async function secondOwnerApi(request: APIRequestContext, base = API) {
  const codes = admin2faCodes();
  const api = await signInApi(request, ADMIN_2FA, codes, base);
  await stepUpApi(api, { method: 'totp', token: await codes.next() });
  return api;
}

/** The pending request of `kind` about `username`, as `api` lists it. */
export async function pendingRequest(api: Api, username: string, kind = 'grant') {
  const { items } = await api.get(apiPath(calls.adminRequests.path), adminRequestsResponseSchema);
  const found = items.find((r) => r.status === 'pending' && r.kind === kind && r.admin.username === username);
  expect(found, `a pending ${kind} request for ${username}`).toBeDefined();
  return found!;
}

/** Opens the link as the new admin does (no session): their password and authenticator. */
export async function enrolByApi(request: APIRequestContext, link: string, base = API) {
  const token = link.split('/').pop()!;
  const anon = apiAs(request, null, base);
  const path = apiPath(calls.enrolment.path, token);
  const { secret, username } = await anon.get(path, enrolmentResponseSchema);
  const codes = totpSequence(secret);
  await anon.post(path, { password: NEW_ADMIN_PASSWORD, code: await codes.next() }, enrolResponseSchema);
  return { username, password: NEW_ADMIN_PASSWORD, secret, codes };
}

/**
 * A new administrator holding `roles`: invited by `inviter`, the grant approved by `approver`
 * (another Owner, stepped up), enrolled. Their codes continue after the enrolment's.
 */
export async function createAdmin(
  request: APIRequestContext,
  inviter: Api,
  approver: Api,
  prefix: string,
  roles: string[],
  base = API,
) {
  const invite = await inviter.post(
    apiPath(calls.inviteAdmin.path),
    { login: newUsername(prefix), roles },
    inviteAdminResponseSchema,
  );
  const request_ = await pendingRequest(approver, invite.admin.username);
  await approver.post(apiPath(calls.approveAdminRequest.path, request_.id), {}, adminRequestResponseSchema);
  return { id: invite.admin.id, ...(await enrolByApi(request, invite.link, base)) };
}

/** Signs a new admin in through the console's login page with a code of their authenticator. */
export async function signInWithCode(page: Page, who: { username: string; password: string }, code: string) {
  await page.goto('/login');
  await fillLogin(page, who.username, who.password);
  await page.getByLabel('Authentication code').fill(code);
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
}
