import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSession } from '../../../src/auth/session-repository';
import { totpAt } from '../../../src/auth/totp';
import { refreshTokens } from '../../../src/db/schema/auth';
import { buildTestApp, type TestApp } from '../../support/helper';

// REQUIRE_2FA (on by default in production): a password alone never opens a session for an
// admin without two-factor; the sign-in enrols an authenticator first.
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ REQUIRE_2FA: 'true' });
});
afterAll(() => t.close());

type Challenge = { adminId: number; tempToken: string };
const PASSWORD = 'admin12345';
const login = async (identifier = 'admin') =>
  (await t.call({ method: 'POST', url: '/auth/login', payload: { identifier, password: PASSWORD } })).json();
const setup = (c: Challenge) => t.call({ method: 'POST', url: '/auth/2fa/enrol/setup', payload: c });
const enrol = (c: Challenge, secret: string, token: string) =>
  t.call({ method: 'POST', url: '/auth/2fa/enrol', payload: { ...c, secret, token } });
const code = (secret: string) => totpAt(secret, t.clock.now().getTime() / 1000);
const liveSessions = async (adminId: number) =>
  (
    await t.db
      .selectDistinct({ f: refreshTokens.familyId })
      .from(refreshTokens)
      .where(and(eq(refreshTokens.adminId, adminId), isNull(refreshTokens.revokedAt)))
  ).length;

describe('two-factor enrolment at first sign-in', () => {
  let challenge: Challenge;
  let secret = '';
  let backupCodes: string[] = [];
  /** A session the admin held before two-factor was required (opened straight in the database). */
  let earlier: { accessToken: string; refreshToken: string };

  it('a correct password opens no session: the answer asks for enrolment with a temp token', async () => {
    const body = await login();
    expect(body).toEqual({
      code: 200,
      message: 'Two-factor authentication must be set up',
      data: {
        requires2FA: false,
        requires2FASetup: true,
        adminId: expect.any(Number),
        tempToken: expect.any(String),
      },
    });
    challenge = body.data;
    expect(await liveSessions(challenge.adminId)).toBe(0);
    // Wrong passwords and admins with two-factor answer as before.
    expect(
      (
        await t.call({
          method: 'POST',
          url: '/auth/login',
          payload: { identifier: 'admin', password: 'wrong-password' },
        })
      ).statusCode,
    ).toBe(401);
    expect((await login('admin2fa')).data).toEqual({
      requires2FA: true,
      methods: ['totp'],
      adminId: expect.any(Number),
      tempToken: expect.any(String),
    });

    const opened = (await openSession(
      t.db,
      challenge.adminId,
      'password',
      { ip: '127.0.0.1', userAgent: null },
      t.clock.now(),
    ))!;
    earlier = {
      accessToken: await t.app.tokens.signAccess(challenge.adminId, opened.familyId),
      refreshToken: opened.refreshToken,
    };
  });

  it('the enrolment temp token is good for nothing else, and other temp tokens cannot enrol', async () => {
    expect(
      (await t.call({ method: 'GET', url: '/auth/profile', token: challenge.tempToken })).statusCode,
    ).toBe(401);
    const verify = await t.call({
      method: 'POST',
      url: '/auth/2fa/verify',
      payload: { ...challenge, token: '123456' },
    });
    expect(verify.statusCode).toBe(401);
    const other = (await login('admin2fa')).data as Challenge;
    expect((await setup({ adminId: challenge.adminId, tempToken: other.tempToken })).json()).toEqual({
      code: 401,
      message: 'Sign-in has expired. Please sign in again.',
    });
    expect((await setup({ adminId: challenge.adminId + 1, tempToken: challenge.tempToken })).statusCode).toBe(
      401,
    );
    expect((await setup({ adminId: challenge.adminId } as Challenge)).json().message).toMatch(/^tempToken: /);
  });

  it('setup gives a secret and backup codes; a wrong code or a replaced secret is refused', async () => {
    const first = (await setup(challenge)).json().data;
    const res = await setup(challenge);
    expect(res.statusCode).toBe(200);
    ({ secret, backupCodes } = res.json().data);
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(backupCodes).toHaveLength(10);
    expect(res.json().data.otpauthUrl).toContain(`secret=${secret}`);
    expect((await enrol(challenge, secret, code(secret) === '000000' ? '111111' : '000000')).json()).toEqual({
      code: 401,
      message: 'Invalid verification code',
    });
    const stale = await enrol(challenge, first.secret, code(first.secret));
    expect(stale.json()).toEqual({ code: 400, message: 'Two-factor setup has expired. Please start again.' });
    expect((await enrol(challenge, secret, '12')).json().message).toBe('token: Please enter a 6-digit code');
    expect((await login()).data.requires2FASetup).toBe(true);
  });

  it('a confirmed enrolment opens the session, once, even for racing confirmations', async () => {
    const results = await Promise.all(
      Array.from({ length: 4 }, () => enrol(challenge, secret, code(secret))),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 401, 401, 401]);
    const data = results.find((r) => r.statusCode === 200)!.json().data;
    expect(data.admin).toMatchObject({ username: 'admin', twoFactorEnabled: true });
    expect(
      (await t.call({ method: 'GET', url: '/manager/settings', token: data.tokens.accessToken })).statusCode,
    ).toBe(200);
    expect(await liveSessions(challenge.adminId)).toBe(1);
    // The session held before the enrolment ended with it.
    expect(
      (await t.call({ method: 'GET', url: '/auth/profile', token: earlier.accessToken })).statusCode,
    ).toBe(401);
    expect(
      (
        await t.call({
          method: 'POST',
          url: '/auth/refresh-token',
          payload: { refreshToken: earlier.refreshToken },
        })
      ).statusCode,
    ).toBe(401);
    // The temp token is spent.
    expect((await setup(challenge)).statusCode).toBe(401);
  });

  it('from now on sign-in asks for the second factor; the enrolment backup codes work', async () => {
    const next = await login();
    expect(next.data).toEqual({
      requires2FA: true,
      methods: ['totp'],
      adminId: challenge.adminId,
      tempToken: expect.any(String),
    });
    const verify = await t.call({
      method: 'POST',
      url: '/auth/2fa/verify',
      payload: { ...next.data, token: backupCodes[0] },
    });
    expect(verify.statusCode).toBe(200);
  });
});
