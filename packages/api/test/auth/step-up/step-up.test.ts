import { readdirSync } from 'node:fs';
import { and, eq, gt } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  envelope,
  STEP_UP_MESSAGE,
  STEP_UP_STATUS,
  STEP_UP_WINDOW_MINUTES,
  stepUpRequiredSchema,
  stepUpStatusResponseSchema,
} from '@manager/contract';
import { totpAt } from '../../../src/auth/totp';
import {
  adminPasskeys,
  admins,
  adminSessions,
  auditLog,
  settings,
  users,
  withdrawals,
} from '../../../src/db/schema/index';
import { auditMark } from '../../support/audit-support';
import {
  buildTestApp,
  DEMO_BACKUP_CODES,
  signIn,
  stepUp,
  twoFactorPasswordStep,
  type TestApp,
} from '../../support/helper';
import { multipart, PNG } from '../../support/multipart';
import { giftWithdrawal, tonWithdrawal } from '../../support/withdrawals-fixtures';

const WINDOW_MS = STEP_UP_WINDOW_MINUTES * 60_000;
const PLAYER = 7_100_000_001;
const BALANCES = {
  tonBalance: 2,
  starsBalance: 3,
  redChipBalance: 4,
  playBalance: 5,
  refNormal: 6,
  refPremium: 7,
};
const SETTINGS = {
  technicalMode: 'false',
  playToStars: '0.5',
  playToRedChip: '2',
  bannerOneUrl: 'MarketPage',
  bannerOneStatus: 'true',
  bannerTwoUrl: 'close',
  bannerTwoStatus: 'false',
};

let t: TestApp;
/** A session that only reads (reads need no step-up). */
let reader: string;
beforeAll(async () => {
  t = await buildTestApp();
  reader = (await signIn(t, undefined, undefined, { stepUp: false })).accessToken;
  await t.db.insert(users).values({ telegramId: PLAYER, username: 'step_up_case' });
  await t.db.insert(settings).values({ id: 1, playToStars: '0.5', playToRedChip: '2' });
});
afterAll(() => t?.close());
// Each test signs in afresh, so none inherits another's step-up; a code works once per step.
beforeEach(() => t.clock.advance(30_000));

const adminIdOf = async (username: string) =>
  (await t.db.select({ id: admins.id }).from(admins).where(eq(admins.username, username)))[0]!.id;
