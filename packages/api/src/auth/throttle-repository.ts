import { and, eq, inArray, isNull, lte, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { AuditAction, calls } from '@manager/contract';
import type { SignInLimits } from '../config';
import { writeAudit } from '../db/audit';
import type { Db, DbOrTx } from '../db/client';
import { addressKey } from '../lib/address';
import { admins, signInCounters } from '../db/schema/auth';
import { lockAdmin } from './admin-lock';

/*
 * Every password or code check of a sign-in (and every password re-check of a signed-in admin)
 * is reserved BEFORE it runs, against three counters: the client address (any account), the
 * account from that address, and the account from everywhere. A reservation is one conditional
 * update of the counter's row: counted in the open window, or refused when the counter is
 * locked, or, when it would pass the limit, the counter locks and the check is refused. So
 * parallel requests can never run more checks than the limits allow. A check that passes gives
 * its reservations back, unless a lock was set meanwhile: then it is refused too.
 *
 * The pair is reserved first: someone who holds the browser's API key locks an admin out only
 * from their own address, unless they try from enough addresses to pass the account's higher
 * limit. Rows are locked in the order of admin-lock.ts: the admin row first (`lockAdmin`), then
 * the address and the pair, as in every other transaction that writes an admin's sign-in rows
 * (a 2FA verify holds the admin row when it clears the pair), so they cannot deadlock.
 */

/**
 * The calls whose handlers run a password, code or passkey check under these throttles, so an
 * address past LOGIN_MAX_PER_IP gets 429 from them: sign-in and its second factor, step-up,
 * and the password and code re-checks of the two-factor settings. The API description states
 * their 429 from this list.
 */
export const SIGN_IN_CHECKED_CALLS: ReadonlySet<keyof typeof calls> = new Set([
  'login',
  'verify2fa',
  'verifyPasskey',
  'stepUp',
  'stepUpPasskey',
  'enable2fa',
  'disable2fa',
  'backupCodes',
] as const);

/** Which counter a check locked, named after its variable: LOGIN_MAX_PER_IP, _PER_ACCOUNT_IP, _PER_ACCOUNT. */
export type LockScope = 'ip' | 'account_ip' | 'account';

/**
 * What a check under the throttles came to. `locked`: refused before the check ran;
 * `lockedMeanwhile`: it passed, but a concurrent check locked a counter first; `throttled`: the
 * address is past LOGIN_MAX_PER_IP (answer 429). `lockedNow`: the counters this request locked.
 */
export type Checked<T> =
  | { outcome: 'passed'; value: T }
  | { outcome: 'failed' | 'locked' | 'lockedMeanwhile' | 'throttled'; lockedNow: LockScope[] };

/** A check that did not pass. */
export type Refused = Exclude<Checked<unknown>, { outcome: 'passed' }>;

export interface Attempt {
  ip: string;
  /** The account checked; absent for an unknown identifier (only the address counts). */
  adminId?: number;
}

interface CounterColumns {
  failures: PgColumn;
  windowStart: PgColumn;
  lockedUntil: PgColumn;
}
const COUNTER: CounterColumns = signInCounters;
const ACCOUNT: CounterColumns = {
  failures: admins.failedLogins,
  windowStart: admins.failedWindowStart,
  lockedUntil: admins.lockedUntil,
};

const at = (date: Date) => sql`${date.toISOString()}::timestamptz`;
const isLockedAt = (lockedUntil: Date | null | undefined, now: Date) =>
  lockedUntil != null && lockedUntil > now;
const notLocked = (c: CounterColumns, now: Date) =>
  sql`(${c.lockedUntil} is null or ${c.lockedUntil} <= ${at(now)})`;
const counterRow = (ip: string, adminId: number | null) =>
  and(
    eq(signInCounters.ip, ip),
    adminId === null ? isNull(signInCounters.adminId) : eq(signInCounters.adminId, adminId),
  );

/**
 * The new values of a counter that takes one more check: counted in the open window or a new
 * one; past `max` the counter locks instead, with its count at 0 and a new window, so checks
 * start again from nothing once the lock is over. A locked counter therefore always holds 0.
 */
function countOne(
  c: CounterColumns,
  max: number,
  limits: SignInLimits,
  now: Date,
): Record<keyof CounterColumns, SQL> {
  const open = sql`coalesce(${c.windowStart} > ${at(new Date(now.getTime() - limits.windowMs))}, false)`;
  const next = sql`(case when ${open} then ${c.failures} + 1 else 1 end)`;
  const over = sql`(${next} > ${max})`;
  return {
    failures: sql`case when ${over} then 0 else ${next} end`,
    windowStart: sql`case when ${open} and not ${over} then ${c.windowStart} else ${at(now)} end`,
    lockedUntil: sql`case when ${over} then ${at(new Date(now.getTime() + limits.lockMs))} else ${c.lockedUntil} end`,
  };
}

interface Reserved {
  granted: boolean;
  /** This reservation passed the limit and set the lock. */
  lockedNow: boolean;
}

/** No row back: the counter was locked already; a row with a lock: this reservation set it. */
const reserved = (row: { lockedUntil: Date | null } | undefined, now: Date): Reserved =>
  !row
    ? { granted: false, lockedNow: false }
    : { granted: !isLockedAt(row.lockedUntil, now), lockedNow: isLockedAt(row.lockedUntil, now) };

async function reserveCounter(
  db: DbOrTx,
  ip: string,
  adminId: number | null,
  max: number,
  limits: SignInLimits,
  now: Date,
): Promise<Reserved> {
  const next = countOne(COUNTER, max, limits, now);
  const [row] = await db
    .insert(signInCounters)
    .values({ ip, adminId, failures: 1, windowStart: now })
    .onConflictDoUpdate({
      target: [signInCounters.ip, signInCounters.adminId],
      set: next,
      setWhere: notLocked(COUNTER, now),
    })
    .returning({ lockedUntil: signInCounters.lockedUntil });
  return reserved(row, now);
}

async function reserveAccountCounter(
  db: DbOrTx,
  adminId: number,
  limits: SignInLimits,
  now: Date,
): Promise<Reserved> {
  const next = countOne(ACCOUNT, limits.perAccount, limits, now);
  const [row] = await db
    .update(admins)
    .set({ failedLogins: next.failures, failedWindowStart: next.windowStart, lockedUntil: next.lockedUntil })
    .where(and(eq(admins.id, adminId), notLocked(ACCOUNT, now)))
    .returning({ lockedUntil: admins.lockedUntil });
  return reserved(row, now);
}

/** Gives one reserved check back; returns the counter's lock (a locked counter holds 0 already). */
async function giveBackCounter(
  db: DbOrTx,
  ip: string,
  adminId: number | null,
): Promise<Date | null | undefined> {
  const [row] = await db
    .update(signInCounters)
    .set({ failures: sql`greatest(${signInCounters.failures} - 1, 0)` })
    .where(counterRow(ip, adminId))
    .returning({ lockedUntil: signInCounters.lockedUntil });
  return row?.lockedUntil;
}

async function giveBackAccount(db: DbOrTx, adminId: number): Promise<Date | null | undefined> {
  const [row] = await db
    .update(admins)
    .set({ failedLogins: sql`greatest(${admins.failedLogins} - 1, 0)` })
    .where(eq(admins.id, adminId))
    .returning({ lockedUntil: admins.lockedUntil });
  return row?.lockedUntil;
}

/**
 * The pair, then the account, in one transaction. A check the account refuses is given back to
 * the pair: refused checks never count, so the pair's limit bounds what one address adds to the
 * account, and an account locked from elsewhere does not also lock its admin's own address.
 */
async function reserveAccount(
  db: Db,
  adminId: number,
  ip: string,
  limits: SignInLimits,
  now: Date,
): Promise<{ granted: boolean; lockedNow: LockScope[] }> {
  return db.transaction(async (tx) => {
    await lockAdmin(tx, adminId);
    const pair = await reserveCounter(tx, ip, adminId, limits.perAccountIp, limits, now);
    if (!pair.granted) return { granted: false, lockedNow: pair.lockedNow ? ['account_ip'] : [] };
    const account = await reserveAccountCounter(tx, adminId, limits, now);
    if (account.granted) return { granted: true, lockedNow: [] };
    await giveBackCounter(tx, ip, adminId);
    return { granted: false, lockedNow: account.lockedNow ? ['account'] : [] };
  });
}

class LockedMeanwhile extends Error {}

/** A check that passed gives its reservations back; false (and nothing given back) when a lock was set meanwhile. */
async function giveBack(db: Db, attempt: Attempt, now: Date): Promise<boolean> {
  try {
    await db.transaction(async (tx) => {
      if (attempt.adminId !== undefined) await lockAdmin(tx, attempt.adminId);
      const locks = [await giveBackCounter(tx, attempt.ip, null)];
      if (attempt.adminId !== undefined) {
        locks.push(
          await giveBackCounter(tx, attempt.ip, attempt.adminId),
          await giveBackAccount(tx, attempt.adminId),
        );
      }
      if (locks.some((lockedUntil) => isLockedAt(lockedUntil, now))) throw new LockedMeanwhile();
    });
    return true;
  } catch (error) {
    if (error instanceof LockedMeanwhile) return false;
    throw error;
  }
}

/** Rows whose window and lock are over count for nothing; a few at a time, never waiting for a row in use. */
async function pruneCounters(db: Db, limits: SignInLimits, now: Date): Promise<void> {
  const dead = db
    .select({ id: signInCounters.id })
    .from(signInCounters)
    .where(
      and(
        lte(signInCounters.windowStart, new Date(now.getTime() - limits.windowMs)),
        notLocked(COUNTER, now),
      ),
    )
    .limit(100)
    .for('update', { skipLocked: true });
  await db.delete(signInCounters).where(inArray(signInCounters.id, dead));
}

/**
 * Runs one password or code check under the throttles: reserved against the address first,
 * then (for a known account) the pair and the account; `check` runs only when all granted.
 * `check` answers the proof (any value) or false/null. A check that passes gives its
 * reservations back; a failed one stays counted. Write the audit row of a refusal with
 * `auditFailure`; the session that a sign-in opens clears the pair (`clearSignInFailures`).
 */
export async function checkAttempt<T>(
  db: Db,
  limits: SignInLimits,
  attempt: Attempt,
  now: Date,
  check: () => Promise<T | false | null>,
): Promise<Checked<Exclude<T, false | null>>> {
  attempt = { ...attempt, ip: addressKey(attempt.ip) };
  const address = await reserveCounter(db, attempt.ip, null, limits.perIp, limits, now);
  if (!address.granted) return { outcome: 'throttled', lockedNow: address.lockedNow ? ['ip'] : [] };
  if (attempt.adminId !== undefined) {
    const account = await reserveAccount(db, attempt.adminId, attempt.ip, limits, now);
    if (!account.granted) {
      await pruneCounters(db, limits, now);
      return { outcome: 'locked', lockedNow: account.lockedNow };
    }
  }
  const value = await check();
  if (value === false || value === null) {
    await pruneCounters(db, limits, now);
    return { outcome: 'failed', lockedNow: [] };
  }
  if (!(await giveBack(db, attempt, now))) return { outcome: 'lockedMeanwhile', lockedNow: [] };
  return { outcome: 'passed', value: value as Exclude<T, false | null> };
}

/**
 * Inside the transaction that opens a session: clears the failures of this account from this
 * address, unless the pair or the account is locked. Then it answers false: the sign-in is
 * refused and the lock stays. A success never clears a lock, nor the counts of the address
 * and the account as a whole (they measure attempts from everywhere).
 */
export async function clearSignInFailures(
  tx: DbOrTx,
  adminId: number,
  ip: string,
  now: Date,
): Promise<boolean> {
  // The admin row is locked before the pair (admin-lock.ts).
  const [account] = await tx
    .select({ lockedUntil: admins.lockedUntil })
    .from(admins)
    .where(eq(admins.id, adminId))
    .for('no key update');
  if (isLockedAt(account?.lockedUntil, now)) return false;
  // A locked pair holds 0 already, so the update changes a count only where no lock is set.
  const [pair] = await tx
    .update(signInCounters)
    .set({ failures: 0 })
    .where(counterRow(addressKey(ip), adminId))
    .returning({ lockedUntil: signInCounters.lockedUntil });
  return !isLockedAt(pair?.lockedUntil, now);
}

export interface Failure {
  /** The account tried, when the identifier named one. */
  adminId: number | null;
  /** The audit action, e.g. `auth.login.failure`. */
  action: AuditAction;
  /** Why the check failed (`wrong_password`, `unknown_identifier`, ...), the row's reason; a lock overrides it. */
  reason: string;
  /** More for the audit row. Never what was typed as identifier when it names no admin. */
  detail?: object;
}

/**
 * The audit row of a refused check (the request's address and browser come with it): reason
 * `locked` when a lock refused it, and which counters this request locked.
 */
export async function auditFailure(db: DbOrTx, refused: Refused, f: Failure): Promise<void> {
  const reason = refused.outcome === 'locked' || refused.outcome === 'lockedMeanwhile' ? 'locked' : f.reason;
  const after = {
    ...f.detail,
    ...(refused.lockedNow.length > 0 ? { locked: true, lock: refused.lockedNow } : {}),
  };
  await writeAudit(db, {
    adminId: f.adminId,
    action: f.action,
    entity: 'admin',
    entityId: f.adminId,
    reason,
    after: Object.keys(after).length ? after : null,
  });
}
