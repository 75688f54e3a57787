import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminPasskeys, auditLog } from '../../../src/db/schema/auth';
import { buildTestApp, signIn, type TestApp } from '../../support/helper';
import {
  newAuthenticator,
  passkeyCalls,
  passkeySession,
  registerPasskey,
  stepUpWithPasskey,
} from '../../support/passkey-support';

/*
 * A passkey confirms a step-up (the money calls, adding and removing passkeys), and adding or
 * removing a passkey needs one.
 */

const PASSWORD = 'admin12345';
const WINDOW = 5 * 60_000;
let t: TestApp;
let calls: ReturnType<typeof passkeyCalls>;
const key = newAuthenticator();
let adminId: number;

beforeAll(async () => {
  t = await buildTestApp();
  calls = passkeyCalls(t);
  const { accessToken } = await signIn(t);
  await registerPasskey(t, accessToken, key, 'Laptop');
  adminId = (await t.app.tokens.verifyAccess(accessToken))!.adminId;
});
afterAll(() => t.close());

const status = async (token: string) =>
  (await t.call({ method: 'GET', url: '/auth/step-up', token })).json().data as {
    methods: string[];
    validUntil: string | null;
  };
const stepUpFailures = () =>
  t.db
    .select({ reason: auditLog.reason, after: auditLog.after })
    .from(auditLog)
    .where(and(eq(auditLog.action, 'auth.step_up.failure'), eq(auditLog.adminId, adminId)))
    .orderBy(auditLog.id);

describe('adding and removing a passkey needs a fresh step-up', () => {
  it('a new sign-in is refused with 428 naming the passkey; a passkey step-up lets it add one, for 5 minutes', async () => {
    const token = await passkeySession(t, 'admin', PASSWORD, key);
    expect(await status(token)).toEqual({ methods: ['passkey'], validUntil: null });
    for (const refused of [
      await calls.registrationOptions(token),
      await calls.add(token, 'Phone', newAuthenticator().register({ challenge: 'x' })),
    ]) {
      expect(refused.json()).toEqual({
        code: 428,
        message: "Confirm it's you",
        data: { stepUp: { methods: ['passkey'] } },
      });
    }
    const [listed] = (await calls.list(token)).json().data.passkeys as Array<{ id: number }>;
    expect((await calls.remove(token, listed!.id)).statusCode).toBe(428);

    const confirmed = await stepUpWithPasskey(t, token, key);
    expect(confirmed.json()).toEqual({
      code: 200,
      message: 'Identity confirmed',
      data: { validUntil: new Date(t.clock.now().getTime() + WINDOW).toISOString() },
    });
    const [row] = await t.db
      .select({ action: auditLog.action, entity: auditLog.entity, after: auditLog.after })
      .from(auditLog)
      .orderBy(desc(auditLog.id))
      .limit(1);
    expect(row).toEqual({ action: 'auth.step_up', entity: 'session', after: { method: 'passkey' } });
    const phone = await registerPasskey(t, token, newAuthenticator(), 'Phone');
    expect((await calls.remove(token, phone.id)).statusCode).toBe(200);

    t.clock.advance(WINDOW);
    expect((await calls.registrationOptions(token)).statusCode).toBe(428);
  });

  it('the step-up records the use of the passkey: counter and last use', async () => {
    const token = await passkeySession(t, 'admin', PASSWORD, key);
    t.clock.advance(1000);
    expect((await stepUpWithPasskey(t, token, key)).statusCode).toBe(200);
    const [row] = await t.db.select().from(adminPasskeys).where(eq(adminPasskeys.credentialId, key.id));
    expect(row).toMatchObject({ counter: key.counter, lastUsedAt: t.clock.now() });
  });
});

describe('an admin whose second factor is a passkey', () => {
  it('adds an authenticator app only after a step-up with it: the password alone gets 428', async () => {
    const token = await passkeySession(t, 'admin', PASSWORD, key);
    const required = { code: 428, message: "Confirm it's you", data: { stepUp: { methods: ['passkey'] } } };
    expect((await t.call({ method: 'GET', url: '/auth/2fa/setup', token })).json()).toEqual(required);
    const enable = await t.call({
      method: 'POST',
      url: '/auth/2fa/enable',
      token,
      payload: { secret: 'JBSWY3DPEHPK3PXP', token: '123456', backupCodes: [], password: PASSWORD },
    });
    expect(enable.json()).toEqual(required);
    t.clock.advance(1000);
    expect((await stepUpWithPasskey(t, token, key)).statusCode).toBe(200);
    const setup = await t.call({ method: 'GET', url: '/auth/2fa/setup', token });
    expect(setup.statusCode, setup.body).toBe(200);
  });
});

