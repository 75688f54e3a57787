import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { totpAt } from '../../../src/auth/totp';
import { signedInApp, type TestApp } from '../../support/helper';

let t: TestApp;
let token: string;
beforeAll(async () => ({ t, token } = await signedInApp()));
afterAll(() => t.close());

const code = (secret: string) => totpAt(secret, t.clock.now().getTime() / 1000);
const post = (url: string, payload: object) => t.call({ method: 'POST', url, payload, token });
const loginAdmin = () =>
  t.call({ method: 'POST', url: '/auth/login', payload: { identifier: 'admin', password: 'admin12345' } });

describe('two-factor settings flow', () => {
  let secret = '';
  let setupCodes: string[] = [];

  it('requires a bearer token', async () => {
    expect((await t.call({ method: 'GET', url: '/auth/2fa/setup' })).statusCode).toBe(401);
  });

  it('setup returns a secret and 10 backup codes without enabling 2FA yet', async () => {
    const res = await t.call({ method: 'GET', url: '/auth/2fa/setup', token });
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(data.backupCodes).toHaveLength(10);
    for (const c of data.backupCodes) expect(c).toMatch(/^[A-Z0-9]{4}-[A-Z0-9]{4}$/);
    expect(data.otpauthUrl).toContain(`secret=${data.secret}`);
    ({ secret, backupCodes: setupCodes } = data);
    expect((await loginAdmin()).json().data.requires2FA).toBe(false);
  });

  it('enable refuses a wrong code (400, not 401) and a secret that was not issued', async () => {
    const wrong = await post('/auth/2fa/enable', {
      secret,
      token: '000000',
      backupCodes: setupCodes,
      password: 'admin12345',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe('Invalid verification code');
    const forged = await post('/auth/2fa/enable', {
      secret: 'JBSWY3DPEHPK3PXP',
      token: code('JBSWY3DPEHPK3PXP'),
      backupCodes: [],
      password: 'admin12345',
    });
    expect(forged.statusCode).toBe(400);
    const short = await post('/auth/2fa/enable', {
      secret,
      token: '12',
      backupCodes: [],
      password: 'admin12345',
    });
    expect(short.statusCode).toBe(400);
    expect(short.json().message).toBe('token: Please enter a 6-digit code');
  });

  it('enable with the right code turns 2FA on; sign-in then asks for the second factor', async () => {
    const res = await post('/auth/2fa/enable', {
      secret,
      token: code(secret),
      backupCodes: setupCodes,
      password: 'admin12345',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.admin.twoFactorEnabled).toBe(true);
    const profile = await t.call({ method: 'GET', url: '/auth/profile', token });
    expect(profile.json().data.admin.twoFactorEnabled).toBe(true);
    const login = (await loginAdmin()).json().data;
    expect(login.requires2FA).toBe(true);
    const verify = await t.call({
      method: 'POST',
      url: '/auth/2fa/verify',
      payload: { adminId: login.adminId, tempToken: login.tempToken, token: setupCodes[0] },
    });
    expect(verify.statusCode).toBe(200);
  });

  it('regenerating backup codes needs the password and a code, and invalidates the old codes', async () => {
    t.clock.advance(30_000);
    const bad = await post('/auth/2fa/backup-codes', { password: 'wrong', twoFactorCode: code(secret) });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('Invalid password');
    const res = await post('/auth/2fa/backup-codes', { password: 'admin12345', twoFactorCode: code(secret) });
    expect(res.statusCode).toBe(200);
    const fresh: string[] = res.json().data.backupCodes;
    expect(fresh).toHaveLength(10);
    const verifyWith = async (c: string) => {
      const login = (await loginAdmin()).json().data;
      return t.call({
        method: 'POST',
        url: '/auth/2fa/verify',
        payload: { adminId: login.adminId, tempToken: login.tempToken, token: c },
      });
    };
    expect((await verifyWith(setupCodes[1]!)).statusCode).toBe(401);
    expect((await verifyWith(fresh[0]!)).statusCode).toBe(200);
  });

  it('disable needs the password and a valid code, then sign-in is password only again', async () => {
    t.clock.advance(60_000);
    const badPassword = await post('/auth/2fa/disable', { password: 'wrong', twoFactorCode: code(secret) });
    expect(badPassword.json()).toEqual({ code: 400, message: 'Invalid password' });
    const badCode = await post('/auth/2fa/disable', { password: 'admin12345', twoFactorCode: '000000' });
    expect(badCode.json()).toEqual({ code: 400, message: 'Invalid verification code' });
    const missing = await post('/auth/2fa/disable', { password: '', twoFactorCode: '' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toMatch(/^password: Please enter your password/);
    const res = await post('/auth/2fa/disable', { password: 'admin12345', twoFactorCode: code(secret) });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.admin.twoFactorEnabled).toBe(false);
    expect((await loginAdmin()).json().data.requires2FA).toBe(false);
    expect(
      (await post('/auth/2fa/disable', { password: 'admin12345', twoFactorCode: code(secret) })).statusCode,
    ).toBe(400);
  });

  it('writes an audit row for each change', async () => {
    const { auditLog } = await import('../../../src/db/schema/auth');
    const rows = await t.db.select({ action: auditLog.action }).from(auditLog);
    const actions = new Set(rows.map((r) => r.action));
    for (const a of [
      'auth.login.success',
      'auth.password.failure',
      'auth.2fa.failure',
      'auth.2fa.enable',
      'auth.2fa.backup_codes.regenerate',
      'auth.2fa.disable',
    ]) {
      expect(actions).toContain(a);
    }
  });
});
