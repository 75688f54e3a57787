import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { totpAt } from '../../../src/auth/totp';
import { adminPasskeys, auditLog } from '../../../src/db/schema/auth';
import { buildTestApp, DEMO_BACKUP_CODES, signIn, stepUp, type TestApp } from '../../support/helper';
import {
  confirmedPasskeySession,
  newAuthenticator,
  ORIGIN,
  passkeyCalls,
  passwordStep,
  registerPasskey,
  signInWithPasskey,
  stepUpWithPasskey,
} from '../../support/passkey-support';

/*
 * Passkeys through the API with a software authenticator (test/support/soft-authenticator.ts): registration,
 * the list and removal in the settings, and a passkey as the second factor at sign-in.
 */

let t: TestApp;
let calls: ReturnType<typeof passkeyCalls>;
beforeAll(async () => {
  t = await buildTestApp();
  calls = passkeyCalls(t);
});
afterAll(() => t.close());

const PASSWORD = 'admin12345';
/** The admin's first passkey. */
const laptop = newAuthenticator();
const stored = async (id: number) =>
  (await t.db.select().from(adminPasskeys).where(eq(adminPasskeys.id, id)))[0]!;

describe('registering, listing and removing passkeys', () => {
  /** The session that registers (a registration ends the admin's other sessions). */
  let accessToken: string;
  beforeAll(async () => {
    accessToken = (await signIn(t)).accessToken;
  });

  it('offers creation options for this relying party with user verification required, excluding the passkeys already there', async () => {
    const options = (await calls.registrationOptions(accessToken)).json().data;
    expect(options).toMatchObject({
      rp: { id: 'localhost', name: 'Manager' },
      user: { name: 'admin' },
      attestation: 'none',
      excludeCredentials: [],
      authenticatorSelection: { residentKey: 'preferred', userVerification: 'required' },
    });
    const added = await calls.add(accessToken, 'Laptop', laptop.register(options));
    expect(added.statusCode, added.body).toBe(200);
    expect(added.json()).toEqual({
      code: 200,
      message: 'Passkey added',
      data: {
        id: expect.any(Number),
        name: 'Laptop',
        createdAt: t.clock.now().toISOString(),
        lastUsedAt: null,
      },
    });
    const next = (await calls.registrationOptions(accessToken)).json().data;
    expect(next.excludeCredentials).toEqual([
      { id: laptop.id, type: 'public-key', transports: ['internal'] },
    ]);
    expect(next.user.id).toBe(options.user.id);
  });

  it('lists the passkeys newest first, removes one of them, and 404s an unknown or removed id', async () => {
    t.clock.advance(1000);
    const phone = await registerPasskey(t, accessToken, newAuthenticator(), 'Phone');
    const listed = (await calls.list(accessToken)).json().data.passkeys as Array<{
      id: number;
      name: string;
    }>;
    expect(listed.map((p) => p.name)).toEqual(['Phone', 'Laptop']);

    const removed = await calls.remove(accessToken, phone.id);
    expect(removed.json()).toEqual({ code: 200, message: 'Passkey removed', data: null });
    expect(
      ((await calls.list(accessToken)).json().data.passkeys as Array<{ name: string }>).map((p) => p.name),
    ).toEqual(['Laptop']);
    expect((await calls.remove(accessToken, phone.id)).json()).toEqual({
      code: 404,
      message: 'Passkey not found',
    });
    expect((await calls.remove(accessToken, 0)).json().message).toMatch(/^id: /);
  });

  it("lists only the admin's own passkeys, and cannot remove another admin's", async () => {
    const step = await passwordStep(t, 'admin2fa', PASSWORD);
    const theirs = await t.call({
      method: 'POST',
      url: '/auth/2fa/verify',
      payload: { ...step, token: DEMO_BACKUP_CODES[0] },
    });
    const theirToken = theirs.json().data.tokens.accessToken as string;
    await stepUp(t, theirToken);
    expect((await calls.list(theirToken)).json().data.passkeys).toEqual([]);
    const mine = ((await calls.list(accessToken)).json().data.passkeys as Array<{ id: number }>)[0]!;
    expect((await calls.remove(theirToken, mine.id)).statusCode).toBe(404);
    expect((await calls.list(accessToken)).json().data.passkeys).toHaveLength(1);
  });

  it('refuses a response from another origin, for another relying party, without user verification, or for another challenge', async () => {
    for (const tamper of [
      { origin: 'https://evil.example' },
      { rpId: 'evil.example' },
      { uv: false },
      { challenge: 'bm90LXRoZS1jaGFsbGVuZ2U' },
      { type: 'webauthn.get' },
    ]) {
      const options = (await calls.registrationOptions(accessToken)).json().data;
      const res = await calls.add(accessToken, 'Bad', newAuthenticator().register(options, tamper));
      expect(res.json(), JSON.stringify(tamper)).toEqual({
        code: 400,
        message: 'The passkey could not be verified. Please try again.',
      });
    }
    expect((await calls.list(accessToken)).json().data.passkeys).toHaveLength(1);
  });

  it('uses a challenge once, only from the session that asked for it, and only for 5 minutes', async () => {
    const first = { accessToken };
    const second = { accessToken: await confirmedPasskeySession(t, 'admin', PASSWORD, laptop) };
    const options = (await calls.registrationOptions(first.accessToken)).json().data;
    const authenticator = newAuthenticator();
    const response = authenticator.register(options);
    expect((await calls.add(second.accessToken, 'Other session', response)).statusCode).toBe(400);
    expect((await calls.add(first.accessToken, 'Desk', response)).statusCode).toBe(200);
    expect((await calls.add(first.accessToken, 'Desk again', response)).statusCode).toBe(400);

    const late = (await calls.registrationOptions(first.accessToken)).json().data;
    t.clock.advance(5 * 60_000 + 1);
    expect((await stepUpWithPasskey(t, first.accessToken, laptop)).statusCode).toBe(200);
    expect((await calls.add(first.accessToken, 'Late', newAuthenticator().register(late))).statusCode).toBe(
      400,
    );
  });

  it('refuses a credential registered already, with 409', async () => {
    const authenticator = newAuthenticator();
    await registerPasskey(t, accessToken, authenticator, 'Key');
    const options = (await calls.registrationOptions(accessToken)).json().data;
    const again = await calls.add(accessToken, 'Key again', authenticator.register(options));
    expect(again.json()).toEqual({ code: 409, message: 'This passkey is registered already' });
  });

  it('validates the body: a name and a response are required, 400 naming the field', async () => {
    expect(
      (await calls.add(accessToken, '', { id: 'a', rawId: 'a', type: 'public-key', response: {} })).json()
        .message,
    ).toMatch(/^name: /);
    expect((await calls.add(accessToken, 'Key', { id: 'a' })).json().message).toMatch(/^response\./);
    const junk = await calls.add(accessToken, 'Key', {
      id: 'a',
      rawId: 'a',
      type: 'public-key',
      response: { clientDataJSON: 5 },
    });
    expect(junk.statusCode).toBe(400);
    expect(
      (
        await calls.add(accessToken, 'Key', { id: 'a\u0000b', rawId: 'a', type: 'public-key', response: {} })
      ).json().message,
    ).toMatch(/^response\.id: /);
    expect((await calls.remove(accessToken, 2_147_483_648)).json().message).toMatch(/^id: /);
  });
});

