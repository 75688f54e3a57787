import { expect, type Page } from '@playwright/test';
import { stepUpResponseSchema, type StepUpRequest } from '@manager/contract';
import { apiAs, type Api } from './api';
import { ADMIN } from './env';

/**
 * Step-up (a fresh second factor, or the password, within 5 minutes of the session) in the
 * tests. Specs share `admin`'s session, so whether a money action prompts "Confirm it's you"
 * would depend on what ran before: a spec whose subject is not the prompt steps up first
 * (`stepUpPage`, `stepUpApi`) and never sees it. `tests/step-up.spec.ts` tests the prompt in
 * sessions of its own.
 */

const ADMIN_PROOF: StepUpRequest = { method: 'password', password: ADMIN.password };

/** When each session (by its access token) last stepped up here. */
const steppedUp = new Map<string, number>();
// Well inside the API's 5 minutes: a long test cannot outlive it.
const REUSE_MS = 3 * 60_000;

/** POST /auth/step-up as `api`'s session (by default `admin`'s password). */
export async function stepUpApi(api: Api, proof: StepUpRequest = ADMIN_PROOF): Promise<void> {
  await api.post('/auth/step-up', proof, stepUpResponseSchema);
  if (api.token) steppedUp.set(api.token, Date.now());
}

/** Steps `api`'s session up unless this run did so in the last few minutes (money calls of the helpers). */
export async function ensureSteppedUp(api: Api): Promise<void> {
  const at = api.token ? steppedUp.get(api.token) : undefined;
  if (at === undefined || Date.now() - at > REUSE_MS) await stepUpApi(api);
}

/**
 * Steps up the session the page is signed in with (its stored access token), so the page's
 * next money actions within the window go through without a prompt. Call it once the page has
 * loaded a signed-in screen (a refresh on the way has stored the current token).
 */
export async function stepUpPage(page: Page, proof: StepUpRequest = ADMIN_PROOF): Promise<void> {
  const token = await page.evaluate(() => localStorage.getItem('accessToken'));
  expect(token, 'the page is signed in').toBeTruthy();
  await stepUpApi(apiAs(page.request, token), proof);
}

/** The open "Confirm it's you" dialog. */
export const confirmDialog = (page: Page) => page.getByRole('dialog', { name: "Confirm it's you" });

/** Answers the prompt as an admin does: the password, or an authenticator code; then Confirm. */
export async function confirmItsYou(
  page: Page,
  answer: { password: string } | { code: string },
): Promise<void> {
  const dialog = confirmDialog(page);
  await expect(dialog).toBeVisible();
  const field =
    'password' in answer
      ? dialog.getByLabel('Password', { exact: true })
      : dialog.getByLabel('Authentication code');
  await field.fill('password' in answer ? answer.password : answer.code);
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  await expect(dialog).toBeHidden();
}
