import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import { adminSessions, admins, refreshTokens } from '../../../src/db/schema/index';
import { CLEANUP_GRACE_MS, cleanupSessions } from '../../../src/auth/session-cleanup-job';
import { buildTestApp, type TestApp } from '../../support/helper';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const HOUR = 3_600_000;

describe('cleanup.sessions', () => {
  it('deletes sessions and refresh tokens only once they are over for longer than the grace', async () => {
    const [admin] = await t.db
      .select({ id: admins.id })
      .from(admins)
      .where(eq(admins.username, t.demo.admin.username));
    const now = t.clock.now();
    const ago = (ms: number) => new Date(now.getTime() - ms);
    const { idleMs, maxAgeMs } = t.config.session;
    const session = (id: string, signedInAt: Date, lastActiveAt: Date, endedAt: Date | null = null) => ({
      id,
      adminId: admin!.id,
      signedInAt,
      lastActiveAt,
      endedAt,
    });
    const ids = {
      open: randomUUID(),
      endedRecently: randomUUID(),
      endedLongAgo: randomUUID(),
      idleLongAgo: randomUUID(),
      idleRecently: randomUUID(),
      pastLifetime: randomUUID(),
    };
    await t.db
      .insert(adminSessions)
      .values([
        session(ids.open, ago(HOUR), ago(60_000)),
        session(ids.endedRecently, ago(2 * HOUR), ago(2 * HOUR), ago(HOUR)),
        session(
          ids.endedLongAgo,
          ago(CLEANUP_GRACE_MS + 3 * HOUR),
          ago(CLEANUP_GRACE_MS + 3 * HOUR),
          ago(CLEANUP_GRACE_MS + 2 * HOUR),
        ),
        session(
          ids.idleLongAgo,
          ago(idleMs + CLEANUP_GRACE_MS + 2 * HOUR),
          ago(idleMs + CLEANUP_GRACE_MS + HOUR),
        ),
        session(ids.idleRecently, ago(idleMs + HOUR), ago(idleMs + 60_000)),
        session(ids.pastLifetime, ago(maxAgeMs + CLEANUP_GRACE_MS + HOUR), ago(1000)),
      ]);
    const token = (hash: string, expiresAt: Date) => ({
      adminId: admin!.id,
      familyId: ids.open,
      tokenHash: hash,
      expiresAt,
    });
    await t.db
      .insert(refreshTokens)
      .values([
        token('live', ago(-HOUR)),
        token('expired-recently', ago(HOUR)),
        token('expired-long-ago', ago(CLEANUP_GRACE_MS + HOUR)),
      ]);

    expect(await cleanupSessions(t.db, now, t.config.session)).toMatchObject({
      sessions: 3,
      refreshTokens: 1,
    });
    const left = await t.db
      .select({ id: adminSessions.id })
      .from(adminSessions)
      .where(inArray(adminSessions.id, Object.values(ids)));
    expect(left.map((s) => s.id).sort()).toEqual([ids.open, ids.endedRecently, ids.idleRecently].sort());
    const tokens = await t.db
      .select({ hash: refreshTokens.tokenHash })
      .from(refreshTokens)
      .where(inArray(refreshTokens.tokenHash, ['live', 'expired-recently', 'expired-long-ago']));
    expect(tokens.map((r) => r.hash).sort()).toEqual(['expired-recently', 'live']);
    // Nothing more to do the second time.
    expect(await cleanupSessions(t.db, now, t.config.session)).toEqual({
      sessions: 0,
      refreshTokens: 0,
      challenges: 0,
    });
  });

  it('is scheduled hourly where jobs run', async () => {
    expect(t.config.sessionCleanupCron).toBe('17 * * * *');
  });
});
