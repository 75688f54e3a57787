import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { totpAt } from '../../../src/auth/totp';
import { admins, auditLog } from '../../../src/db/schema/auth';
import { buildTestApp, type TestApp } from '../../support/helper';

// What someone holding only a stolen access token can do to the admin's two-factor: nothing
// that lasts. Every change needs the password (and, once on, a current code), and every
// change signs out the admin's other sessions, the thief's included.
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const PASSWORD = 'admin12345';
type Session = { accessToken: string; refreshToken: string };

let secret = '';
/** A code of the admin's secret for a step no earlier call used (the replay guard refuses those). */
const nextCode = () => {
  t.clock.advance(30_000);
  return totpAt(secret, t.clock.now().getTime() / 1000);
};
const post = (token: string, url: string, payload: object) => t.call({ method: 'POST', url, payload, token });
const setup = async (token: string) =>
  (await t.call({ method: 'GET', url: '/auth/2fa/setup', token })).json().data as {
    secret: string;
    backupCodes: string[];
  };
const adminRow = async () => (await t.db.select().from(admins).where(eq(admins.username, 'admin')))[0]!;

/** A new session of `admin`: the password, then a code when two-factor is on. */
async function signIn(username = 'admin'): Promise<Session> {
  const login = (
    await t.call({
      method: 'POST',
      url: '/auth/login',
      payload: { identifier: username, password: PASSWORD },
    })
  ).json().data;
  if (!login.requires2FA) return login.tokens;
  const code = username === 'admin' ? nextCode() : t.demo.twoFactorAdmin.backupCodes.pop()!;
  const verify = await t.call({
    method: 'POST',
    url: '/auth/2fa/verify',
    payload: { adminId: login.adminId, tempToken: login.tempToken, token: code },
  });
  expect(verify.statusCode).toBe(200);
  return verify.json().data.tokens;
}

const refresh = (s: Session) =>
  t.call({ method: 'POST', url: '/auth/refresh-token', payload: { refreshToken: s.refreshToken } });
const profile = (s: Session) => t.call({ method: 'GET', url: '/auth/profile', token: s.accessToken });

/** The session's access token is refused by the guard and its refresh token is dead. */
async function expectEnded(s: Session) {
  expect((await profile(s)).statusCode).toBe(401);
  expect((await t.call({ method: 'GET', url: '/manager/settings', token: s.accessToken })).statusCode).toBe(
    401,
  );
  expect((await refresh(s)).statusCode).toBe(401);
}

/** Still signed in: the access token works, and the refresh token rotates (the new pair is returned). */
async function expectLive(s: Session): Promise<Session> {
  expect((await profile(s)).statusCode).toBe(200);
  const rotated = await refresh(s);
  expect(rotated.statusCode).toBe(200);
  return rotated.json().data.tokens;
}

