import { TOTP, Secret } from 'otpauth';
import { expect, type Page } from '@playwright/test';

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
    /**
     * Waits until the clock is past every step used: a code may be a step ahead, and the
     * next sign-in (another spec's `totpNow()`) would otherwise be refused as a replay.
     */
    async settle(): Promise<void> {
      while (Math.floor(Date.now() / 30_000) <= last) await new Promise((r) => setTimeout(r, 1000));
    },
  };
}

/** Six digits that no step near now gives for `secret`: a code that is wrong for sure. */
export function wrongCode(secret: string): string {
  const totp = new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30, algorithm: 'SHA1' });
  const near = [-2, -1, 0, 1, 2].map((d) => totp.generate({ timestamp: Date.now() + d * 30_000 }));
  return ['000000', '111111', '222222', '333333', '444444', '555555'].find((c) => !near.includes(c))!;
}

/** Signs out through the console's top bar. */
export async function logout(page: Page) {
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/login$/);
}
