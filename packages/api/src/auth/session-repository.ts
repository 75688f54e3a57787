import { randomUUID } from 'node:crypto';
import { and, desc, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import type { AdminSession } from '@manager/contract';
import type { SessionLimits } from '../config';
import { writeAudit } from '../db/audit';
import type { Db, DbOrTx } from '../db/client';
import { adminSessions, refreshTokens } from '../db/schema/auth';
import { preparedRows } from '../db/prepared';
import { hashToken, issueRefreshToken, revokeFamily, revokeOtherFamilies } from './refresh-token-repository';
import { clearSignInFailures } from './throttle-repository';
import { describeUserAgent } from './user-agent';

/**
 * Why a session ended: its own logout; signed out from another session of the admin; a
 * two-factor change; a replayed refresh token; no call within the idle timeout; past its lifetime;
 * the admin was disabled.
 */
export type SessionEndReason =
  'logout' | 'signed_out' | 'two_factor' | 'token_reuse' | 'idle' | 'lifetime' | 'disabled';

/**
 * Activity is recorded to the minute: a call within a minute of the recorded one writes
 * nothing, so a busy session costs one write a minute, not one per request. The idle timeout
 * counts from the recorded time, so a session may end up to a minute before the full timeout.
 */
export const ACTIVITY_STEP_MS = 60_000;

const before = (now: Date, ms: number) => new Date(now.getTime() - ms).toISOString();

/** Not ended, a call within the idle timeout, signed in within the lifetime. */
const isOpen = (now: Date, limits: SessionLimits) =>
  and(
    isNull(adminSessions.endedAt),
    gt(adminSessions.lastActiveAt, new Date(now.getTime() - limits.idleMs)),
    gt(adminSessions.signedInAt, new Date(now.getTime() - limits.maxAgeMs)),
  );

/** Which timeout is over for a session that was not ended; null while it is open. */
function timedOut(
  session: { signedInAt: Date; lastActiveAt: Date },
  now: Date,
  limits: SessionLimits,
): 'idle' | 'lifetime' | null {
  if (session.signedInAt.getTime() <= now.getTime() - limits.maxAgeMs) return 'lifetime';
  if (session.lastActiveAt.getTime() <= now.getTime() - limits.idleMs) return 'idle';
  return null;
}

/** The session ends (when it had not) and its refresh tokens stop working. */
async function endFamily(
  tx: DbOrTx,
  familyId: string,
  now: Date,
  reason: SessionEndReason,
): Promise<boolean> {
  const ended = await tx
    .update(adminSessions)
    .set({ endedAt: now, endReason: reason })
    .where(and(eq(adminSessions.id, familyId), isNull(adminSessions.endedAt)))
    .returning({ id: adminSessions.id });
  await revokeFamily(tx, familyId, now);
  return ended.length > 0;
}

/** Where a sign-in comes from, as the session list shows it. */
export interface SessionClient {
  ip: string;
  userAgent: string | null;
}

/**
 * Completes a sign-in: a new session (its id is the refresh-token family), the failures of this
 * account from this address cleared, and the audit row, in one transaction. Null, with nothing
 * written, when the account or the pair was locked while the password or code was checked.
 */
export async function openSession(
  db: DbOrTx,
  adminId: number,
  method: string,
  client: SessionClient,
  now: Date,
): Promise<{ refreshToken: string; familyId: string } | null> {
  return db.transaction(async (tx) => {
    if (!(await clearSignInFailures(tx, adminId, client.ip, now))) return null;
    const familyId = randomUUID();
    await tx.insert(adminSessions).values({
      id: familyId,
      adminId,
      ip: client.ip,
      userAgent: client.userAgent,
      signedInAt: now,
      lastActiveAt: now,
    });
    const refreshToken = await issueRefreshToken(tx, adminId, familyId, now);
    await writeAudit(tx, {
      adminId,
      action: 'auth.login.success',
      entity: 'admin',
      entityId: adminId,
      after: { method, family: familyId },
    });
    return { refreshToken, familyId };
  });
}

// One statement: whether the session is open with its last step-up and the admin's roles (the
// ids, and the permissions of the custom ones among them), and (for a call that counts as
// activity, when the recorded activity is a minute old) the new last-active time. A
// data-modifying CTE runs whether or not the outer query reads it. The roles are two lookups
// by the admin's id (admin_role_members' primary key), not a query per call or row.
const CHECK_SQL = `with live as (
  select id, last_active_at, step_up_at from admin_sessions
  where id = $1 and admin_id = $2 and ended_at is null and last_active_at > $4::timestamptz and signed_in_at > $5::timestamptz
), touched as (
  update admin_sessions s set last_active_at = $3::timestamptz from live
  where s.id = live.id and live.last_active_at <= $6::timestamptz and s.last_active_at < $3::timestamptz
  returning s.id
)
select step_up_at,
  array(select role_id from admin_role_members where admin_id = $2 order by role_id) as roles,
  array(select distinct p from admin_role_members m join admin_roles r on r.id = m.role_id
    cross join unnest(r.permissions) p where m.admin_id = $2 and not r.built_in order by p) as custom
from live`;

/** An open session as the guard found it. */
export interface OpenSession {
  /** When the admin last confirmed it's them in this session (step-up); null: not since sign-in. */
  stepUpAt: Date | null;
  /** The ids of the roles the admin holds, and the permissions their custom roles grant. */
  roles: string[];
  custom: string[];
}

/**
 * The bearer guard's check, one database round trip per request: the session is open (null
 * when not), and its last step-up, so a call that needs one costs no second trip. With
 * `activity`, it also records the call (at most once a minute); background polling passes
 * false, so an open tab alone lets the session time out.
 */
export async function checkSession(
  db: Db,
  familyId: string,
  adminId: number,
  now: Date,
  limits: SessionLimits,
  activity: boolean,
): Promise<OpenSession | null> {
  const values = [
    familyId,
    adminId,
    now.toISOString(),
    before(now, limits.idleMs),
    before(now, limits.maxAgeMs),
    activity ? before(now, ACTIVITY_STEP_MS) : null,
  ];
  const [row] = await preparedRows<{ step_up_at: Date | string | null; roles: string[]; custom: string[] }>(
    db,
    'admin_session_check',
    CHECK_SQL,
    values,
  );
  if (!row) return null;
  return {
    stepUpAt: row.step_up_at === null ? null : new Date(row.step_up_at),
    roles: row.roles,
    custom: row.custom,
  };
}

type RotateResult =
  | { ok: true; adminId: number; familyId: string; refreshToken: string }
  | {
      ok: false;
      reason: 'unknown' | 'expired' | 'revoked' | 'reused' | 'idle' | 'lifetime';
      adminId?: number;
    };

/**
 * Trades a refresh token for a new one of the same session, while the session is open (a
 * refresh is no activity: it does not move last-active). A token that was already used is a
 * replay (stolen or leaked): the session ends, with its audit row (who and from where) in the
 * same transaction. A session found timed out is marked so.
 */
export async function rotateRefreshToken(
  db: Db,
  token: string,
  now: Date,
  limits: SessionLimits,
): Promise<RotateResult> {
  return db.transaction(async (tx) => {
    const tokenHash = hashToken(token);
    const [found] = await tx
      .select({ familyId: refreshTokens.familyId })
      .from(refreshTokens)
      .where(eq(refreshTokens.tokenHash, tokenHash));
    if (!found) return { ok: false, reason: 'unknown' };
    // The session row first, then its tokens: the order every sign-out takes, so a refresh
    // racing "Sign out other sessions" or a two-factor change cannot deadlock with it.
    await tx
      .select({ id: adminSessions.id })
      .from(adminSessions)
      .where(eq(adminSessions.id, found.familyId))
      .for('update');
    const [row] = await tx
      .select({ token: refreshTokens, session: adminSessions })
      .from(refreshTokens)
      .leftJoin(adminSessions, eq(adminSessions.id, refreshTokens.familyId))
      .where(eq(refreshTokens.tokenHash, tokenHash))
      .for('update', { of: refreshTokens });
    if (!row) return { ok: false, reason: 'unknown' };
    const { token: stored, session } = row;
    const adminId = stored.adminId;
    if (stored.revokedAt) return { ok: false, reason: 'revoked', adminId };
    if (stored.usedAt) {
      await endFamily(tx, stored.familyId, now, 'token_reuse');
      await writeAudit(tx, {
        adminId,
        action: 'auth.refresh.reuse',
        entity: 'admin',
        entityId: adminId,
        after: { revoked: 'family', family: stored.familyId },
      });
      return { ok: false, reason: 'reused', adminId };
    }
    if (stored.expiresAt <= now) return { ok: false, reason: 'expired', adminId };
    if (!session || session.endedAt) {
      await revokeFamily(tx, stored.familyId, now);
      return { ok: false, reason: 'revoked', adminId };
    }
    const over = timedOut(session, now, limits);
    if (over) {
      await endFamily(tx, stored.familyId, now, over);
      return { ok: false, reason: over, adminId };
    }
    await tx.update(refreshTokens).set({ usedAt: now }).where(eq(refreshTokens.id, stored.id));
    const refreshToken = await issueRefreshToken(tx, adminId, stored.familyId, now);
    return { ok: true, adminId, familyId: stored.familyId, refreshToken };
  });
}

/** The admin's open sessions, latest activity first; `currentId` is the session asking. */
export async function listSessions(
  db: Db,
  adminId: number,
  currentId: string,
  now: Date,
  limits: SessionLimits,
): Promise<AdminSession[]> {
  const rows = await db
    .select()
    .from(adminSessions)
    .where(and(eq(adminSessions.adminId, adminId), isOpen(now, limits)))
    .orderBy(desc(adminSessions.lastActiveAt), desc(adminSessions.signedInAt), adminSessions.id);
  return rows.map((row) => ({
    id: row.id,
    ...describeUserAgent(row.userAgent),
    ip: row.ip,
    signedInAt: row.signedInAt.toISOString(),
    lastActiveAt: row.lastActiveAt.toISOString(),
    current: row.id === currentId,
  }));
}

/**
 * Signs out one open session of the admin (another admin's is as unknown as none), with its
 * audit row. False, with nothing written, when the admin has no such open session.
 */
export async function endSession(
  db: Db,
  adminId: number,
  sessionId: string,
  now: Date,
  limits: SessionLimits,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [ended] = await tx
      .update(adminSessions)
      .set({ endedAt: now, endReason: 'signed_out' })
      .where(and(eq(adminSessions.id, sessionId), eq(adminSessions.adminId, adminId), isOpen(now, limits)))
      .returning({ id: adminSessions.id });
    if (!ended) return false;
    await revokeFamily(tx, sessionId, now);
    await writeAudit(tx, {
      adminId,
      action: 'auth.session.end',
      entity: 'session',
      entityId: sessionId,
      before: { endedAt: null, endReason: null },
      after: { endedAt: now.toISOString(), endReason: 'signed_out' },
    });
    return true;
  });
}