describe('a stolen access token cannot take over two-factor', () => {
  let admin: Session;
  let thief: Session;
  beforeAll(async () => {
    admin = await signIn();
    thief = await signIn();
  });

  it('cannot enable two-factor without the password; a wrong password is counted and changes nothing', async () => {
    const stolen = await setup(thief.accessToken);
    secret = stolen.secret;
    const code = nextCode();
    const missing = await post(thief.accessToken, '/auth/2fa/enable', {
      secret: stolen.secret,
      token: code,
      backupCodes: stolen.backupCodes,
    });
    expect(missing.json()).toEqual({ code: 400, message: 'password: Please enter your password' });
    const wrong = await post(thief.accessToken, '/auth/2fa/enable', {
      secret: stolen.secret,
      token: code,
      backupCodes: stolen.backupCodes,
      password: 'guess-1234',
    });
    expect(wrong.json()).toEqual({ code: 400, message: 'Invalid password' });
    const row = await adminRow();
    expect(row).toMatchObject({ twoFactorEnabled: false, totpSecret: null, failedLogins: 1 });
    const audit = await t.db.select().from(auditLog).where(eq(auditLog.action, 'auth.password.failure'));
    expect(audit.map((a) => a.after)).toEqual([expect.objectContaining({ route: '/auth/2fa/enable' })]);
    // The admin still signs in with the password alone.
    const login = await t.call({
      method: 'POST',
      url: '/auth/login',
      payload: { identifier: 'admin', password: PASSWORD },
    });
    expect(login.json().data.requires2FA).toBe(false);
  });

  it("the thief's pending secret does not stand in the admin's way: the admin's own setup replaces it", async () => {
    const own = await setup(admin.accessToken);
    expect(own.secret).not.toBe(secret);
    secret = own.secret;
    const stale = await post(thief.accessToken, '/auth/2fa/enable', {
      secret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
      token: nextCode(),
      backupCodes: [],
      password: PASSWORD,
    });
    expect(stale.json().message).toBe('Two-factor setup has expired. Please start again.');
    const other = await signIn('admin2fa');

    const res = await post(admin.accessToken, '/auth/2fa/enable', {
      secret: own.secret,
      token: nextCode(),
      backupCodes: own.backupCodes,
      password: PASSWORD,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.admin.twoFactorEnabled).toBe(true);

    // Every other session of the admin ended, the thief's included; the one that enabled stays.
    await expectEnded(thief);
    admin = await expectLive(admin);
    // Another admin's sessions are not touched.
    await expectLive(other);
    const [enable] = await t.db.select().from(auditLog).where(eq(auditLog.action, 'auth.2fa.enable'));
    // The thief's session and the password sign-in of the test before.
    expect(enable?.after).toMatchObject({ twoFactorEnabled: true, sessionsEnded: 2 });
  });

  it('regenerating backup codes needs the password and a current authenticator code', async () => {
    thief = await signIn();
    const before = await adminRow();
    const passwordOnly = await post(thief.accessToken, '/auth/2fa/backup-codes', { password: PASSWORD });
    expect(passwordOnly.json()).toEqual({ code: 400, message: 'twoFactorCode: Please enter your 2FA code' });
    const backupCode = await post(thief.accessToken, '/auth/2fa/backup-codes', {
      password: PASSWORD,
      twoFactorCode: 'ABCD-1234',
    });
    expect(backupCode.json()).toEqual({ code: 400, message: 'twoFactorCode: 2FA code must be 6 digits' });
    const current = totpAt(secret, t.clock.now().getTime() / 1000 + 30);
    const wrong = await post(thief.accessToken, '/auth/2fa/backup-codes', {
      password: PASSWORD,
      twoFactorCode: current === '000000' ? '111111' : '000000',
    });
    expect(wrong.json()).toEqual({ code: 400, message: 'Invalid verification code' });
    const after = await adminRow();
    expect(after.failedLogins).toBe(before.failedLogins + 1);
    expect((await profile(thief)).statusCode).toBe(200);
  });

  it('new backup codes end the other sessions; the session that asked for them stays', async () => {
    const other = await signIn();
    const res = await post(admin.accessToken, '/auth/2fa/backup-codes', {
      password: PASSWORD,
      twoFactorCode: nextCode(),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.backupCodes).toHaveLength(10);
    await expectEnded(thief);
    await expectEnded(other);
    admin = await expectLive(admin);
  });

  it('a sign-in halfway through (its temp token) is voided by a change too', async () => {
    const halfway = (
      await t.call({
        method: 'POST',
        url: '/auth/login',
        payload: { identifier: 'admin', password: PASSWORD },
      })
    ).json().data;
    expect(halfway.requires2FA).toBe(true);
    const res = await post(admin.accessToken, '/auth/2fa/backup-codes', {
      password: PASSWORD,
      twoFactorCode: nextCode(),
    });
    expect(res.statusCode).toBe(200);
    const verify = await t.call({
      method: 'POST',
      url: '/auth/2fa/verify',
      payload: { adminId: halfway.adminId, tempToken: halfway.tempToken, token: nextCode() },
    });
    expect(verify.statusCode).toBe(401);
  });

  it('disabling ends the other sessions; the session that disabled stays', async () => {
    const other = await signIn();
    const res = await post(admin.accessToken, '/auth/2fa/disable', {
      password: PASSWORD,
      twoFactorCode: nextCode(),
    });
    expect(res.statusCode).toBe(200);
    await expectEnded(other);
    admin = await expectLive(admin);
    const [disable] = await t.db.select().from(auditLog).where(eq(auditLog.action, 'auth.2fa.disable'));
    expect(disable?.after).toMatchObject({ twoFactorEnabled: false, sessionsEnded: 1 });
  });
});
