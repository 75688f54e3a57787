import { and, eq, isNull } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../../src/app';
import { checkAttempt } from '../../../src/auth/throttle-repository';
import { openSession } from '../../../src/auth/session-repository';
import { totpAt } from '../../../src/auth/totp';
import { createDb } from '../../../src/db/client';
import { admins, auditLog, refreshTokens, signInCounters } from '../../../src/db/schema/auth';
import { buildTestApp, type TestApp } from '../../support/helper';

/*
 * The sign-in throttles under real concurrency: Promise.all over app.inject runs the requests
 * at once (on PostgreSQL, TEST_DATABASE_URL, on separate pooled connections that race on the
 * rows; PGlite serialises the statements), and two API instances share one database.
 */

const PASSWORD = 'admin12345';
const MINUTE = 60_000;

const login = (t: TestApp, identifier: string, password: string, ip: string) =>
  t.call({ method: 'POST', url: '/auth/login', remoteAddress: ip, payload: { identifier, password } });

const times = <T>(n: number, f: (i: number) => T) => Array.from({ length: n }, (_, i) => f(i));
const statuses = (answers: { statusCode: number }[]) => answers.map((a) => a.statusCode);

interface FailureRow {
  reason: string;
  ip: string;
  identifier?: string;
  locked?: boolean;
  lock?: string[];
}
/** The audit rows of refused checks from one address, oldest first: their reason and address columns, and `after`. */
async function failures(t: TestApp, ip: string, action = 'auth.login.failure'): Promise<FailureRow[]> {
  const rows = await t.db
    .select({ reason: auditLog.reason, ip: auditLog.ip, after: auditLog.after })
    .from(auditLog)
    .where(and(eq(auditLog.action, action), eq(auditLog.ip, ip)))
    .orderBy(auditLog.id);
  return rows.map((r) => ({ reason: r.reason!, ip: r.ip!, ...(r.after as object | null) }));
}
const count = (rows: FailureRow[], reason: string) => rows.filter((r) => r.reason === reason).length;

async function idOf(t: TestApp, username: string): Promise<number> {
  const [row] = await t.db.select({ id: admins.id }).from(admins).where(eq(admins.username, username));
  return row!.id;
}

