import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { totpAt } from '../../../src/auth/totp';
import { auditLog } from '../../../src/db/schema/auth';
import { buildTestApp, signIn, stepUp, type TestApp } from '../../support/helper';
import {
  newAuthenticator,
  passkeyCalls,
  passkeySession,
  passwordStep,
  registerPasskey,
  signInWithPasskey,
  stepUpWithPasskey,
} from '../../support/passkey-support';

/*
 * With REQUIRE_2FA: a passkey as the second factor the first sign-in sets up, and an admin who
 * must have a second factor cannot remove the last one. Then the sign-in throttles over
 * passkey answers.
 */

const PASSWORD = 'admin12345';
let t: TestApp;
let calls: ReturnType<typeof passkeyCalls>;
beforeAll(async () => {
  t = await buildTestApp({ REQUIRE_2FA: 'true' });
  calls = passkeyCalls(t);
});
afterAll(() => t.close());

const code = () => totpAt(t.demo.twoFactorAdmin.secret, t.clock.now().getTime() / 1000);

describe('enrolment with a passkey at sign-in (REQUIRE_2FA)', () => {
  const key = newAuthenticator();

  it('an admin without a second factor registers a passkey with the enrolment temp token, and that opens the session', async () => {
    const step = await passwordStep(t, 'admin', PASSWORD);
    expect(step).toMatchObject({ requires2FA: false, requires2FASetup: true });
    const options = await calls.enrolOptions(step);
    expect(options.json().data).toMatchObject({
      rp: { id: 'localhost' },
      authenticatorSelection: { userVerification: 'required' },
      excludeCredentials: [],
    });
    const enrolled = await calls.enrol(step, 'Laptop', key.register(options.json().data));
    expect(enrolled.statusCode, enrolled.body).toBe(200);
    expect(enrolled.json()).toMatchObject({
      message: 'Passkey added',
      data: { tokens: { accessToken: expect.any(String) }, admin: { username: 'admin' } },
    });
    const token = enrolled.json().data.tokens.accessToken as string;
    expect((await calls.list(token)).json().data.passkeys).toEqual([
      expect.objectContaining({ name: 'Laptop' }),
    ]);
    const rows = await t.db
      .select({ action: auditLog.action, after: auditLog.after })
      .from(auditLog)
      .where(eq(auditLog.adminId, step.adminId))
      .orderBy(auditLog.id);
    expect(rows.slice(-2)).toEqual([
      { action: 'auth.passkey.add', after: { name: 'Laptop', sessionsEnded: 0, atSignIn: true } },
      { action: 'auth.login.success', after: { method: 'passkey', family: expect.any(String) } },
    ]);

    // The temp token is spent; the next sign-in asks for the passkey.
    expect((await calls.enrolOptions(step)).json()).toEqual({
      code: 401,
      message: 'Sign-in has expired. Please sign in again.',
    });
    expect(await passwordStep(t, 'admin', PASSWORD)).toMatchObject({
      requires2FA: true,
      methods: ['passkey'],
    });
    await passkeySession(t, 'admin', PASSWORD, key);
  });

  it('refuses a registration that does not verify, without spending the temp token; a temp token of another purpose is refused', async () => {
    const fresh = await buildTestApp({ REQUIRE_2FA: 'true' });
    try {
      const c = passkeyCalls(fresh);
      const step = await passwordStep(fresh, 'admin', PASSWORD);
      const options = (await c.enrolOptions(step)).json().data;
      const bad = await c.enrol(step, 'Laptop', newAuthenticator().register(options, { uv: false }));
      expect(bad.json()).toEqual({
        code: 401,
        message: 'The passkey could not be verified. Please try again.',
      });
      const verifyStep = await passwordStep(fresh, 'admin2fa', PASSWORD);
      expect((await c.enrolOptions(verifyStep)).statusCode).toBe(401);
      const good = await c.enrol(
        step,
        'Laptop',
        newAuthenticator().register((await c.enrolOptions(step)).json().data),
      );
      expect(good.statusCode, good.body).toBe(200);
    } finally {
      await fresh.close();
    }
  });

  it('an admin with a second factor cannot enrol (the temp token of an admin who has one is refused)', async () => {
    // A sign-in halfway through enrolment when the admin got a passkey meanwhile.
    const fresh = await buildTestApp({ REQUIRE_2FA: 'true' });
    try {
      const c = passkeyCalls(fresh);
      const first = await passwordStep(fresh, 'admin', PASSWORD);
      const second = await passwordStep(fresh, 'admin', PASSWORD);
      await c.enrol(first, 'One', newAuthenticator().register((await c.enrolOptions(first)).json().data));
      expect((await c.enrolOptions(second)).json()).toEqual({
        code: 401,
        message: 'Sign-in has expired. Please sign in again.',
      });
    } finally {
      await fresh.close();
    }
  });
});