describe('a passkey as the second factor at sign-in', () => {
  let admin: ReturnType<typeof newAuthenticator>;
  let passkeyId: number;

  beforeAll(async () => {
    // A fresh start: the admin keeps exactly one passkey, of `admin`.
    const accessToken = await confirmedPasskeySession(t, 'admin', PASSWORD, laptop);
    for (const p of (await calls.list(accessToken)).json().data.passkeys as Array<{ id: number }>)
      await calls.remove(accessToken, p.id);
    admin = newAuthenticator();
    passkeyId = (await registerPasskey(t, accessToken, admin, 'Laptop')).id;
  });

  it('the password step asks for the second factor and names the passkey; without one it signs in straight away', async () => {
    const step = await passwordStep(t, 'admin', PASSWORD);
    expect(step).toEqual({
      requires2FA: true,
      methods: ['passkey'],
      adminId: expect.any(Number),
      tempToken: expect.any(String),
    });
    const twoFactor = await passwordStep(t, 'admin2fa', PASSWORD);
    expect(twoFactor.methods).toEqual(['totp']);
  });

  it('signs in with the passkey: a session, the counter and last use recorded, the login audited with method passkey', async () => {
    const step = await passwordStep(t, 'admin', PASSWORD);
    const options = (await calls.signInOptions(step)).json().data;
    expect(options).toMatchObject({
      rpId: 'localhost',
      userVerification: 'required',
      allowCredentials: [{ id: admin.id, type: 'public-key', transports: ['internal'] }],
    });
    const res = await calls.verify(step, admin.assert(options));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({
      tokens: { accessToken: expect.any(String) },
      admin: { username: 'admin', twoFactorEnabled: false },
    });
    expect(
      (await t.call({ method: 'GET', url: '/auth/profile', token: res.json().data.tokens.accessToken }))
        .statusCode,
    ).toBe(200);
    const row = await stored(passkeyId);
    expect(row.counter).toBe(admin.counter);
    expect(row.lastUsedAt?.toISOString()).toBe(t.clock.now().toISOString());
    const audited = await t.db
      .select({ after: auditLog.after })
      .from(auditLog)
      .where(and(eq(auditLog.action, 'auth.login.success'), eq(auditLog.adminId, step.adminId)));
    expect(audited.at(-1)!.after).toMatchObject({ method: 'passkey' });
  });

  it('the temp token opens one session: the same answer again, or a new assertion with the spent token, is refused', async () => {
    const step = await passwordStep(t, 'admin', PASSWORD);
    const options = (await calls.signInOptions(step)).json().data;
    const response = admin.assert(options);
    expect((await calls.verify(step, response)).statusCode).toBe(200);
    expect((await calls.verify(step, response)).statusCode).toBe(401);
    expect((await calls.signInOptions(step)).json()).toEqual({
      code: 401,
      message: 'Sign-in has expired. Please sign in again.',
    });
  });

  it('of two requests with one assertion at the same moment, one signs in', async () => {
    const [a, b] = [await passwordStep(t, 'admin', PASSWORD), await passwordStep(t, 'admin', PASSWORD)];
    const options = (await calls.signInOptions(a)).json().data;
    const response = admin.assert(options);
    const answers = await Promise.all([calls.verify(a, response), calls.verify(a, response)]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 401]);
    // Another sign-in's options are its own: the assertion of `a` does not answer them.
    await calls.signInOptions(b);
    expect((await calls.verify(b, admin.assert(options))).statusCode).toBe(401);
  });

  it('refuses a replayed assertion at a new sign-in (its challenge was used)', async () => {
    const step = await passwordStep(t, 'admin', PASSWORD);
    const options = (await calls.signInOptions(step)).json().data;
    const response = admin.assert(options);
    expect((await calls.verify(step, response)).statusCode).toBe(200);
    const next = await passwordStep(t, 'admin', PASSWORD);
    await calls.signInOptions(next);
    expect((await calls.verify(next, response)).json()).toEqual({
      code: 401,
      message: 'Invalid verification code',
    });
  });

  it('refuses a wrong origin, a wrong relying party, missing user verification, another challenge, an unknown credential', async () => {
    const step = await passwordStep(t, 'admin', PASSWORD);
    for (const tamper of [
      { origin: 'https://evil.example' },
      { rpId: 'evil.example' },
      { uv: false },
      { challenge: 'bm90LXRoZS1jaGFsbGVuZ2U' },
    ]) {
      const res = await signInWithPasskey(t, step, admin, tamper);
      expect(res.json(), JSON.stringify(tamper)).toEqual({ code: 401, message: 'Invalid verification code' });
    }
    expect((await signInWithPasskey(t, step, newAuthenticator())).statusCode).toBe(401);
    // The same temp token still works: refusals left the sign-in open.
    expect((await signInWithPasskey(t, step, admin)).statusCode).toBe(200);
    const failures = await t.db
      .select({ reason: auditLog.reason, after: auditLog.after })
      .from(auditLog)
      .where(and(eq(auditLog.action, 'auth.2fa.failure'), eq(auditLog.adminId, step.adminId)))
      .orderBy(auditLog.id);
    expect(failures.slice(-5)).toEqual([
      ...Array.from({ length: 4 }, () => ({ reason: 'passkey', after: { problem: 'not_verified' } })),
      { reason: 'passkey', after: { problem: 'unknown_passkey' } },
    ]);
  });

  it("refuses another admin's passkey", async () => {
    const step = await passwordStep(t, 'admin2fa', PASSWORD);
    const theirs = await t.call({
      method: 'POST',
      url: '/auth/2fa/verify',
      payload: { ...step, token: totpAt(t.demo.twoFactorAdmin.secret, t.clock.now().getTime() / 1000) },
    });
    const other = newAuthenticator();
    t.clock.advance(30_000); // the next authenticator code confirms the session
    await stepUp(t, theirs.json().data.tokens.accessToken);
    await registerPasskey(t, theirs.json().data.tokens.accessToken, other, 'Their key');
    const mine = await passwordStep(t, 'admin', PASSWORD);
    expect((await signInWithPasskey(t, mine, other)).statusCode).toBe(401);
  });

  it('refuses a counter that goes backwards or stands still, and keeps working with the next one', async () => {
    const before = admin.counter;
    const step = await passwordStep(t, 'admin', PASSWORD);
    expect((await signInWithPasskey(t, step, admin, { counter: before })).statusCode).toBe(401);
    expect((await signInWithPasskey(t, step, admin, { counter: before - 1 })).statusCode).toBe(401);
    expect((await stored(passkeyId)).counter).toBe(before);
    expect((await signInWithPasskey(t, step, admin)).statusCode).toBe(200);
    expect((await stored(passkeyId)).counter).toBe(before + 1);
  });

  it('accepts an authenticator that keeps no counter (always 0)', async () => {
    const accessToken = await confirmedPasskeySession(t, 'admin', PASSWORD, admin);
    const still = newAuthenticator(false);
    const id = (await registerPasskey(t, accessToken, still, 'No counter')).id;
    for (let i = 0; i < 2; i++)
      expect((await signInWithPasskey(t, await passwordStep(t, 'admin', PASSWORD), still)).statusCode).toBe(
        200,
      );
    expect((await stored(id)).counter).toBe(0);
  });

  it('an admin with passkeys but no authenticator cannot use /auth/2fa/verify', async () => {
    const step = await passwordStep(t, 'admin', PASSWORD);
    expect(
      (await t.call({ method: 'POST', url: '/auth/2fa/verify', payload: { ...step, token: '123456' } }))
        .statusCode,
    ).toBe(401);
    expect(
      (
        await t.call({
          method: 'POST',
          url: '/auth/2fa/verify',
          payload: { ...step, token: DEMO_BACKUP_CODES[1] },
        })
      ).statusCode,
    ).toBe(401);
  });

  it('an admin without passkeys gets no options; a temp token of another admin or purpose is refused', async () => {
    const other = newAuthenticator();
    const none = await buildTestApp();
    try {
      const step = await passwordStep(none, 'admin2fa', PASSWORD);
      expect((await passkeyCalls(none).signInOptions(step)).json()).toEqual({
        code: 400,
        message: 'No passkey is registered for this account',
      });
      expect((await passkeyCalls(none).verify(step, other.assert({ challenge: 'x' }))).statusCode).toBe(401);
    } finally {
      await none.close();
    }
    const step = await passwordStep(t, 'admin', PASSWORD);
    expect(
      (await calls.signInOptions({ adminId: step.adminId + 1, tempToken: step.tempToken })).statusCode,
    ).toBe(401);
    const { accessToken } = await signInWithPasskey(t, step, admin).then((r) => r.json().data.tokens);
    expect((await calls.signInOptions({ adminId: step.adminId, tempToken: accessToken })).statusCode).toBe(
      401,
    );
    expect((await calls.signInOptions({ adminId: step.adminId } as never)).json().message).toMatch(
      /^tempToken: /,
    );
  });

  it('removing every passkey brings back the password alone (two-factor not required here)', async () => {
    const accessToken = await confirmedPasskeySession(t, 'admin', PASSWORD, admin);
    for (const p of (await calls.list(accessToken)).json().data.passkeys as Array<{ id: number }>) {
      expect((await calls.remove(accessToken, p.id)).statusCode).toBe(200);
    }
    expect((await passwordStep(t, 'admin', PASSWORD)).requires2FA).toBe(false);
  });
});

describe('the origin of a ceremony', () => {
  it('is one of the configured origins: WEBAUTHN_ORIGINS replaces the CORS origins', async () => {
    const other = await buildTestApp({
      WEBAUTHN_RP_ID: 'console.example',
      WEBAUTHN_ORIGINS: 'https://console.example',
    });
    try {
      const { accessToken } = await signIn(other);
      const c = passkeyCalls(other);
      const options = (await c.registrationOptions(accessToken)).json().data;
      expect(options.rp.id).toBe('console.example');
      expect((await c.add(accessToken, 'Local', newAuthenticator().register(options))).statusCode).toBe(400);
      const fromConsole = (await c.registrationOptions(accessToken)).json().data;
      const auth = newAuthenticator();
      const res = await c.add(
        accessToken,
        'Console',
        auth.register(fromConsole, { origin: 'https://console.example' }),
      );
      expect(res.statusCode, res.body).toBe(200);
      expect(ORIGIN).not.toBe('https://console.example');
    } finally {
      await other.close();
    }
  });
});