/**
 * Ends every session of the admin but `keepFamilyId` (none: all of them), inside the caller's
 * transaction: open ones for `reason`, timed-out ones not yet marked for their timeout. Their
 * refresh tokens are revoked, so the guard and the refresh refuse them at once. Returns the
 * ids of the open sessions it ended.
 */
export async function endOtherSessions(
  db: DbOrTx,
  adminId: number,
  keepFamilyId: string | null,
  now: Date,
  limits: SessionLimits,
  reason: SessionEndReason,
): Promise<string[]> {
  const ended = await db
    .update(adminSessions)
    .set({
      endedAt: now,
      endReason: sql`case when ${adminSessions.signedInAt} <= ${before(now, limits.maxAgeMs)}::timestamptz then 'lifetime'
        when ${adminSessions.lastActiveAt} <= ${before(now, limits.idleMs)}::timestamptz then 'idle' else ${reason}::text end`,
    })
    .where(
      and(
        eq(adminSessions.adminId, adminId),
        isNull(adminSessions.endedAt),
        ...(keepFamilyId ? [ne(adminSessions.id, keepFamilyId)] : []),
      ),
    )
    .returning({ id: adminSessions.id, endReason: adminSessions.endReason });
  await revokeOtherFamilies(db, adminId, keepFamilyId, now);
  return ended.filter((s) => s.endReason === reason).map((s) => s.id);
}

/**
 * "Sign out other sessions": every other session of the admin ends, with the audit row when
 * one was open. Returns how many open sessions ended.
 */
export async function endSessionsButCurrent(
  db: Db,
  adminId: number,
  currentId: string,
  now: Date,
  limits: SessionLimits,
): Promise<number> {
  return db.transaction(async (tx) => {
    const ended = await endOtherSessions(tx, adminId, currentId, now, limits, 'signed_out');
    if (ended.length > 0) {
      await writeAudit(tx, {
        adminId,
        action: 'auth.session.end_others',
        entity: 'admin',
        entityId: adminId,
        after: { sessionsEnded: ended.length, sessions: ended },
      });
    }
    return ended.length;
  });
}

/** Logout: the session ends (so its access and refresh tokens stop working), with the audit row. */
export async function closeSession(db: Db, adminId: number, familyId: string, now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    await endFamily(tx, familyId, now, 'logout');
    await writeAudit(tx, {
      adminId,
      action: 'auth.logout',
      entity: 'admin',
      entityId: adminId,
      after: { family: familyId },
    });
  });
}