describe('the last second factor stays while two-factor is required', () => {
  it('refuses to remove the last passkey of an admin without an authenticator (409), allows it while another remains', async () => {
    const first = newAuthenticator();
    // A fresh app keeps this test independent of the enrolment above.
    const fresh = await buildTestApp({ REQUIRE_2FA: 'true' });
    try {
      const c = passkeyCalls(fresh);
      const enrolStep = await passwordStep(fresh, 'admin', PASSWORD);
      const enrolled = await c.enrol(
        enrolStep,
        'One',
        first.register((await c.enrolOptions(enrolStep)).json().data),
      );
      const token = enrolled.json().data.tokens.accessToken as string;
      expect((await stepUpWithPasskey(fresh, token, first)).statusCode).toBe(200);
      const [only] = (await c.list(token)).json().data.passkeys as Array<{ id: number }>;
      expect((await c.remove(token, only!.id)).json()).toEqual({
        code: 409,
        message:
          'Two-factor authentication is required: add another passkey or an authenticator app before removing your last passkey',
      });
      const second = await registerPasskey(fresh, token, newAuthenticator(), 'Two');
      expect((await c.remove(token, only!.id)).statusCode).toBe(200);
      expect((await c.remove(token, second.id)).statusCode).toBe(409);
      expect((await c.list(token)).json().data.passkeys).toHaveLength(1);
    } finally {
      await fresh.close();
    }
  });

  it('refuses to turn off the authenticator of an admin without passkeys (409, before any check), allows it with one', async () => {
    const step = await passwordStep(t, 'admin2fa', PASSWORD);
    const token = (
      await t.call({ method: 'POST', url: '/auth/2fa/verify', payload: { ...step, token: code() } })
    ).json().data.tokens.accessToken as string;
    t.clock.advance(30_000);
    const disable = () =>
      t.call({
        method: 'POST',
        url: '/auth/2fa/disable',
        token,
        payload: { password: PASSWORD, twoFactorCode: code() },
      });
    expect((await disable()).json()).toEqual({
      code: 409,
      message:
        'Two-factor authentication is required: add a passkey before turning off the authenticator app',
    });
    expect(await passwordStep(t, 'admin2fa', PASSWORD)).toMatchObject({
      requires2FA: true,
      methods: ['totp'],
    });

    await stepUp(t, token);
    await registerPasskey(t, token, newAuthenticator(), 'Key');
    t.clock.advance(30_000); // the step-up used this step's code
    expect(await passwordStep(t, 'admin2fa', PASSWORD)).toMatchObject({
      requires2FA: true,
      methods: ['totp', 'passkey'],
    });
    const off = await disable();
    expect(off.statusCode, off.body).toBe(200);
    expect(await passwordStep(t, 'admin2fa', PASSWORD)).toMatchObject({
      requires2FA: true,
      methods: ['passkey'],
    });
  });
});

describe('passkey answers count toward the sign-in locks', () => {
  it('ten refused passkey answers lock the account from that address: the right passkey is refused too', async () => {
    const fresh = await buildTestApp();
    try {
      const key = newAuthenticator();
      await registerPasskey(fresh, (await signIn(fresh)).accessToken, key);
      const step = await passwordStep(fresh, 'admin', PASSWORD);
      for (let i = 0; i < 10; i++)
        expect((await signInWithPasskey(fresh, step, key, { uv: false })).statusCode).toBe(401);
      expect((await signInWithPasskey(fresh, step, key)).json()).toEqual({
        code: 401,
        message: 'Invalid verification code',
      });
      const rows = await fresh.db
        .select({ reason: auditLog.reason, after: auditLog.after })
        .from(auditLog)
        .where(and(eq(auditLog.action, 'auth.2fa.failure'), eq(auditLog.adminId, step.adminId)))
        .orderBy(auditLog.id);
      expect(rows).toHaveLength(11);
      expect(rows[9]).toEqual({ reason: 'passkey', after: { problem: 'not_verified' } });
      // The eleventh check passed the limit: it locked the pair and was refused unchecked.
      expect(rows[10]).toEqual({ reason: 'locked', after: { locked: true, lock: ['account_ip'] } });
      // The lock is the sign-in's: the password step from this address is refused as well.
      expect(
        (
          await fresh.call({
            method: 'POST',
            url: '/auth/login',
            payload: { identifier: 'admin', password: PASSWORD },
          })
        ).statusCode,
      ).toBe(401);
    } finally {
      await fresh.close();
    }
  });

  it('past the address limit the answer is 429', async () => {
    const fresh = await buildTestApp({ LOGIN_MAX_PER_IP: '3' });
    try {
      const key = newAuthenticator();
      await registerPasskey(fresh, (await signIn(fresh)).accessToken, key);
      const step = await passwordStep(fresh, 'admin', PASSWORD);
      const answers = [];
      for (let i = 0; i < 4; i++)
        answers.push((await signInWithPasskey(fresh, step, key, { uv: false })).statusCode);
      expect(answers).toEqual([401, 401, 401, 429]);
      expect((await signInWithPasskey(fresh, step, key)).json()).toEqual({
        code: 429,
        message: 'Too many attempts. Try again later.',
      });
    } finally {
      await fresh.close();
    }
  });
});