describe('default limits: 10 per account and address, 50 per account, 100 per address', () => {
  let t: TestApp;
  let adminId: number;
  beforeAll(async () => {
    t = await buildTestApp();
    adminId = await idOf(t, 'admin');
  });
  afterAll(() => t.close());
  // Each test starts after every window and lock of the one before.
  beforeEach(() => t.clock.advance(31 * MINUTE));

  it('nine wrong passwords, then eight wrong and the right one at once: no sign-in, and the lock stays', async () => {
    const ip = '10.1.0.1';
    for (let i = 0; i < 9; i++) expect((await login(t, 'admin', `wrong-${i}`, ip)).statusCode).toBe(401);
    // The right one goes last: one at a time, a tenth check with the right password signs in.
    const burst = await Promise.all([
      ...times(8, (i) => login(t, 'admin', `burst-${i}`, ip)),
      login(t, 'admin', PASSWORD, ip),
    ]);
    expect(statuses(burst)).toEqual(times(9, () => 401));
    const rows = await failures(t, ip);
    expect(rows).toHaveLength(18);
    // Ten checks at most; the burst past them locked the pair, once.
    expect(count(rows, 'wrong_password')).toBeLessThanOrEqual(10);
    expect(count(rows, 'locked')).toBeGreaterThanOrEqual(8);
    expect(rows.filter((r) => r.locked)).toEqual([
      expect.objectContaining({ reason: 'locked', locked: true, lock: ['account_ip'] }),
    ]);

    expect((await login(t, 'admin', PASSWORD, ip)).statusCode).toBe(401);
    // Another address signs in, and its success does not lift the first address's lock.
    expect((await login(t, 'admin', PASSWORD, '10.1.0.2')).statusCode).toBe(200);
    expect((await login(t, 'admin', PASSWORD, ip)).statusCode).toBe(401);
    t.clock.advance(15 * MINUTE + 1000);
    expect((await login(t, 'admin', PASSWORD, ip)).statusCode).toBe(200);
  });

  it('20 wrong passwords at once from one address: exactly 10 are checked, the rest refused as locked', async () => {
    const ip = '10.2.0.1';
    const answers = await Promise.all(times(20, (i) => login(t, 'admin', `wrong-${i}`, ip)));
    expect(statuses(answers)).toEqual(times(20, () => 401));
    for (const a of answers) expect(a.json()).toEqual({ code: 401, message: 'Invalid credentials' });
    const rows = await failures(t, ip);
    expect(count(rows, 'wrong_password')).toBe(10);
    expect(count(rows, 'locked')).toBe(10);
    expect(rows.filter((r) => r.locked).map((r) => r.lock)).toEqual([['account_ip']]);
  });

  it('ten wrong passwords from one address lock the admin out from there only', async () => {
    const [attacker, admin] = ['10.3.0.1', '10.3.0.2'];
    for (let i = 0; i < 10; i++)
      expect((await login(t, 'admin', `wrong-${i}`, attacker)).statusCode).toBe(401);
    expect((await login(t, 'admin', PASSWORD, attacker)).statusCode).toBe(401);
    expect((await login(t, 'admin', PASSWORD, admin)).statusCode).toBe(200);
    expect((await failures(t, attacker)).at(-1)).toEqual({
      reason: 'locked',
      identifier: 'admin',
      ip: attacker,
      locked: true,
      lock: ['account_ip'],
    });
    const [pair] = await t.db
      .select()
      .from(signInCounters)
      .where(and(eq(signInCounters.ip, attacker), eq(signInCounters.adminId, adminId)));
    expect(pair!.lockedUntil!.getTime()).toBe(t.clock.now().getTime() + 15 * MINUTE);
  });

  it('wrong codes count for the pair even with the right password between them', async () => {
    const ip = '10.4.0.1';
    const passwordStep = () => login(t, 'admin2fa', PASSWORD, ip);
    for (let i = 0; i < 10; i++) {
      const { adminId, tempToken } = (await passwordStep()).json().data;
      const res = await t.call({
        method: 'POST',
        url: '/auth/2fa/verify',
        remoteAddress: ip,
        payload: { adminId, tempToken, token: String(100000 + i) },
      });
      expect(res.statusCode).toBe(401);
    }
    expect((await passwordStep()).statusCode).toBe(401);
    expect(count(await failures(t, ip, 'auth.2fa.failure'), 'wrong_code')).toBe(10);
    // Elsewhere the admin still signs in, code included.
    const passwordElsewhere = await login(t, 'admin2fa', PASSWORD, '10.4.0.2');
    expect(passwordElsewhere.statusCode).toBe(200);
    const elsewhere = passwordElsewhere.json().data;
    const code = totpAt(t.demo.twoFactorAdmin.secret, t.clock.now().getTime() / 1000);
    const verified = await t.call({
      method: 'POST',
      url: '/auth/2fa/verify',
      remoteAddress: '10.4.0.2',
      payload: { ...elsewhere, token: code },
    });
    expect(verified.statusCode).toBe(200);
  });

  it('password re-checks of a signed-in admin share the locks: 20 at once, 10 checked', async () => {
    const ip = '10.5.0.1';
    const challenge = (await login(t, 'admin2fa', PASSWORD, ip)).json().data;
    const code = totpAt(t.demo.twoFactorAdmin.secret, t.clock.now().getTime() / 1000);
    const signedIn = await t.call({
      method: 'POST',
      url: '/auth/2fa/verify',
      remoteAddress: ip,
      payload: { ...challenge, token: code },
    });
    const token = signedIn.json().data.tokens.accessToken as string;
    const recheck = (password: string) =>
      t.call({
        method: 'POST',
        url: '/auth/2fa/disable',
        remoteAddress: ip,
        token,
        payload: { password, twoFactorCode: '123456' },
      });
    const answers = await Promise.all(times(20, (i) => recheck(`wrong-${i}`)));
    expect(statuses(answers)).toEqual(times(20, () => 400));
    for (const a of answers) expect(a.json()).toEqual({ code: 400, message: 'Invalid password' });
    const rows = await failures(t, ip, 'auth.password.failure');
    expect(rows.filter((r) => r.reason !== 'locked')).toHaveLength(10);
    expect(count(rows, 'wrong_password')).toBe(10);
    expect(count(rows, 'locked')).toBe(10);
  });

  it('the audit row of an identifier that names no admin keeps the reason and address, not what was typed', async () => {
    const ip = '10.6.0.1';
    const typed = 'admin12345 typed into the wrong field';
    expect((await login(t, typed, 'x', ip)).statusCode).toBe(401);
    expect((await login(t, 'admin', 'not-the-password', ip)).statusCode).toBe(401);
    const mine = await t.db
      .select({ adminId: auditLog.adminId, reason: auditLog.reason, ip: auditLog.ip, after: auditLog.after })
      .from(auditLog)
      .where(and(eq(auditLog.action, 'auth.login.failure'), eq(auditLog.ip, ip)))
      .orderBy(auditLog.id);
    expect(mine).toEqual([
      { adminId: null, reason: 'unknown_identifier', ip, after: null },
      { adminId: adminId, reason: 'wrong_password', ip, after: { identifier: 'admin' } },
    ]);
    expect(JSON.stringify(await t.db.select().from(auditLog))).not.toContain('typed into the wrong field');
  });

  it('a check that passes while a burst locks its pair is refused, and no session opens while it is locked', async () => {
    const ip = '10.7.0.1';
    const attempt = { ip, adminId: adminId };
    const now = t.clock.now();
    const wrong = () => checkAttempt(t.db, t.config.signIn, attempt, now, async () => false);
    const right = await checkAttempt(t.db, t.config.signIn, attempt, now, async () => {
      // Nine more checks fill the pair's ten; the tenth overruns it and locks.
      const burst = await Promise.all(times(10, wrong));
      expect(burst.map((b) => b.outcome).sort()).toEqual([...times(9, () => 'failed'), 'locked']);
      return true;
    });
    expect(right).toEqual({ outcome: 'lockedMeanwhile', lockedNow: [] });
    const sessionsBefore = await t.db.$count(refreshTokens);
    expect(await openSession(t.db, adminId, 'password', { ip, userAgent: null }, now)).toBeNull();
    expect(await t.db.$count(refreshTokens)).toBe(sessionsBefore);
    const [pair] = await t.db
      .select()
      .from(signInCounters)
      .where(and(eq(signInCounters.ip, ip), eq(signInCounters.adminId, adminId)));
    expect(pair!.lockedUntil!.getTime()).toBeGreaterThan(now.getTime());
  });

  it('drops the counters whose window and lock are over at the next failure', async () => {
    for (const ip of ['10.7.8.1', '10.7.8.2'])
      expect((await login(t, 'admin', 'wrong', ip)).statusCode).toBe(401);
    expect(await t.db.$count(signInCounters)).toBe(4);
    t.clock.advance(15 * MINUTE);
    expect((await login(t, 'nobody', 'x', '10.7.9.1')).statusCode).toBe(401);
    expect(
      await t.db.select({ ip: signInCounters.ip, adminId: signInCounters.adminId }).from(signInCounters),
    ).toEqual([{ ip: '10.7.9.1', adminId: null }]);
  });
});

