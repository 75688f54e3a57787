import { and, desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdmin } from '../../../src/auth/admin-repository';
import { hashPassword } from '../../../src/auth/passwords';
import { totpAt } from '../../../src/auth/totp';
import { adminSessions, auditLog } from '../../../src/db/schema/auth';
import { buildTestApp, type TestApp } from '../../support/helper';

const MINUTE = 60_000;
const MAC_CHROME =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const IPHONE_SAFARI =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';
const PASSWORD = 'sessions-test-password';

interface Signed {
  accessToken: string;
  refreshToken: string;
  /** The session's id: the access token's `fid` claim. */
  id: string;
}

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

let admins = 0;
/** An admin of the test's own, so no other test's sessions show in its list. */
async function newAdmin(app = t): Promise<{ id: number; username: string }> {
  const username = `sessions${++admins}`;
  const row = await createAdmin(
    app.db,
    { username, email: null, passwordHash: await hashPassword(PASSWORD) },
    ['owner'],
  );
  return { id: row!.id, username };
}

async function signIn(username: string, userAgent = MAC_CHROME, app = t): Promise<Signed> {
  const res = await app.call({
    method: 'POST',
    url: '/auth/login',
    payload: { identifier: username, password: PASSWORD },
    headers: { 'user-agent': userAgent },
  });
  expect(res.statusCode, res.body).toBe(200);
  const tokens = res.json().data.tokens as { accessToken: string; refreshToken: string };
  const claims = JSON.parse(Buffer.from(tokens.accessToken.split('.')[1]!, 'base64url').toString()) as {
    fid: string;
  };
  return { ...tokens, id: claims.fid };
}

const profile = (s: Signed, app = t) =>
  app.call({ method: 'GET', url: '/auth/profile', token: s.accessToken });
const background = (s: Signed, app = t) =>
  app.call({
    method: 'GET',
    url: '/manager/metrics',
    token: s.accessToken,
    headers: { 'x-background': '1' },
  });
const list = (s: Signed) => t.call({ method: 'GET', url: '/auth/sessions', token: s.accessToken });
const end = (s: Signed, id: string) =>
  t.call({ method: 'DELETE', url: `/auth/sessions/${id}`, token: s.accessToken });
const endOthers = (s: Signed) =>
  t.call({ method: 'POST', url: '/auth/sessions/end-others', token: s.accessToken });
/** Trades the session's refresh token for a new pair (kept in `s`); the status code. */
async function refresh(s: Signed, app = t): Promise<number> {
  const res = await app.call({
    method: 'POST',
    url: '/auth/refresh-token',
    payload: { refreshToken: s.refreshToken },
  });
  if (res.statusCode === 200) Object.assign(s, res.json().data.tokens);
  return res.statusCode;
}
const row = async (id: string, app = t) =>
  (await app.db.select().from(adminSessions).where(eq(adminSessions.id, id)))[0]!;
const auditRows = (adminId: number, action: string) =>
  t.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.adminId, adminId), eq(auditLog.action, action)))
    .orderBy(desc(auditLog.id));
/** Whether the session can still be used: its access token, then its refresh token. */
const works = async (s: Signed) => [(await profile(s)).statusCode, await refresh(s)];

describe('GET /auth/sessions', () => {
  it("lists the admin's open sessions: browser and system, IP, signed in, last active, the current one marked", async () => {
    const admin = await newAdmin();
    const laptop = await signIn(admin.username, MAC_CHROME);
    const signedInAt = t.clock.now().toISOString();
    t.clock.advance(2 * MINUTE);
    const phone = await signIn(admin.username, IPHONE_SAFARI);
    const later = t.clock.now().toISOString();
    const other = await newAdmin();
    await signIn(other.username);

    const res = await list(laptop);
    expect(res.statusCode).toBe(200);
    // The list call is the laptop's activity too: both were active just now, the phone signed in last.
    expect(res.json().data.sessions).toEqual([
      {
        id: phone.id,
        browser: 'Mobile Safari 17',
        system: 'iOS 17.4',
        ip: '127.0.0.1',
        signedInAt: later,
        lastActiveAt: later,
        current: false,
      },
      {
        id: laptop.id,
        browser: 'Chrome 131',
        system: 'macOS',
        ip: '127.0.0.1',
        signedInAt,
        lastActiveAt: later,
        current: true,
      },
    ]);
    expect(
      (await list(phone))
        .json()
        .data.sessions.map((s: { id: string; current: boolean }) => [s.id, s.current]),
    ).toEqual([
      [phone.id, true],
      [laptop.id, false],
    ]);
  });

  it('says Unknown for a user agent it cannot read, and leaves out sessions that ended', async () => {
    const admin = await newAdmin();
    const current = await signIn(admin.username, 'curl/8.5.0');
    const gone = await signIn(admin.username);
    expect((await t.call({ method: 'POST', url: '/auth/logout', token: gone.accessToken })).statusCode).toBe(
      200,
    );
    expect(await row(gone.id)).toMatchObject({ endedAt: t.clock.now(), endReason: 'logout' });
    const sessions = (await list(current)).json().data.sessions;
    expect(sessions).toEqual([
      expect.objectContaining({ id: current.id, browser: 'Unknown', system: 'Unknown', current: true }),
    ]);
  });
});

