import { readFileSync } from 'node:fs';
import { TOTP, Secret } from 'otpauth';
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { profileResponseSchema, verify2faResponseSchema } from '@manager/contract';
import { E2E } from '../../stack/ports.mjs';
import { apiAs, login } from './api';
import { ADMIN } from './env';

/**
 * TOTP codes for a secret, each for a later 30 s step than the last one used: the server
 * accepts a step once and one step of drift, so the next code may be the next step's, and
 * past that the helper waits for the clock.
 */
export function totpSequence(secret: string) {
  const totp = new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30, algorithm: 'SHA1' });
  let last = -Infinity;
  return {
    async next(): Promise<string> {
      const current = () => Math.floor(Date.now() / 30_000);
      let step = Math.max(current(), last + 1);
      while (step > current() + 1) {
        await new Promise((r) => setTimeout(r, 1000));
        step = Math.max(current(), last + 1);
      }
      last = step;
      return totp.generate({ timestamp: step * 30_000 + 1000 });
    },
  };
}

/** The access token of the run's shared signed-in state (auth.setup.ts). */
export function sharedAccessToken(): string {
  const state = JSON.parse(readFileSync(`.auth/admin-${E2E.offset}.json`, 'utf8')) as {
    origins: { localStorage: { name: string; value: string }[] }[];
  };
  const item = state.origins.flatMap((o) => o.localStorage).find((i) => i.name === 'accessToken');
  if (!item) throw new Error('no accessToken in the shared storage state');
  return item.value;
}

/** The other tests sign in as `admin` with the shared state: it must keep working. */
export async function expectSharedSessionValid(request: APIRequestContext) {
  const { admin } = await apiAs(request, sharedAccessToken()).get('/auth/profile', profileResponseSchema);
  expect(admin.username).toBe(ADMIN.username);
}

/**
 * Leaves `admin` as the other tests expect it (no 2FA), whatever step a failed run stopped at:
 * signs in through the API with a second factor when needed, then disables 2FA.
 */
export async function ensureAdminWithout2fa(request: APIRequestContext, secret: string | null, codes: () => Promise<string>) {
  const first = await login(request);
  if (!first.requires2FA || !secret) return;
  const anonymous = apiAs(request);
  const { tokens } = await anonymous.post('/auth/2fa/verify', { adminId: first.adminId, tempToken: first.tempToken, token: await codes() }, verify2faResponseSchema);
  const off = await apiAs(request, tokens.accessToken).send('POST', '/auth/2fa/disable', { password: ADMIN.password, twoFactorCode: await codes() });
  expect(off.status()).toBe(200);
}

/** Signs out through the console's top bar. */
export async function logout(page: Page) {
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/login$/);
}
