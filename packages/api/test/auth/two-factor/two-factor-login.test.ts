import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { totpAt } from '../../../src/auth/totp';
import { buildTestApp, DEMO_BACKUP_CODES, twoFactorPasswordStep, type TestApp } from '../../support/helper';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const passwordStep = () => twoFactorPasswordStep(t);
const verify = (payload: object) => t.call({ method: 'POST', url: '/auth/2fa/verify', payload });
const codeNow = (offsetSeconds = 0) =>
  totpAt(t.demo.twoFactorAdmin.secret, t.clock.now().getTime() / 1000 + offsetSeconds);

describe('two-factor sign-in', () => {
  it('signs in with the current authenticator code, and refuses that code a second time', async () => {
    const first = await passwordStep();
    const code = codeNow();
    const ok = await verify({ ...first, token: code });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data.tokens.accessToken).toBeTruthy();
    expect(ok.json().data.admin).toMatchObject({ username: 'admin2fa', twoFactorEnabled: true });

    const again = await verify({ ...(await passwordStep()), token: code });
    expect(again.statusCode).toBe(401);
    expect(again.json()).toEqual({ code: 401, message: 'Invalid verification code' });
  });

  it('accepts the next step (drift) but not a code two steps away', async () => {
    t.clock.advance(30_000);
    expect((await verify({ ...(await passwordStep()), token: codeNow(60) })).statusCode).toBe(401);
    expect((await verify({ ...(await passwordStep()), token: codeNow(30) })).statusCode).toBe(200);
  });

  it('accepts a backup code once (any case, with or without dash), then refuses it', async () => {
    const code = DEMO_BACKUP_CODES[3]!;
    expect((await verify({ ...(await passwordStep()), token: code.toLowerCase() })).statusCode).toBe(200);
    const reused = await verify({ ...(await passwordStep()), token: code.replace('-', '') });
    expect(reused.statusCode).toBe(401);
    expect((await verify({ ...(await passwordStep()), token: DEMO_BACKUP_CODES[4] })).statusCode).toBe(200);
  });

  it('lets one of two simultaneous uses of a backup code or a TOTP code succeed, never both', async () => {
    t.clock.advance(90_000); // past the step the drift test used
    for (const token of [DEMO_BACKUP_CODES[5]!, codeNow()]) {
      const [a, b] = [await passwordStep(), await passwordStep()];
      const results = await Promise.all([verify({ ...a, token }), verify({ ...b, token })]);
      expect(results.map((r) => r.statusCode).sort()).toEqual([200, 401]);
    }
  });

  it('refuses a temp token of another admin, a forged one, an expired one, and an access token', async () => {
    const { adminId, tempToken } = await passwordStep();
    t.clock.advance(60_000);
    expect((await verify({ adminId: adminId + 1, tempToken, token: codeNow() })).statusCode).toBe(401);
    expect((await verify({ adminId, tempToken: `${tempToken}x`, token: codeNow() })).statusCode).toBe(401);
    const login = await t.call({
      method: 'POST',
      url: '/auth/login',
      payload: { identifier: 'admin', password: 'admin12345' },
    });
    const accessToken = login.json().data.tokens.accessToken;
    expect((await verify({ adminId, tempToken: accessToken, token: codeNow() })).statusCode).toBe(401);
    t.clock.advance(5 * 60_000 + 1000);
    expect((await verify({ adminId, tempToken, token: codeNow() })).statusCode).toBe(401);
  });

  it('validates the body: 400 naming the field', async () => {
    const res = await verify({ adminId: 'one', token: '123456', tempToken: 'x' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/^adminId: /);
  });

  it('locks the account after 10 wrong codes, so guessing cannot continue', async () => {
    t.clock.advance(60_000);
    const { adminId, tempToken } = await passwordStep();
    for (let i = 0; i < 10; i++) {
      expect((await verify({ adminId, tempToken, token: String(100000 + i) })).statusCode).toBe(401);
    }
    expect((await verify({ adminId, tempToken, token: codeNow() })).statusCode).toBe(401);
    const login = await t.call({
      method: 'POST',
      url: '/auth/login',
      payload: { identifier: 'admin2fa', password: 'admin12345' },
    });
    expect(login.statusCode).toBe(401);
  });
});
