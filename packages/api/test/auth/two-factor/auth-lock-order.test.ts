import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storeBackupCodes } from '../../../src/auth/backup-code-repository';
import { totpAt } from '../../../src/auth/totp';
import { admins } from '../../../src/db/schema/auth';
import { buildTestApp, twoFactorPasswordStep, type TestApp } from '../../support/helper';

/*
 * Requests of one admin from one address that write the same rows (the challenge, the admin,
 * the pair's counter, the backup codes) in the same moment. On PostgreSQL they really run
 * side by side; a deadlock between two of them would answer 500.
 */
const ROUNDS = 20;
/** Each round hashes with argon2 several times: 20 rounds take ~10 s alone, more beside another test file. */
const RACE_TIMEOUT_MS = 90_000;

let t: TestApp;
beforeAll(async () => {
  // Limits high enough that the wrong passwords here never lock the account or the address.
  t = await buildTestApp({
    LOGIN_MAX_PER_IP: '100000',
    LOGIN_MAX_PER_ACCOUNT_IP: '100000',
    LOGIN_MAX_PER_ACCOUNT: '100000',
    RATE_LIMIT_AUTH_MAX: '100000',
  });
});
afterAll(() => t.close());

const login = (password: string) =>
  t.call({
    method: 'POST',
    url: '/auth/login',
    payload: { identifier: t.demo.twoFactorAdmin.username, password },
  });
const verify = (payload: object) => t.call({ method: 'POST', url: '/auth/2fa/verify', payload });
const codeNow = (offsetSeconds = 0) =>
  totpAt(t.demo.twoFactorAdmin.secret, t.clock.now().getTime() / 1000 + offsetSeconds);
const statuses = (responses: { statusCode: number }[]) => responses.map((r) => r.statusCode);

/** admin2fa with two-factor on (a test here may have turned it off) and these backup codes. */
async function twoFactorOn(codes: string[]): Promise<void> {
  const [row] = await t.db
    .update(admins)
    .set({ twoFactorEnabled: true, totpSecret: t.demo.twoFactorAdmin.secret, totpLastStep: null })
    .where(eq(admins.username, t.demo.twoFactorAdmin.username))
    .returning({ id: admins.id });
  await storeBackupCodes(t.db, row!.id, codes, false);
}

describe('two-factor sign-in racing other requests of the same admin', { timeout: RACE_TIMEOUT_MS }, () => {
  it('a verify racing sign-ins with a wrong and a right password never answers 500', async () => {
    for (let round = 0; round < ROUNDS; round++) {
      t.clock.advance(30_000); // a new TOTP step: each round's code is unused
      const step = await twoFactorPasswordStep(t);
      const [verified, ...logins] = await Promise.all([
        verify({ ...step, token: codeNow() }),
        ...Array.from({ length: 4 }, () => login('wrong-password')),
        ...Array.from({ length: 2 }, () => login(t.demo.twoFactorAdmin.password)),
      ]);
      expect(statuses([verified!, ...logins]), `round ${round}`).not.toContain(500);
      expect(verified!.statusCode).toBe(200);
      expect(statuses(logins).sort()).toEqual([200, 200, 401, 401, 401, 401]);
    }
  });

  it('a verify racing a disable of two-factor never answers 500', async () => {
    const { adminId } = await twoFactorPasswordStep(t);
    t.clock.advance(30_000);
    const signedIn = await verify({ ...(await twoFactorPasswordStep(t)), token: codeNow() });
    const accessToken = signedIn.json().data.tokens.accessToken as string;
    for (let round = 0; round < ROUNDS; round++) {
      // The disable uses the next step's code (allowed drift) and the verify the current one,
      // so the verify's code passes only when it is used first.
      await t.db
        .update(admins)
        .set({ twoFactorEnabled: true, totpSecret: t.demo.twoFactorAdmin.secret, totpLastStep: null })
        .where(eq(admins.id, adminId));
      t.clock.advance(30_000);
      const step = await twoFactorPasswordStep(t);
      const [verified, disabled] = await Promise.all([
        verify({ ...step, token: codeNow() }),
        t.call({
          method: 'POST',
          url: '/auth/2fa/disable',
          token: accessToken,
          payload: { password: t.demo.twoFactorAdmin.password, twoFactorCode: codeNow(30) },
        }),
      ]);
      expect(statuses([verified!, disabled!]), `round ${round}`).not.toContain(500);
      expect(disabled!.statusCode, `round ${round}: ${disabled!.body}`).toBe(200);
      // The disable's code or its void of the sign-in halfway through refuses the verify, unless the verify came first.
      expect([200, 401]).toContain(verified!.statusCode);
    }
  });

  it('a verify with a backup code racing new backup codes never answers 500', async () => {
    let codes = t.demo.twoFactorAdmin.backupCodes;
    await twoFactorOn(codes);
    t.clock.advance(30_000);
    const signedIn = await verify({ ...(await twoFactorPasswordStep(t)), token: codeNow() });
    const accessToken = signedIn.json().data.tokens.accessToken as string;
    for (let round = 0; round < ROUNDS; round++) {
      t.clock.advance(30_000);
      const step = await twoFactorPasswordStep(t);
      const [verified, renewed] = await Promise.all([
        verify({ ...step, token: codes[0] }),
        t.call({
          method: 'POST',
          url: '/auth/2fa/backup-codes',
          token: accessToken,
          payload: { password: t.demo.twoFactorAdmin.password, twoFactorCode: codeNow() },
        }),
      ]);
      expect(statuses([verified!, renewed!]), `round ${round}`).not.toContain(500);
      expect(renewed!.statusCode, `round ${round}: ${renewed!.body}`).toBe(200);
      // The new codes replace the verify's code and void its sign-in, unless the verify came first.
      expect([200, 401]).toContain(verified!.statusCode);
      codes = renewed!.json().data.backupCodes as string[];
    }
  });
});
