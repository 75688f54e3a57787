import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { totpAt } from '../../../src/auth/totp';
import { admins, backupCodes } from '../../../src/db/schema/auth';
import { signedInApp, type TestApp } from '../../support/helper';

// The admin's own 2FA, end to end as the settings screen drives it.
let t: TestApp;
let token: string;
beforeAll(async () => ({ t, token } = await signedInApp()));
afterAll(() => t.close());

const code = (secret: string, steps = 0) => totpAt(secret, t.clock.now().getTime() / 1000 + steps * 30);
const post = (url: string, payload: object) => t.call({ method: 'POST', url, payload, token });
const setup = async () =>
  (await t.call({ method: 'GET', url: '/auth/2fa/setup', token })).json().data as {
    secret: string;
    backupCodes: string[];
  };
const login = async () =>
  (
    await t.call({
      method: 'POST',
      url: '/auth/login',
      payload: { identifier: 'admin', password: 'admin12345' },
    })
  ).json().data;
const verify = async (value: string) => {
  const challenge = await login();
  return t.call({
    method: 'POST',
    url: '/auth/2fa/verify',
    payload: { adminId: challenge.adminId, tempToken: challenge.tempToken, token: value },
  });
};
/** What must not move when a request is refused: the admin row and the stored codes. */
const snapshot = async () => {
  const [row] = await t.db.select().from(admins).where(eq(admins.username, 'admin'));
  const codes = await t.db.select().from(backupCodes).where(eq(backupCodes.adminId, row!.id));
  // Failed attempts are counted on purpose (lockout); everything else must stay.
  const rest: Partial<typeof row> = { ...row! };
  for (const key of ['failedLogins', 'failedWindowStart', 'lockedUntil', 'updatedAt'] as const)
    delete rest[key];
  return { rest, codes: codes.map((c) => [c.codeHash, c.pending, c.usedAt]).sort() };
};

describe('two-factor from the settings screen', () => {
  let secret = '';
  let codes: string[] = [];

  it('setup issues a fresh secret each time; only the latest can be enabled', async () => {
    const first = await setup();
    const second = await setup();
    expect(second.secret).not.toBe(first.secret);
    expect(second.backupCodes).not.toEqual(first.backupCodes);
    const stale = await post('/auth/2fa/enable', {
      secret: first.secret,
      token: code(first.secret),
      backupCodes: first.backupCodes,
      password: 'admin12345',
    });
    expect(stale.statusCode).toBe(400);
    ({ secret, backupCodes: codes } = second);
  });

  it('a code or backup code from the setup secret does not sign in before enable', async () => {
    const signIn = await login();
    expect(signIn.requires2FA).toBe(false);
    expect(signIn.tempToken).toBeUndefined();
    // 2FA is not on, so there is no challenge a code could answer.
    const verifyAttempt = await t.call({
      method: 'POST',
      url: '/auth/2fa/verify',
      payload: { adminId: signIn.admin.id, tempToken: 'x', token: code(secret) },
    });
    expect(verifyAttempt.statusCode).toBe(401);
    const backup = await t.call({
      method: 'POST',
      url: '/auth/2fa/verify',
      payload: { adminId: signIn.admin.id, tempToken: 'x', token: codes[0] },
    });
    expect(backup.statusCode).toBe(401);
  });

  it('enable with a valid code; the access token of the session stays valid', async () => {
    const res = await post('/auth/2fa/enable', {
      secret,
      token: code(secret),
      backupCodes: codes,
      password: 'admin12345',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.admin.twoFactorEnabled).toBe(true);
    expect((await t.call({ method: 'GET', url: '/manager/settings', token })).statusCode).toBe(200);
  });

  it('regenerate with a wrong password or a wrong code changes nothing; the old codes still work', async () => {
    t.clock.advance(30_000);
    const before = await snapshot();
    const res = await post('/auth/2fa/backup-codes', {
      password: 'wrong-password',
      twoFactorCode: code(secret),
    });
    expect(res.json()).toEqual({ code: 400, message: 'Invalid password' });
    const badCode = await post('/auth/2fa/backup-codes', {
      password: 'admin12345',
      twoFactorCode: code(secret) === '123456' ? '654321' : '123456',
    });
    expect(badCode.json()).toEqual({ code: 400, message: 'Invalid verification code' });
    expect(await snapshot()).toEqual(before);
    const empty = await post('/auth/2fa/backup-codes', { password: '', twoFactorCode: '' });
    expect(empty.json().message).toMatch(
      /^password: Please enter your password; twoFactorCode: Please enter your 2FA code/,
    );
    expect(await snapshot()).toEqual(before);
  });

  it('regenerate invalidates every old backup code, used or not', async () => {
    expect((await verify(codes[0]!)).statusCode).toBe(200);
    const res = await post('/auth/2fa/backup-codes', { password: 'admin12345', twoFactorCode: code(secret) });
    const fresh: string[] = res.json().data.backupCodes;
    for (const old of [codes[0]!, codes[1]!, codes[9]!]) expect((await verify(old)).statusCode).toBe(401);
    expect((await verify(fresh[0]!)).statusCode).toBe(200);
  });

  it('disable with a wrong password or a wrong code changes nothing', async () => {
    t.clock.advance(60_000);
    const before = await snapshot();
    const badPassword = await post('/auth/2fa/disable', {
      password: 'wrong-password',
      twoFactorCode: code(secret),
    });
    expect(badPassword.json()).toEqual({ code: 400, message: 'Invalid password' });
    const badCode = await post('/auth/2fa/disable', {
      password: 'admin12345',
      twoFactorCode: code(secret) === '123456' ? '654321' : '123456',
    });
    expect(badCode.json()).toEqual({ code: 400, message: 'Invalid verification code' });
    const short = await post('/auth/2fa/disable', { password: 'admin12345', twoFactorCode: '123' });
    expect(short.json().message).toBe('twoFactorCode: 2FA code must be 6 digits');
    expect(await snapshot()).toEqual(before);
    expect((await login()).requires2FA).toBe(true);
  });

  it('disable with the password and a valid code; setup and enable work again at once', async () => {
    const res = await post('/auth/2fa/disable', { password: 'admin12345', twoFactorCode: code(secret) });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.admin.twoFactorEnabled).toBe(false);
    expect((await login()).requires2FA).toBe(false);
    expect((await t.call({ method: 'GET', url: '/manager/settings', token })).statusCode).toBe(200);
    // Same 30 s step as the disable: a new secret's code is not a replay of the old one.
    const again = await setup();
    const enable = await post('/auth/2fa/enable', {
      secret: again.secret,
      token: code(again.secret),
      backupCodes: again.backupCodes,
      password: 'admin12345',
    });
    expect(enable.statusCode).toBe(200);
  });
});
