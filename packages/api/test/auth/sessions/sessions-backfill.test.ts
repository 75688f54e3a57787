import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MIGRATIONS_DIR } from '../../../src/db/migrate';
import { adminSessions, refreshTokens } from '../../../src/db/schema/auth';
import { buildTestApp, signIn, type TestApp } from '../../support/helper';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

/** Runs the migration that gives live refresh-token families their session row, over the rows now in the database. */
async function backfill() {
  const file = readdirSync(MIGRATIONS_DIR).find((name) => name.endsWith('_admin_sessions_backfill.sql'));
  await t.db.execute(sql.raw(readFileSync(join(MIGRATIONS_DIR, file!), 'utf8')));
}

const familyOf = (accessToken: string) =>
  (JSON.parse(Buffer.from(accessToken.split('.')[1]!, 'base64url').toString()) as { fid: string }).fid;
const profile = (token: string) => t.call({ method: 'GET', url: '/auth/profile', token });

describe('migration: a session for every live refresh-token family', () => {
  it('creates the sessions of live families (from their tokens and sign-in audit row), none for ended ones, once', async () => {
    const live = await signIn(t);
    const refreshed = await signIn(t);
    const refreshedAgain = (
      await t.call({
        method: 'POST',
        url: '/auth/refresh-token',
        payload: { refreshToken: refreshed.refreshToken },
      })
    ).json().data.tokens;
    const loggedOut = await signIn(t);
    expect(
      (await t.call({ method: 'POST', url: '/auth/logout', token: loggedOut.accessToken })).statusCode,
    ).toBe(200);
    // Before the migration there were no session rows: the guard then refuses the tokens.
    await t.db.delete(adminSessions);
    expect((await profile(live.accessToken)).statusCode).toBe(401);

    await backfill();
    await backfill();

    const tokensOf = async (family: string) =>
      (await t.db.select().from(refreshTokens).where(eq(refreshTokens.familyId, family))).map((r) =>
        r.createdAt.getTime(),
      );
    const rows = await t.db.select().from(adminSessions);
    expect(rows).toHaveLength(2);
    for (const [family, token] of [
      [familyOf(live.accessToken), live.accessToken],
      [familyOf(refreshedAgain.accessToken), refreshedAgain.accessToken],
    ] as const) {
      const created = await tokensOf(family);
      const row = rows.find((r) => r.id === family);
      expect(row).toMatchObject({
        adminId: expect.any(Number),
        ip: '127.0.0.1',
        userAgent: null,
        endedAt: null,
        endReason: null,
      });
      expect([row!.signedInAt.getTime(), row!.lastActiveAt.getTime()]).toEqual([
        Math.min(...created),
        Math.max(...created),
      ]);
      expect((await profile(token)).statusCode).toBe(200);
    }
    expect((await profile(loggedOut.accessToken)).statusCode).toBe(401);
  });
});
