import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { TOTP, Secret } from 'otpauth';
import { expect, type Page } from '@playwright/test';
import { E2E } from '@manager/stack/ports';
import { ADMIN_2FA } from './env';

/**
 * TOTP codes for a secret, each for a later 30 s step than the last one used: the server
 * accepts a step once and one step of drift, so the next code may be the next step's, and
 * past that the helper waits for the clock. With `ledger`, a file, the last step handed out
 * is kept there too, so the next spec to sign the same admin in on the run's shared API starts
 * after it instead of waiting for the clock to pass it (one Playwright worker: no two specs
 * read and write it at once).
 */
export function totpSequence(secret: string, ledger?: string) {
  const totp = new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30, algorithm: 'SHA1' });
  let last = ledger ? lastStep(ledger) : -Infinity;
  return {
    async next(): Promise<string> {
      const current = () => Math.floor(Date.now() / 30_000);
      let step = Math.max(current(), last + 1);
      while (step > current() + 1) {
        await new Promise((r) => setTimeout(r, 1000));
        step = Math.max(current(), last + 1);
      }
      last = step;
      if (ledger) {
        mkdirSync(dirname(ledger), { recursive: true });
        writeFileSync(ledger, JSON.stringify({ step }));
      }
      return totp.generate({ timestamp: step * 30_000 + 1000 });
    },
  };
}

function lastStep(ledger: string): number {
  try {
    return (JSON.parse(readFileSync(ledger, 'utf8')) as { step: number }).step;
  } catch {
    return -Infinity;
  }
}

/** `admin2fa`'s codes on the run's shared API, after every step an earlier spec used. */
export function admin2faCodes() {
  return totpSequence(ADMIN_2FA.secret, `.auth/admin2fa-totp-${E2E.offset}.json`);
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