describe('per address: LOGIN_MAX_PER_IP=5', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ LOGIN_MAX_PER_IP: '5' });
  });
  afterAll(() => t.close());

  it('20 failures at once from one address: exactly 5 are checked, 15 answered 429', async () => {
    const ip = '10.8.0.1';
    const answers = await Promise.all(
      times(20, (i) => login(t, i % 2 ? 'admin' : 'nobody', `wrong-${i}`, ip)),
    );
    expect(statuses(answers).sort()).toEqual([...times(5, () => 401), ...times(15, () => 429)]);
    expect(answers.find((a) => a.statusCode === 429)!.json()).toEqual({
      code: 429,
      message: 'Too many attempts. Try again later.',
    });
    expect(await failures(t, ip)).toHaveLength(5);
    expect((await login(t, 'admin', PASSWORD, ip)).statusCode).toBe(429);
    expect((await login(t, 'admin', PASSWORD, '10.8.0.2')).statusCode).toBe(200);
  });

  it('an IPv6 host counts as its /64: five failures from five of its addresses, then 429 from a sixth', async () => {
    const answers = [];
    for (let i = 1; i <= 6; i++) answers.push(await login(t, 'nobody', `wrong-${i}`, `2001:db8:7:1::${i}`));
    expect(statuses(answers)).toEqual([401, 401, 401, 401, 401, 429]);
    expect((await login(t, 'admin', PASSWORD, '2001:db8:7:2::1')).statusCode).toBe(200);
  });

  it('two API instances on one database share the count', async () => {
    // On PostgreSQL the second instance has its own connection pool; PGlite is one database in this process.
    const handle = t.databaseUrl ? await createDb({ databaseUrl: t.databaseUrl }) : undefined;
    const second = await buildApp({ config: t.config, db: handle?.db ?? t.db, now: t.clock.now });
    try {
      const ip = '10.8.1.1';
      const viaSecond = (opts: InjectOptions) =>
        second.inject({ ...opts, headers: { [t.config.apiKeyHeader]: t.config.apiKey } });
      const attempt = (i: number) => {
        const opts: InjectOptions = {
          method: 'POST',
          url: '/auth/login',
          remoteAddress: ip,
          payload: { identifier: 'admin', password: `wrong-${i}` },
        };
        return i % 2 ? viaSecond(opts) : t.call(opts);
      };
      const answers = await Promise.all(times(20, attempt));
      expect(statuses(answers).sort()).toEqual([...times(5, () => 401), ...times(15, () => 429)]);
      expect(await failures(t, ip)).toHaveLength(5);
    } finally {
      await second.close();
      await handle?.close();
    }
  });
});

