import { and, count, eq, gt, lt } from 'drizzle-orm';
import { writeAudit } from '../db/audit';
import type { Db, DbOrTx } from '../db/client';
import { admins, loginFailures, type AdminRow } from '../db/schema/auth';

/** Failed sign-ins of one account within the window that lock it, and for how long. */
const ACCOUNT_MAX_FAILURES = 10;
const THROTTLE_WINDOW_MS = 15 * 60 * 1000;
const LOCK_DURATION_MS = 15 * 60 * 1000;

export const isLocked = (admin: Pick<AdminRow, 'lockedUntil'>, now: Date) =>
  admin.lockedUntil !== null && admin.lockedUntil > now;

/**
 * Counts one failed sign-in (wrong password or wrong second factor) against the account; the
 * tenth within 15 minutes locks it for 15 minutes. Returns true when this failure locked it.
 */
function recordAccountFailure(db: Db, adminId: number, now: Date): Promise<boolean> {
  // One transaction with the row locked: concurrent failures each count.
  return db.transaction((tx) => countFailure(tx, adminId, now));
}

async function countFailure(db: DbOrTx, adminId: number, now: Date): Promise<boolean> {
  const [admin] = await db
    .select({ failedLogins: admins.failedLogins, failedWindowStart: admins.failedWindowStart })
    .from(admins)
    .where(eq(admins.id, adminId))
    .for('update');
  if (!admin) return false;
  const windowOpen =
    admin.failedWindowStart !== null && now.getTime() - admin.failedWindowStart.getTime() < THROTTLE_WINDOW_MS;
  const failures = windowOpen ? admin.failedLogins + 1 : 1;
  const locks = failures >= ACCOUNT_MAX_FAILURES;
  await db
    .update(admins)
    .set(
      locks
        ? { failedLogins: 0, failedWindowStart: null, lockedUntil: new Date(now.getTime() + LOCK_DURATION_MS) }
        : { failedLogins: failures, failedWindowStart: windowOpen ? admin.failedWindowStart : now },
    )
    .where(eq(admins.id, adminId));
  return locks;
}

/** A complete sign-in (after the second factor, if any) clears the account's failures. */
export async function clearAccountFailures(db: DbOrTx, adminId: number): Promise<void> {
  await db
    .update(admins)
    .set({ failedLogins: 0, failedWindowStart: null, lockedUntil: null })
    .where(eq(admins.id, adminId));
}

/** True when the address already has `max` failed sign-ins within the window. */
export async function isAddressThrottled(db: DbOrTx, ip: string, max: number, now: Date): Promise<boolean> {
  const since = new Date(now.getTime() - THROTTLE_WINDOW_MS);
  const [row] = await db
    .select({ n: count() })
    .from(loginFailures)
    .where(and(eq(loginFailures.ip, ip), gt(loginFailures.createdAt, since)));
  return (row?.n ?? 0) >= max;
}

async function recordAddressFailure(db: DbOrTx, ip: string, now: Date): Promise<void> {
  await db.insert(loginFailures).values({ ip, createdAt: now });
  // Old rows no longer count; dropping them keeps the table at one window's worth.
  await db.delete(loginFailures).where(lt(loginFailures.createdAt, new Date(now.getTime() - THROTTLE_WINDOW_MS)));
}

export interface Failure {
  /** The account tried, when it exists. */
  admin: AdminRow | undefined;
  /** The audit action, e.g. `auth.login.failure`. */
  action: string;
  ip: string;
  /** More for the audit row (reason, identifier, route). */
  detail: object;
  now: Date;
  /** Sign-ins also count against the address (`isAddressThrottled`). */
  perAddress: boolean;
}

/**
 * A failed sign-in or password/code re-check: counted against the account (unless it is
 * locked already), against the address for sign-ins, and written to the audit log.
 */
export async function recordFailure(db: Db, f: Failure): Promise<void> {
  const locked = f.admin && !isLocked(f.admin, f.now) ? await recordAccountFailure(db, f.admin.id, f.now) : false;
  if (f.perAddress) await recordAddressFailure(db, f.ip, f.now);
  const adminId = f.admin?.id ?? null;
  await writeAudit(db, { adminId, action: f.action, entity: 'admin', entityId: adminId, after: { ...f.detail, ip: f.ip, ...(locked ? { locked: true } : {}) } });
}
