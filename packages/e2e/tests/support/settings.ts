import { readFileSync } from 'node:fs';
import { TOTP, Secret } from 'otpauth';
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { E2E } from '../../stack/ports.mjs';
import { ADMIN, API, API_KEY_HEADERS } from './env';

/** Smallest real images, so the browser can show the previews. */
export const PNG_1PX = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');
export const GIF_1PX = Buffer.from('R0lGODlhAQABAIAAAP///wAAACH5BAEAAAAALAAAAAABAAEAAAICRAEAOw==', 'base64');

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
  const res = await request.get(`${API}/auth/profile`, { headers: { ...API_KEY_HEADERS, authorization: `Bearer ${sharedAccessToken()}` } });
  expect(res.status()).toBe(200);
}

type LoginData = { requires2FA: boolean; adminId?: number; tempToken?: string; tokens?: { accessToken: string } };

/**
 * Leaves `admin` as the other tests expect it (no 2FA), whatever step a failed run stopped at:
 * signs in through the API with a second factor when needed, then disables 2FA.
 */
export async function ensureAdminWithout2fa(request: APIRequestContext, secret: string | null, codes: () => Promise<string>) {
  const post = (path: string, data: object, token?: string) =>
    request.post(`${API}${path}`, { headers: { ...API_KEY_HEADERS, ...(token ? { authorization: `Bearer ${token}` } : {}) }, data });
  const login = (await (await post('/auth/login', { identifier: ADMIN.username, password: ADMIN.password })).json()).data as LoginData;
  if (!login.requires2FA || !secret) return;
  const verify = await post('/auth/2fa/verify', { adminId: login.adminId, tempToken: login.tempToken, token: await codes() });
  const token = (await verify.json()).data.tokens.accessToken as string;
  const off = await post('/auth/2fa/disable', { password: ADMIN.password, twoFactorCode: await codes() }, token);
  expect(off.status()).toBe(200);
}

/** Signs out through the console's top bar. */
export async function logout(page: Page) {
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/login$/);
}
