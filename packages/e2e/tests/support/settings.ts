import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { TOTP, Secret } from 'otpauth';
import { expect, type Page } from '@playwright/test';
import { E2E } from '@manager/stack/ports';
import { ADMIN_2FA } from './env';

/**
 * TOTP codes for a secret, each for a later 30 s step than the last one used: the server
 * accepts a step once and one step of drift, so the next code may be the next step's, and
 * past that the helper waits for the clock. With `claims`, a folder shared by every worker of
 * the run, each step is claimed there first (a file created only if absent), so two workers
 * signing the same admin in on the run's shared API never send the same step.
 */
export function totpSequence(secret: string, claims?: string) {
  const totp = new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30, algorithm: 'SHA1' });
  if (claims) mkdirSync(claims, { recursive: true });
  let last = -Infinity;
  return {
    async next(): Promise<string> {
      const current = () => Math.floor(Date.now() / 30_000);
      let step = Math.max(current(), last + 1);
      for (;;) {
        while (step > current() + 1) {
          await new Promise((r) => setTimeout(r, 1000));
          step = Math.max(step, current());
        }
        if (!claims || claim(claims, step)) break;
        step += 1;
      }
      last = step;
      return totp.generate({ timestamp: step * 30_000 + 1000 });
    },
  };
}

/** Claims `step` in `folder` for this process: false when another one did first. */
function claim(folder: string, step: number): boolean {
  try {
    writeFileSync(join(folder, String(step)), String(process.pid), { flag: 'wx' });
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  }
}

/** `admin2fa`'s codes on the run's shared API, after every step an earlier spec used. */
export function admin2faCodes() {
  return totpSequence(ADMIN_2FA.secret, `.auth/totp-steps-${E2E.offset}/${ADMIN_2FA.username}`);
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