describe('DELETE /auth/sessions/:id', () => {
  it('signs out another session: its access and refresh tokens are refused at once, with one audit row', async () => {
    const admin = await newAdmin();
    const here = await signIn(admin.username);
    const there = await signIn(admin.username, IPHONE_SAFARI);
    const res = await end(here, there.id);
    expect(res.json()).toEqual({ code: 200, message: 'Session signed out', data: null });
    expect((await profile(there)).statusCode).toBe(401);
    expect(await refresh(there)).toBe(401);
    expect(await works(here)).toEqual([200, 200]);
    expect((await list(here)).json().data.sessions.map((s: { id: string }) => s.id)).toEqual([here.id]);
    expect(await row(there.id)).toMatchObject({ endedAt: t.clock.now(), endReason: 'signed_out' });
    const audit = await auditRows(admin.id, 'auth.session.end');
    expect(audit).toEqual([
      expect.objectContaining({
        entity: 'session',
        entityId: there.id,
        before: { endedAt: null, endReason: null },
        after: { endedAt: t.clock.now().toISOString(), endReason: 'signed_out' },
      }),
    ]);
    // Ended once: a second sign-out finds no open session and writes nothing.
    expect((await end(here, there.id)).statusCode).toBe(404);
    expect(await auditRows(admin.id, 'auth.session.end')).toHaveLength(1);
  });

  it("cannot end another admin's session or an unknown one (404, nothing written); a malformed id is 400", async () => {
    const admin = await newAdmin();
    const other = await newAdmin();
    const mine = await signIn(admin.username);
    const theirs = await signIn(other.username);
    for (const id of [theirs.id, '4b0e3a65-8d55-4d2b-9a77-2f51c8a3b0c1']) {
      expect((await end(mine, id)).json()).toEqual({ code: 404, message: 'Session not found' });
    }
    expect(await works(theirs)).toEqual([200, 200]);
    expect(await row(theirs.id)).toMatchObject({ endedAt: null, endReason: null });
    const bad = await end(mine, 'not-a-session');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/^id: /);
    expect(await auditRows(admin.id, 'auth.session.end')).toEqual([]);
  });

  it('ends the current session too when asked by its id', async () => {
    const admin = await newAdmin();
    const s = await signIn(admin.username);
    expect((await end(s, s.id)).statusCode).toBe(200);
    expect(await works(s)).toEqual([401, 401]);
  });
});

describe('POST /auth/sessions/end-others', () => {
  it("ends every other session of the admin, not the current one nor another admin's, with one audit row", async () => {
    const admin = await newAdmin();
    const other = await newAdmin();
    const here = await signIn(admin.username);
    const phone = await signIn(admin.username, IPHONE_SAFARI);
    const tablet = await signIn(admin.username);
    const theirs = await signIn(other.username);

    const res = await endOthers(here);
    expect(res.json()).toEqual({ code: 200, message: '2 other sessions signed out', data: { ended: 2 } });
    for (const s of [phone, tablet]) {
      expect(await works(s)).toEqual([401, 401]);
      expect(await row(s.id)).toMatchObject({ endReason: 'signed_out' });
    }
    expect(await works(here)).toEqual([200, 200]);
    expect(await works(theirs)).toEqual([200, 200]);
    const [audit, ...more] = await auditRows(admin.id, 'auth.session.end_others');
    expect(more).toEqual([]);
    expect(audit).toMatchObject({
      entity: 'admin',
      entityId: String(admin.id),
      after: { sessionsEnded: 2, sessions: expect.arrayContaining([phone.id, tablet.id]) },
    });

    // None left: nothing ends and nothing is written.
    expect((await endOthers(here)).json()).toEqual({
      code: 200,
      message: '0 other sessions signed out',
      data: { ended: 0 },
    });
    expect(await auditRows(admin.id, 'auth.session.end_others')).toHaveLength(1);
  });
});

