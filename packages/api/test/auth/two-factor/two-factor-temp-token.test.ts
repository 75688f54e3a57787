import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { totpAt } from '../../../src/auth/totp';
import { refreshTokens } from '../../../src/db/schema/auth';
import { buildTestApp, DEMO_BACKUP_CODES, twoFactorPasswordStep, type TestApp } from '../../support/helper';

// The temp token of sign-in (between the password and the second factor) opens one session.
// Runs on PGlite and, with TEST_DATABASE_URL, on PostgreSQL, where the racing requests below
// really run at once on separate connections.
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const passwordStep = () => twoFactorPasswordStep(t);
const verify = (challenge: { adminId: number; tempToken: string }, token: string) =>
  t.call({ method: 'POST', url: '/auth/2fa/verify', payload: { ...challenge, token } });
const codeNow = () => totpAt(t.demo.twoFactorAdmin.secret, t.clock.now().getTime() / 1000);
/** Live sessions (refresh-token families) of an admin. */
async function sessions(adminId: number): Promise<number> {
  const rows = await t.db
    .selectDistinct({ family: refreshTokens.familyId })
    .from(refreshTokens)
    .where(and(eq(refreshTokens.adminId, adminId), isNull(refreshTokens.revokedAt)));
  return rows.length;
}

describe('the sign-in temp token', () => {
  it('opens one session: a second verify with it fails even with another valid code', async () => {
    const challenge = await passwordStep();
    expect((await verify(challenge, codeNow())).statusCode).toBe(200);
    const again = await verify(challenge, DEMO_BACKUP_CODES[0]!);
    expect(again.json()).toEqual({ code: 401, message: 'Invalid verification code' });
    // The backup code was not used up by the refused attempt.
    expect((await verify(await passwordStep(), DEMO_BACKUP_CODES[0]!)).statusCode).toBe(200);
  });

  it('stays usable after a wrong code, until it opens its session', async () => {
    t.clock.advance(30_000);
    const challenge = await passwordStep();
    expect((await verify(challenge, '000000' === codeNow() ? '111111' : '000000')).statusCode).toBe(401);
    expect((await verify(challenge, codeNow())).statusCode).toBe(200);
    expect((await verify(challenge, DEMO_BACKUP_CODES[1]!)).statusCode).toBe(401);
  });

  it('opens at most one session when verifies with it race, each with a different valid code', async () => {
    t.clock.advance(30_000);
    const challenge = await passwordStep();
    const before = await sessions(challenge.adminId);
    const codes = [codeNow(), ...DEMO_BACKUP_CODES.slice(2, 7)];
    const results = await Promise.all(codes.map((code) => verify(challenge, code)));
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 401, 401, 401, 401, 401]);
    expect(await sessions(challenge.adminId)).toBe(before + 1);
    // The losers' backup codes were not used up: each still opens a session of its own.
    const winner = codes[results.findIndex((r) => r.statusCode === 200)];
    const unused = codes.slice(1).filter((c) => c !== winner);
    for (const code of unused.slice(0, 2))
      expect((await verify(await passwordStep(), code)).statusCode).toBe(200);
  });
});