describe('per account: LOGIN_MAX_PER_ACCOUNT_IP=3, LOGIN_MAX_PER_ACCOUNT=7', () => {
  let t: TestApp;
  let adminId: number;
  beforeAll(async () => {
    t = await buildTestApp({ LOGIN_MAX_PER_ACCOUNT_IP: '3', LOGIN_MAX_PER_ACCOUNT: '7' });
    adminId = await idOf(t, 'admin');
  });
  afterAll(() => t.close());

  it('20 wrong passwords at once from 10 addresses: 7 are checked, then the whole account is locked', async () => {
    const ips = times(10, (i) => `10.9.0.${i + 1}`);
    const answers = await Promise.all(times(20, (i) => login(t, 'admin', `wrong-${i}`, ips[i % 10]!)));
    expect(statuses(answers)).toEqual(times(20, () => 401));
    const rows = (await Promise.all(ips.map((ip) => failures(t, ip)))).flat();
    expect(count(rows, 'wrong_password')).toBe(7);
    expect(count(rows, 'locked')).toBe(13);
    expect(rows.filter((r) => r.locked).map((r) => r.lock)).toEqual([['account']]);
    // Refused checks were given back to their pairs: none of them is locked.
    const pairs = await t.db.select().from(signInCounters).where(eq(signInCounters.adminId, adminId));
    expect(pairs.every((p) => p.lockedUntil === null && p.failures <= 2)).toBe(true);

    expect((await login(t, 'admin', PASSWORD, '10.9.1.1')).statusCode).toBe(401);
    expect((await login(t, 'admin2fa', PASSWORD, '10.9.1.1')).statusCode).toBe(200);
    t.clock.advance(15 * MINUTE + 1000);
    expect((await login(t, 'admin', PASSWORD, '10.9.1.1')).statusCode).toBe(200);
  });

  it('the pair still locks first, at 3', async () => {
    t.clock.advance(31 * MINUTE);
    const ip = '10.9.2.1';
    for (let i = 0; i < 3; i++) expect((await login(t, 'admin', `wrong-${i}`, ip)).statusCode).toBe(401);
    expect((await login(t, 'admin', PASSWORD, ip)).statusCode).toBe(401);
    expect((await login(t, 'admin', PASSWORD, '10.9.2.2')).statusCode).toBe(200);
    const [address] = await t.db
      .select()
      .from(signInCounters)
      .where(and(eq(signInCounters.ip, ip), isNull(signInCounters.adminId)));
    expect(address!.failures).toBe(4);
  });
});