describe('races', () => {
  it("a sign-out racing the session's refresh leaves nothing of it usable", async () => {
    const admin = await newAdmin();
    const here = await signIn(admin.username);
    for (let round = 0; round < 8; round++) {
      const there = await signIn(admin.username);
      const [ended] = await Promise.all([end(here, there.id), refresh(there)]);
      expect(ended.statusCode).toBe(200);
      expect(await works(there)).toEqual([401, 401]);
    }
    expect((await list(here)).json().data.sessions).toHaveLength(1);
  });
});

describe('other ways a session ends', () => {
  it('a replayed refresh token and a two-factor change end sessions: they leave the list and are refused', async () => {
    const admin = await newAdmin();
    const here = await signIn(admin.username);
    const stolen = await signIn(admin.username);
    const first = stolen.refreshToken;
    expect(await refresh(stolen)).toBe(200);
    expect(await refresh({ ...stolen, refreshToken: first })).toBe(401);
    expect(await row(stolen.id)).toMatchObject({ endReason: 'token_reuse' });
    expect((await profile(stolen)).statusCode).toBe(401);

    const other = await signIn(admin.username);
    const setup = (await t.call({ method: 'GET', url: '/auth/2fa/setup', token: here.accessToken })).json()
      .data as { secret: string; backupCodes: string[] };
    const code = totpAt(setup.secret, t.clock.now().getTime() / 1000);
    const enabled = await t.call({
      method: 'POST',
      url: '/auth/2fa/enable',
      token: here.accessToken,
      payload: { ...setup, token: code, password: PASSWORD },
    });
    expect(enabled.statusCode).toBe(200);
    expect(await row(other.id)).toMatchObject({ endReason: 'two_factor' });
    expect((await profile(other)).statusCode).toBe(401);
    expect((await list(here)).json().data.sessions.map((s: { id: string }) => s.id)).toEqual([here.id]);
  });
});

describe('activity', () => {
  /** The row version: it changes on every write of the row, even one that writes the same values. */
  const version = async (id: string) => {
    const { rows } = (await t.db.execute(
      sql`select xmin::text as v, last_active_at from admin_sessions where id = ${id}`,
    )) as unknown as { rows: Array<{ v: string; last_active_at: unknown }> };
    return rows[0]!.v;
  };

  it('is written at most once a minute, whatever the number of calls', async () => {
    const admin = await newAdmin();
    const s = await signIn(admin.username);
    const signedIn = t.clock.now();
    const written = await version(s.id);
    for (let i = 0; i < 5; i++) {
      t.clock.advance(10_000);
      expect((await profile(s)).statusCode).toBe(200);
    }
    expect(await version(s.id)).toBe(written);
    expect((await row(s.id)).lastActiveAt).toEqual(signedIn);
    t.clock.advance(10_001);
    expect((await profile(s)).statusCode).toBe(200);
    expect((await row(s.id)).lastActiveAt).toEqual(t.clock.now());
  });

  it('counts calls, not background polling (X-Background: 1) nor token refreshes', async () => {
    const admin = await newAdmin();
    const s = await signIn(admin.username);
    const signedIn = t.clock.now();
    t.clock.advance(5 * MINUTE);
    expect((await background(s)).statusCode).toBe(200);
    expect(await refresh(s)).toBe(200);
    expect((await row(s.id)).lastActiveAt).toEqual(signedIn);
    // Only the header's exact value marks a background call.
    expect(
      (
        await t.call({
          method: 'GET',
          url: '/manager/metrics',
          token: s.accessToken,
          headers: { 'x-background': '0' },
        })
      ).statusCode,
    ).toBe(200);
    expect((await row(s.id)).lastActiveAt).toEqual(t.clock.now());
  });
});