describe('a passkey step-up is refused', () => {
  it('for a wrong origin, a wrong relying party, no user verification, another challenge, an unknown passkey: 400, audited, the session not confirmed', async () => {
    const token = await passkeySession(t, 'admin', PASSWORD, key);
    const before = (await stepUpFailures()).length;
    for (const tamper of [
      { origin: 'https://evil.example' },
      { rpId: 'evil.example' },
      { uv: false },
      { challenge: 'bm90LXRoZS1jaGFsbGVuZ2U' },
    ]) {
      expect((await stepUpWithPasskey(t, token, key, tamper)).json(), JSON.stringify(tamper)).toEqual({
        code: 400,
        message: 'Invalid verification code',
      });
    }
    expect((await stepUpWithPasskey(t, token, newAuthenticator())).statusCode).toBe(400);
    expect((await status(token)).validUntil).toBeNull();
    const family = (await t.app.tokens.verifyAccess(token))!.familyId;
    expect((await stepUpFailures()).slice(before)).toEqual([
      ...Array.from({ length: 4 }, () => ({
        reason: 'passkey',
        after: { method: 'passkey', session: family, problem: 'not_verified' },
      })),
      { reason: 'passkey', after: { method: 'passkey', session: family, problem: 'unknown_passkey' } },
    ]);
  });

  it("for another session's challenge, and for an answer used once already", async () => {
    const mine = await passkeySession(t, 'admin', PASSWORD, key);
    const other = await passkeySession(t, 'admin', PASSWORD, key);
    const options = (await calls.stepUpOptions(mine)).json().data;
    const answer = key.assert(options);
    expect((await calls.stepUp(other, answer)).statusCode).toBe(400);
    expect((await calls.stepUp(mine, answer)).statusCode).toBe(200);
    expect((await calls.stepUp(mine, answer)).statusCode).toBe(400);
  });

  it('for a counter that did not grow', async () => {
    const token = await passkeySession(t, 'admin', PASSWORD, key);
    expect((await stepUpWithPasskey(t, token, key, { counter: key.counter })).statusCode).toBe(400);
    expect((await stepUpWithPasskey(t, token, key)).statusCode).toBe(200);
  });

  it('for an admin without passkeys: no options, and an answer is refused (400)', async () => {
    const other = await buildTestApp();
    try {
      const { accessToken } = await signIn(other, undefined, undefined, { stepUp: false });
      expect((await passkeyCalls(other).stepUpOptions(accessToken)).json()).toEqual({
        code: 400,
        message: 'No passkey is registered for this account',
      });
      expect((await passkeyCalls(other).stepUp(accessToken, key.assert({ challenge: 'x' }))).statusCode).toBe(
        400,
      );
    } finally {
      await other.close();
    }
  });

  it('validates the body: 400 naming the field', async () => {
    const token = await passkeySession(t, 'admin', PASSWORD, key);
    expect((await calls.stepUp(token, { id: 'a' })).json().message).toMatch(/^response\./);
  });
});

describe('passkey step-ups go through the sign-in throttles', () => {
  it('past the address limit: 429, and the right passkey is refused too', async () => {
    const limited = await buildTestApp({ LOGIN_MAX_PER_IP: '3' });
    try {
      const own = newAuthenticator();
      const token = (await signIn(limited)).accessToken;
      await registerPasskey(limited, token, own);
      const answers = [];
      for (let i = 0; i < 4; i++)
        answers.push((await stepUpWithPasskey(limited, token, own, { uv: false })).statusCode);
      expect(answers).toEqual([400, 400, 400, 429]);
      expect((await stepUpWithPasskey(limited, token, own)).json()).toEqual({
        code: 429,
        message: 'Too many attempts. Try again later.',
      });
    } finally {
      await limited.close();
    }
  });
});
