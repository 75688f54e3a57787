import { and, isNotNull, lt, or } from 'drizzle-orm';
import type { Db } from '../db/client';
import type { SessionLimits } from '../config';
import { adminSessions, passkeyChallenges, refreshTokens, signInChallenges } from '../db/schema/index';
import type { JobDefinition } from '../jobs/queue';

export const CLEANUP_SESSIONS_JOB = 'cleanup.sessions';

/**
 * Rows kept this long after they stopped counting, so the sessions an admin just saw end, and a
 * replayed refresh token of a just-expired family, are still told apart from unknown ones.
 */
export const CLEANUP_GRACE_MS = 24 * 3_600_000;

export interface CleanupReport {
  sessions: number;
  refreshTokens: number;
  challenges: number;
}

/**
 * Deletes what can no longer be used, `CLEANUP_GRACE_MS` after it stopped counting: refresh
 * tokens past their expiry; sessions ended, idle past the idle timeout, or past their lifetime
 * (a refresh naming a deleted session is refused like an ended one); sign-in and passkey
 * challenges past their expiry. Audit rows are untouched: they are the history.
 */
export async function cleanupSessions(db: Db, now: Date, limits: SessionLimits): Promise<CleanupReport> {
  const cutoff = (ms: number) => new Date(now.getTime() - CLEANUP_GRACE_MS - ms);
  return db.transaction(async (tx) => {
    const tokens = await tx
      .delete(refreshTokens)
      .where(lt(refreshTokens.expiresAt, cutoff(0)))
      .returning({ id: refreshTokens.id });
    const sessions = await tx
      .delete(adminSessions)
      .where(
        or(
          and(isNotNull(adminSessions.endedAt), lt(adminSessions.endedAt, cutoff(0))),
          lt(adminSessions.lastActiveAt, cutoff(limits.idleMs)),
          lt(adminSessions.signedInAt, cutoff(limits.maxAgeMs)),
        ),
      )
      .returning({ id: adminSessions.id });
    const signIn = await tx
      .delete(signInChallenges)
      .where(lt(signInChallenges.expiresAt, cutoff(0)))
      .returning({ id: signInChallenges.id });
    const passkey = await tx
      .delete(passkeyChallenges)
      .where(lt(passkeyChallenges.expiresAt, cutoff(0)))
      .returning({ id: passkeyChallenges.id });
    return {
      sessions: sessions.length,
      refreshTokens: tokens.length,
      challenges: signIn.length + passkey.length,
    };
  });
}

/** `cleanup.sessions`, on the schedule SESSION_CLEANUP_CRON (hourly by default). */
export const cleanupSessionsJob: JobDefinition = {
  name: CLEANUP_SESSIONS_JOB,
  queue: { policy: 'stately', retryLimit: 0, expireInSeconds: 600 },
  cron: (app) => app.config.sessionCleanupCron,
  async run(app) {
    const report = await cleanupSessions(app.db, app.clock(), app.config.session);
    if (report.sessions + report.refreshTokens + report.challenges > 0)
      app.log.info(report, 'expired sessions cleaned up');
    return report;
  },
};