const freshSession = async () => (await signIn(t, undefined, undefined, { stepUp: false })).accessToken;
/** admin2fa signed in (with a backup code), not stepped up. */
async function twoFactorSession(backupCode = DEMO_BACKUP_CODES[9]!): Promise<string> {
  const step = await twoFactorPasswordStep(t);
  const res = await t.call({
    method: 'POST',
    url: '/auth/2fa/verify',
    payload: { ...step, token: backupCode },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.tokens.accessToken;
}
const status = async (token: string) => {
  const res = await t.call({ method: 'GET', url: '/auth/step-up', token });
  expect(res.statusCode, res.body).toBe(200);
  return envelope(stepUpStatusResponseSchema).parse(res.json()).data;
};
const confirm = (token: string, payload: object, remoteAddress?: string) =>
  t.call({
    method: 'POST',
    url: '/auth/step-up',
    token,
    payload,
    ...(remoteAddress ? { remoteAddress } : {}),
  });
const currentBalances = async () => {
  const res = await t.call({ method: 'GET', url: `/manager/users/${PLAYER}`, token: reader });
  const user = res.json().data;
  return Object.fromEntries(Object.keys(BALANCES).map((k) => [k, user[k]]));
};
const editBalances = async (token: string, values = BALANCES) =>
  t.call({
    method: 'PUT',
    url: `/manager/users/${PLAYER}/balances`,
    token,
    payload: { ...values, expected: await currentBalances(), reason: 'Support ticket 7' },
  });
const saveSettings = (token: string, fields: Record<string, string> = {}) =>
  t.call({
    method: 'POST',
    url: '/manager/settings',
    token,
    ...multipart(Object.entries({ ...SETTINGS, ...fields }).map(([name, value]) => ({ name, value }))),
  });
const storedRates = async () =>
  (await t.db.select({ stars: settings.playToStars, red: settings.playToRedChip }).from(settings))[0];

/** The answer of a call refused for want of a step-up. */
function expectStepUpRequired(res: { statusCode: number; json(): unknown; body: string }, methods: string[]) {
  expect(res.statusCode, res.body).toBe(STEP_UP_STATUS);
  const body = res.json() as { code: number; message: string; data: unknown };
  expect(body).toEqual({ code: STEP_UP_STATUS, message: STEP_UP_MESSAGE, data: { stepUp: { methods } } });
  expect(stepUpRequiredSchema.safeParse(body.data).success).toBe(true);
}

describe('calls that move money need a fresh step-up', () => {
  it('a new sign-in has none: a balance edit answers 428 "Confirm it\'s you" with the methods, and changes nothing', async () => {
    const token = await freshSession();
    const before = await currentBalances();
    const mark = await auditMark(t);
    expectStepUpRequired(await editBalances(token), ['password']);
    expect(await currentBalances()).toEqual(before);
    expect(await t.db.select().from(auditLog).where(gt(auditLog.id, mark))).toEqual([]);
  });

  it('each guarded call is refused, then allowed once the session confirmed', async () => {
    const token = await freshSession();
    // Below the dual-approval threshold, so one decision decides; a TON payout has no gift to transfer.
    const pending = [
      await giftWithdrawal(t, '1'),
      await tonWithdrawal(t, '5', '1'),
      await tonWithdrawal(t, '5', '1'),
    ];
    const decisions = ['with-transfer', 'without-transfer', 'reject'] as const;
    const decide = (i: number) =>
      t.call({
        method: 'POST',
        url: `/manager/withdrawals/${decisions[i]}`,
        token,
        payload: { id: pending[i]!.withdrawal.id, reason: 'checked' },
      });
    const guarded = [
      () => editBalances(token),
      () => saveSettings(token, { playToStars: '0.75' }),
      ...decisions.map((_, i) => () => decide(i)),
    ];
    for (const send of guarded) expectStepUpRequired(await send(), ['password']);
    const undecided = await t.db.select({ decision: withdrawals.decision }).from(withdrawals);
    expect(undecided.every((w) => w.decision === null)).toBe(true);
    expect(await storedRates()).toEqual({ stars: '0.500000000', red: '2.000000000' });

    await stepUp(t, token, { method: 'password', password: t.demo.admin.password });
    for (const send of guarded) {
      const res = await send();
      expect(res.statusCode, res.body).toBe(200);
    }
    const decided = await t.db.select({ decision: withdrawals.decision }).from(withdrawals);
    expect(decided.map((w) => w.decision).sort()).toEqual(['rejected', 'with-transfer', 'without-transfer']);
    expect((await storedRates())!.stars).toBe('0.750000000');
  });

  it('holds for exactly the window by the app clock: a millisecond before its end passes, at its end 428', async () => {
    const token = await freshSession();
    expect(await status(token)).toEqual({ methods: ['password'], validUntil: null });
    const at = t.clock.now();
    const { validUntil } = await stepUp(t, token, { method: 'password', password: t.demo.admin.password });
    expect(validUntil).toBe(new Date(at.getTime() + WINDOW_MS).toISOString());
    expect(await status(token)).toEqual({ methods: ['password'], validUntil });

    t.clock.advance(WINDOW_MS - 1);
    expect((await editBalances(token)).statusCode).toBe(200);
    expect((await status(token)).validUntil).toBe(validUntil);
    t.clock.advance(1);
    expectStepUpRequired(await editBalances(token), ['password']);
    expect((await status(token)).validUntil).toBeNull();
  });

  it('a confirmation stamped by an instance whose clock runs a little ahead holds as well', async () => {
    const token = await freshSession();
    const session = (await t.app.tokens.verifyAccess(token))!.familyId!;
    await t.db
      .update(adminSessions)
      .set({ stepUpAt: new Date(t.clock.now().getTime() + 2_000) })
      .where(eq(adminSessions.id, session));
    expect((await editBalances(token)).statusCode).toBe(200);
  });

  it('a confirmation stamped far ahead of this clock does not hold: a fast clock elsewhere cannot stretch the window', async () => {
    const token = await freshSession();
    const session = (await t.app.tokens.verifyAccess(token))!.familyId!;
    await t.db
      .update(adminSessions)
      .set({ stepUpAt: new Date(t.clock.now().getTime() + 31_000) })
      .where(eq(adminSessions.id, session));
    expectStepUpRequired(await editBalances(token), ['password']);
  });

  it('belongs to its session: another sign-in of the same admin starts without, a signed-out session loses it', async () => {
    const first = (await signIn(t)).accessToken;
    const second = await freshSession();
    expectStepUpRequired(await editBalances(second), ['password']);
    expect((await editBalances(first)).statusCode).toBe(200);
    expect((await t.call({ method: 'POST', url: '/auth/logout', token: first })).statusCode).toBe(200);
    expect((await editBalances(first)).statusCode).toBe(401);
    expect((await confirm(first, { method: 'password', password: t.demo.admin.password })).statusCode).toBe(
      401,
    );
  });
});

describe('settings: only a change of the rates needs the step-up', () => {
  it('a save that keeps the stored rates (a banner change) passes without one; changing a rate is 428 and stores nothing', async () => {
    const token = await freshSession();
    const rates = await storedRates();
    const keep = { playToStars: String(Number(rates!.stars)), playToRedChip: String(Number(rates!.red)) };
    const banner = await saveSettings(token, {
      ...keep,
      bannerOneUrl: 'DepositPage',
      bannerOneStatus: 'false',
    });
    expect(banner.statusCode, banner.body).toBe(200);
    expect(banner.json().data).toMatchObject({ bannerOneUrl: 'DepositPage', bannerOneStatus: false });

    const mark = await auditMark(t);
    expectStepUpRequired(await saveSettings(token, { ...keep, playToRedChip: '3' }), ['password']);
    expectStepUpRequired(await saveSettings(token, { ...keep, playToStars: '9' }), ['password']);
    expect(await storedRates()).toEqual(rates);
    expect(await t.db.select().from(auditLog).where(gt(auditLog.id, mark))).toEqual([]);
  });

  it('rates are compared as stored decimals, not doubles: a rate one double apart from the stored one is a change', async () => {
    const token = await freshSession();
    const stored = await storedRates();
    try {
      await t.db.update(settings).set({ playToStars: '123456789.123456789' });
      // The form shows the stored rate as a double and sends it back: 123456789.12345679.
      const shown = String(Number('123456789.123456789'));
      expectStepUpRequired(
        await saveSettings(token, { playToStars: shown, playToRedChip: String(Number(stored!.red)) }),
        ['password'],
      );
      expect((await storedRates())!.stars).toBe('123456789.123456789');
    } finally {
      await t.db.update(settings).set({ playToStars: stored!.stars });
    }
  });

  it('a refused rate change keeps no uploaded banner', async () => {
    const token = await freshSession();
    const files = () => readdirSync(t.config.uploadsDir).sort();
    const before = files();
    const res = await t.call({
      method: 'POST',
      url: '/manager/settings',
      token,
      ...multipart([
        ...Object.entries({ ...SETTINGS, playToStars: '42' }).map(([name, value]) => ({ name, value })),
        { name: 'bannerOneImage', value: PNG, filename: 'one.png' },
      ]),
    });
    expectStepUpRequired(res, ['password']);
    expect(files()).toEqual(before);
  });

  it('is decided against the stored rates as the save writes them: a save racing a rate change never reverts it without a step-up', async () => {
    const confirmed = (await signIn(t)).accessToken;
    const plain = await freshSession();
    for (let round = 0; round < 10; round++) {
      await t.db.update(settings).set({ playToStars: '1', playToRedChip: '1' });
      const mark = await auditMark(t);
      // `plain` saves the form as it read it (rates 1): only its banner differs, so it needs
      // no step-up, unless the confirmed save changed the rates first.
      const [change, keep] = await Promise.all([
        saveSettings(confirmed, { playToStars: String(round + 2), playToRedChip: '1' }),
        saveSettings(plain, {
          playToStars: '1',
          playToRedChip: '1',
          bannerTwoStatus: round % 2 ? 'true' : 'false',
        }),
      ]);
      expect(change.statusCode, change.body).toBe(200);
      expect([200, STEP_UP_STATUS]).toContain(keep.statusCode);
      expect((await storedRates())!.stars).toBe(`${round + 2}.000000000`);
      const rows = await t.db
        .select()
        .from(auditLog)
        .where(and(gt(auditLog.id, mark), eq(auditLog.action, 'settings.update')));
      expect(rows).toHaveLength(keep.statusCode === 200 ? 2 : 1);
      expect(rows.filter((r) => 'playToStars' in ((r.after as object | null) ?? {}))).toHaveLength(1);
    }
  });
});

describe('GET /auth/step-up: the methods an admin can confirm with', () => {
  it('password for an admin without a second factor, the authenticator with 2FA, a passkey when they have one, never the password beside one', async () => {
    expect((await status(await freshSession())).methods).toEqual(['password']);
    expect((await status(await twoFactorSession(DEMO_BACKUP_CODES[8]))).methods).toEqual(['totp']);

    const adminId = await adminIdOf(t.demo.admin.username);
    const twoFactorId = await adminIdOf(t.demo.twoFactorAdmin.username);
    const passkey = { name: 'Laptop', publicKey: 'AQ', counter: 0 };
    // Signed in before the passkeys are added: with one, the sign-in itself asks for it.
    const token = await freshSession();
    const twoFactorToken = await twoFactorSession(DEMO_BACKUP_CODES[7]);
    await t.db.insert(adminPasskeys).values([
      { ...passkey, adminId, credentialId: 'cred-admin' },
      { ...passkey, adminId: twoFactorId, credentialId: 'cred-2fa' },
    ]);
    try {
      expect((await status(token)).methods).toEqual(['passkey']);
      expectStepUpRequired(await editBalances(token), ['passkey']);
      const byPassword = await confirm(token, { method: 'password', password: t.demo.admin.password });
      expect(byPassword.statusCode).toBe(400);
      expect(byPassword.json().message).toBe('method: Confirm with passkey');
      expect((await status(twoFactorToken)).methods).toEqual(['totp', 'passkey']);
    } finally {
      await t.db.delete(adminPasskeys);
    }
  });
});

describe('POST /auth/step-up', () => {
  const sessionsOf = (token: string) => t.app.tokens.verifyAccess(token).then((v) => v!.familyId!);

  it('with the authenticator code: confirms this session, audited auth.step_up on the session with the method', async () => {
    const token = await twoFactorSession(DEMO_BACKUP_CODES[6]);
    const adminId = await adminIdOf(t.demo.twoFactorAdmin.username);
    const mark = await auditMark(t);
    const res = await confirm(token, {
      method: 'totp',
      token: totpAt(t.demo.twoFactorAdmin.secret, t.clock.now().getTime() / 1000),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      code: 200,
      message: 'Identity confirmed',
      data: { validUntil: new Date(t.clock.now().getTime() + WINDOW_MS).toISOString() },
    });
    const session = await sessionsOf(token);
    const [row] = await t.db
      .select({ stepUpAt: adminSessions.stepUpAt })
      .from(adminSessions)
      .where(eq(adminSessions.id, session));
    expect(row!.stepUpAt).toEqual(t.clock.now());
    const rows = await t.db.select().from(auditLog).where(gt(auditLog.id, mark));
    expect(rows).toMatchObject([
      { action: 'auth.step_up', adminId, entity: 'session', entityId: session, after: { method: 'totp' } },
    ]);
    expect((await editBalances(token)).statusCode).toBe(200);
  });

  it('a backup code works once; the same authenticator code twice is refused', async () => {
    const token = await twoFactorSession(DEMO_BACKUP_CODES[5]);
    const mark = await auditMark(t);
    expect((await confirm(token, { method: 'totp', token: DEMO_BACKUP_CODES[4]! })).statusCode).toBe(200);
    const again = await confirm(token, { method: 'totp', token: DEMO_BACKUP_CODES[4]! });
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe('Invalid verification code');
    const code = totpAt(t.demo.twoFactorAdmin.secret, t.clock.now().getTime() / 1000);
    expect((await confirm(token, { method: 'totp', token: code })).statusCode).toBe(200);
    expect((await confirm(token, { method: 'totp', token: code })).statusCode).toBe(400);
    const rows = await t.db.select().from(auditLog).where(gt(auditLog.id, mark)).orderBy(auditLog.id);
    expect(rows.map((r) => [r.action, r.after])).toEqual([
      ['auth.step_up', { method: 'backup_code' }],
      ['auth.step_up.failure', { method: 'totp', session: await sessionsOf(token) }],
      ['auth.step_up', { method: 'totp' }],
      ['auth.step_up.failure', { method: 'totp', session: await sessionsOf(token) }],
    ]);
  });

  it('a wrong password or code is a 400 (not a 401, which would refresh the token), audited, and the session stays without a step-up', async () => {
    const token = await freshSession();
    const mark = await auditMark(t);
    const wrong = await confirm(token, { method: 'password', password: 'not it' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe('Invalid password');
    const code = await confirm(await twoFactorSession(DEMO_BACKUP_CODES[3]), {
      method: 'totp',
      token: '000000',
    });
    expect(code.statusCode).toBe(400);
    expect(code.json().message).toBe('Invalid verification code');
    const rows = await t.db
      .select()
      .from(auditLog)
      .where(and(gt(auditLog.id, mark), eq(auditLog.action, 'auth.step_up.failure')))
      .orderBy(auditLog.id);
    expect(rows.map((r) => r.reason)).toEqual(['wrong_password', 'wrong_code']);
    expect((await status(token)).validUntil).toBeNull();
    expectStepUpRequired(await editBalances(token), ['password']);
  });

  it('bad input is a 400 naming the field; the authenticator method is refused to an admin without 2FA', async () => {
    const token = await freshSession();
    const cases: Array<[unknown, string]> = [
      [{}, 'method'],
      [{ method: 'sms', token: '123456' }, 'method'],
      [{ method: 'password' }, 'password'],
      [{ method: 'password', password: '' }, 'password'],
      [{ method: 'totp', token: '  ' }, 'token'],
      [{ method: 'totp', token: 'x'.repeat(100) }, 'token'],
    ];
    for (const [payload, field] of cases) {
      const res = await confirm(token, payload as object);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().message).toMatch(new RegExp(`^${field}:`));
    }
    const totp = await confirm(token, { method: 'totp', token: '123456' });
    expect(totp.statusCode).toBe(400);
    expect(totp.json().message).toBe('method: Confirm with password');
  });
});

describe('step-up checks count toward the sign-in throttles', () => {
  let th: TestApp;
  beforeAll(async () => {
    th = await buildTestApp({
      LOGIN_MAX_PER_ACCOUNT_IP: '3',
      LOGIN_MAX_PER_ACCOUNT: '5',
      LOGIN_MAX_PER_IP: '8',
    });
  });
  afterAll(() => th?.close());

  it('wrong passwords lock the account from that address (then even the right one is refused, as too many attempts); past the address limit 429', async () => {
    const login = async () => (await signIn(th, undefined, undefined, { stepUp: false })).accessToken;
    const token = await login();
    const send = (password: string, ip = '10.9.0.1') =>
      th.call({
        method: 'POST',
        url: '/auth/step-up',
        token,
        payload: { method: 'password', password },
        remoteAddress: ip,
      });
    for (let i = 0; i < 3; i++) expect((await send('wrong')).statusCode).toBe(400);
    const locked = await send(th.demo.admin.password);
    expect(locked.json()).toEqual({ code: 429, message: 'Too many attempts. Try again later.' });
    const [row] = await th.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'auth.step_up.failure'))
      .orderBy(auditLog.id)
      .limit(1)
      .offset(3);
    expect(row).toMatchObject({ reason: 'locked', after: expect.objectContaining({ locked: true }) });
    expect((await th.call({ method: 'GET', url: '/auth/step-up', token })).json().data.validUntil).toBeNull();
    // From another address the pair is not locked: the right password confirms.
    expect((await send(th.demo.admin.password, '10.9.0.2')).statusCode).toBe(200);
    // The address counts every check, whatever the account: past its limit, 429.
    const answers: number[] = [];
    for (let i = 0; i < 10; i++) answers.push((await send('wrong', '10.9.0.3')).statusCode);
    expect(answers).toContain(429);
  });
});