describe('idle timeout (SESSION_IDLE_MINUTES, default 30)', () => {
  it('ends a session after 30 minutes without a call, though background polling and refreshes go on; calls keep another alive', async () => {
    const admin = await newAdmin();
    const openTab = await signIn(admin.username);
    const working = await signIn(admin.username);
    const signedIn = t.clock.now();
    // Every 5 minutes the open tab polls in the background, the working one calls; both refresh every 10.
    for (let minute = 5; minute < 30; minute += 5) {
      t.clock.advance(5 * MINUTE);
      if (minute % 10 === 0) expect([await refresh(openTab), await refresh(working)]).toEqual([200, 200]);
      expect((await background(openTab)).statusCode).toBe(200);
      expect((await profile(working)).statusCode).toBe(200);
    }
    t.clock.advance(5 * MINUTE - 1000); // 29:59 after the open tab's sign-in
    expect((await background(openTab)).statusCode).toBe(200);
    t.clock.advance(1000);
    expect((await background(openTab)).statusCode).toBe(401);
    expect(await refresh(openTab)).toBe(401);
    expect(await row(openTab.id)).toMatchObject({
      lastActiveAt: signedIn,
      endedAt: t.clock.now(),
      endReason: 'idle',
    });
    expect((await profile(working)).statusCode).toBe(200);
    expect(await refresh(working)).toBe(200);
  });

  it('is configurable, and the guard refuses an idle session whose access token is still valid', async () => {
    const short = await buildTestApp({ SESSION_IDLE_MINUTES: '5' });
    try {
      const admin = await newAdmin(short);
      const s = await signIn(admin.username, MAC_CHROME, short);
      short.clock.advance(4 * MINUTE);
      expect((await profile(s, short)).statusCode).toBe(200);
      short.clock.advance(5 * MINUTE - 1000);
      expect((await profile(s, short)).statusCode).toBe(200);
      short.clock.advance(5 * MINUTE); // the access token lives 15 minutes: 14 have passed
      expect((await profile(s, short)).statusCode).toBe(401);
      expect(await refresh(s, short)).toBe(401);
      expect(await row(s.id, short)).toMatchObject({ endReason: 'idle' });
    } finally {
      await short.close();
    }
  });
});

describe('absolute lifetime (SESSION_MAX_HOURS, default 12)', () => {
  it('ends a session at 12 hours from its sign-in however busy it is', async () => {
    const admin = await newAdmin();
    const s = await signIn(admin.username);
    for (let minutes = 10; minutes < 12 * 60; minutes += 10) {
      t.clock.advance(10 * MINUTE);
      expect([await refresh(s), (await profile(s)).statusCode]).toEqual([200, 200]);
    }
    expect((await list(s)).json().data.sessions).toHaveLength(1);
    t.clock.advance(10 * MINUTE);
    // 12 hours: the access token of 10 minutes ago is still valid, the session is not.
    expect((await profile(s)).statusCode).toBe(401);
    expect(await refresh(s)).toBe(401);
    expect(await row(s.id)).toMatchObject({ endReason: 'lifetime' });
    expect(
      (
        await t.call({
          method: 'POST',
          url: '/auth/login',
          payload: { identifier: admin.username, password: PASSWORD },
        })
      ).statusCode,
    ).toBe(200);
  });
});

describe('configuration', () => {
  it('refuses an idle timeout longer than the lifetime', async () => {
    await expect(buildTestApp({ SESSION_IDLE_MINUTES: '120', SESSION_MAX_HOURS: '1' })).rejects.toThrow(
      /SESSION_IDLE_MINUTES/,
    );
  });

  it('an access token is good for ACCESS_TOKEN_MINUTES (15 by default), then the console must refresh', async () => {
    const admin = await newAdmin();
    const s = await signIn(admin.username);
    t.clock.advance(15 * MINUTE - 1000);
    expect((await profile(s)).statusCode).toBe(200);
    t.clock.advance(2000);
    expect((await profile(s)).statusCode).toBe(401);

    const longer = await buildTestApp({ ACCESS_TOKEN_MINUTES: '60', SESSION_IDLE_MINUTES: '120' });
    try {
      const other = await newAdmin(longer);
      const held = await signIn(other.username, MAC_CHROME, longer);
      longer.clock.advance(59 * MINUTE);
      expect((await profile(held, longer)).statusCode).toBe(200);
      longer.clock.advance(2 * MINUTE);
      expect((await profile(held, longer)).statusCode).toBe(401);
    } finally {
      await longer.close();
    }
  });

  it('refuses an access token lifetime outside 1-60 minutes, naming it', async () => {
    await expect(buildTestApp({ ACCESS_TOKEN_MINUTES: '61' })).rejects.toThrow(/ACCESS_TOKEN_MINUTES/);
    await expect(buildTestApp({ ACCESS_TOKEN_MINUTES: '0' })).rejects.toThrow(/ACCESS_TOKEN_MINUTES/);
  });
});

describe('CORS', () => {
  it('lets the console send the background marker', async () => {
    const res = await t.app.inject({
      method: 'OPTIONS',
      url: '/manager/metrics',
      headers: {
        origin: 'http://localhost:4173',
        'access-control-request-method': 'GET',
        'access-control-request-headers': 'authorization,x-background',
      },
    });
    expect(res.statusCode).toBe(204);
    expect(res.headers['access-control-allow-headers']?.toString().toLowerCase()).toContain('x-background');
  });
});
