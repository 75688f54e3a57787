import { and, eq, isNull, sql } from 'drizzle-orm';
import { STEP_UP_MESSAGE, STEP_UP_STATUS, type StepUpMethod, type StepUpRequired } from '@manager/contract';
import { writeAudit } from '../db/audit';
import type { DbOrTx } from '../db/client';
import { adminPasskeys, admins, adminSessions } from '../db/schema/auth';
import { AppError } from '../lib/envelope';

/*
 * Step-up: before money moves, the admin confirms it's them again in this session. The
 * confirmation is `admin_sessions.step_up_at`; it holds for `stepUpWindowMs` by the app's
 * clock. A new sign-in opens a new session row, so it starts without one; a session that ends
 * takes its confirmation with it (the guard refuses the session first).
 */

/** How a step-up was confirmed, as its audit row says: a backup code is the `totp` method's other input. */
export type StepUpProof = StepUpMethod | 'backup_code';

/**
 * The methods an admin can confirm with: the authenticator when two-factor is on, a passkey
 * when they have one, the password only when they have neither (a second factor is never
 * bypassed by the first). Empty for an unknown admin.
 */
export async function stepUpMethods(db: DbOrTx, adminId: number): Promise<StepUpMethod[]> {
  // The admin id is a parameter in both places: a correlation written with bare column names
  // would resolve `id` inside admin_passkeys (db/qualified.ts).
  const [row] = await db
    .select({
      totp: admins.twoFactorEnabled,
      passkey: sql<boolean>`exists (select 1 from ${adminPasskeys} where ${eq(adminPasskeys.adminId, adminId)})`,
    })
    .from(admins)
    .where(eq(admins.id, adminId));
  if (!row) return [];
  const methods: StepUpMethod[] = [];
  if (row.totp) methods.push('totp');
  if (row.passkey) methods.push('passkey');
  return methods.length > 0 ? methods : ['password'];
}

/** Until when a step-up made at `stepUpAt` holds; null when there is none. */
export const stepUpValidUntil = (stepUpAt: Date | null, windowMs: number): Date | null =>
  stepUpAt ? new Date(stepUpAt.getTime() + windowMs) : null;

/** How far ahead of this instance's clock another instance's stamp may be and still count. */
export const STEP_UP_CLOCK_SKEW_MS = 30_000;

/**
 * The step-up holds at `now`: made within the last `windowMs` (at exactly `windowMs` old it is
 * over). A stamp a little ahead of `now` (another API instance's clock) holds too, but no more
 * than STEP_UP_CLOCK_SKEW_MS ahead: a clock far ahead must not make a confirmation outlive the window.
 */
export function isStepUpFresh(stepUpAt: Date | null, now: Date, windowMs: number): boolean {
  const until = stepUpValidUntil(stepUpAt, windowMs);
  if (until === null || stepUpAt === null) return false;
  return now.getTime() < until.getTime() && stepUpAt.getTime() <= now.getTime() + STEP_UP_CLOCK_SKEW_MS;
}

/** The refusal of a call that needs a step-up: STEP_UP_STATUS, STEP_UP_MESSAGE, and how to confirm. */
export function stepUpRequired(methods: StepUpMethod[]): AppError {
  const data: StepUpRequired = { stepUp: { methods } };
  return new AppError(STEP_UP_STATUS, STEP_UP_MESSAGE, data);
}

export interface StepUpConfirmation {
  adminId: number;
  /** The session (refresh-token family) that confirmed. */
  sessionId: string;
  method: StepUpProof;
  now: Date;
}

/**
 * Records a confirmed step-up inside the caller's transaction: the session's `step_up_at` and
 * the `auth.step_up` audit row (entity the session, the method in `after`). False, with
 * nothing written, when the session is not the admin's or has ended meanwhile.
 */
export async function confirmStepUp(
  tx: DbOrTx,
  { adminId, sessionId, method, now }: StepUpConfirmation,
): Promise<boolean> {
  const [session] = await tx
    .update(adminSessions)
    .set({ stepUpAt: now })
    .where(
      and(eq(adminSessions.id, sessionId), eq(adminSessions.adminId, adminId), isNull(adminSessions.endedAt)),
    )
    .returning({ id: adminSessions.id });
  if (!session) return false;
  await writeAudit(tx, {
    adminId,
    action: 'auth.step_up',
    entity: 'session',
    entityId: sessionId,
    after: { method },
  });
  return true;
}
