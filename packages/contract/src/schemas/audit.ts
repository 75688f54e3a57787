import { z } from 'zod';
import { MAX_PAGE_LIMIT } from '../constants.ts';
import {
  boundedNumber,
  dateText,
  isoDate,
  isStorableText,
  queryBoolean,
  queryDate,
  queryText,
  rowIdSchema,
  STORABLE_TEXT_MESSAGE,
  telegramIdSchema,
  text,
} from './common.ts';

/**
 * The audit trail (`docs/audit.md`): one row per change the API makes, written in the
 * transaction of the change, never updated or deleted, chained by hashes.
 */

/** The kinds of thing a row is about (`entityType`); the console links each to its screen. */
export const AUDIT_ENTITY_TYPES = [
  'admin',
  'admin_request',
  'audit',
  'giveaway',
  'list',
  'loot_box',
  'mailing',
  'passkey',
  'payment',
  'role',
  'session',
  'settings',
  'shop_item',
  'task',
  'tournament',
  'user',
  'withdrawal',
] as const;
export type AuditEntityType = (typeof AUDIT_ENTITY_TYPES)[number];

/**
 * Every action the API writes to the trail (`<entity>.<verb>`), with the label the console
 * shows for it. The API's `writeAudit` takes only these names, so a new kind of row is added
 * here first and the console's Action filter offers it at once.
 */
export const AUDIT_ACTION_LABELS = {
  'auth.login.success': 'Signed in',
  'auth.login.failure': 'Sign-in failed',
  'auth.2fa.failure': 'Two-factor code refused',
  'auth.password.failure': 'Password re-check failed',
  'auth.logout': 'Signed out',
  'auth.session.end': 'Session signed out',
  'auth.session.end_others': 'Other sessions signed out',
  'auth.refresh.reuse': 'Token reuse detected',
  'auth.2fa.enable': 'Two-factor enabled',
  'auth.2fa.disable': 'Two-factor disabled',
  'auth.2fa.backup_codes.regenerate': 'Backup codes regenerated',
  'auth.admin.create': 'Admin created',
  'auth.step_up': 'Identity confirmed',
  'auth.step_up.failure': 'Identity confirmation failed',
  'auth.passkey.add': 'Passkey added',
  'auth.passkey.remove': 'Passkey removed',
  'auth.access.denied': 'Access denied',
  'admin.invited': 'Admin invited',
  'admin.enrolled': 'Admin enrolled',
  'admin.roles.changed': 'Admin roles changed',
  'admin.disabled': 'Admin disabled',
  'admin.enabled': 'Admin enabled',
  'admin.second_factor.reset': 'Second factor reset',
  'admin.request.created': 'Approval requested',
  'admin.request.approved': 'Request approved',
  'admin.request.rejected': 'Request rejected',
  'admin.role.created': 'Role created',
  'user.balances.update': 'Balances changed',
  'withdrawal.first_approval': 'First approval recorded',
  'withdrawal.transfer_claim': 'Transfer started',
  'withdrawal.approve_with_transfer': 'Withdrawal approved with transfer',
  'withdrawal.approve_without_transfer': 'Withdrawal approved without transfer',
  'withdrawal.reject': 'Withdrawal rejected',
  'withdrawal.transfer_failed': 'Transfer failed',
  'withdrawal.transfer_unknown': 'Transfer outcome unknown',
  'withdrawal.transfer_reconciled': 'Transfer settled by reconciliation',
  'withdrawal.transfer_released': 'Transfer claim released',
  'task.create': 'Task created',
  'task.update': 'Task changed',
  'task.delete': 'Task deleted',
  'shop_item.create': 'Shop item created',
  'shop_item.update': 'Shop item changed',
  'shop_item.delete': 'Shop item deleted',
  'loot_box.create': 'Loot box created',
  'loot_box.update': 'Loot box changed',
  'loot_box.toggle': 'Loot box switched on or off',
  'loot_box.delete': 'Loot box deleted',
  'giveaway.create': 'Giveaway created',
  'giveaway.update': 'Giveaway changed',
  'giveaway.delete': 'Giveaway deleted',
  'mailing.create': 'Mailing created',
  'mailing.update': 'Mailing changed',
  'mailing.delete': 'Mailing deleted',
  'mailing.test': 'Test message sent',
  'mailing.start': 'Mailing started',
  'mailing.deliver': 'Mailing delivered',
  'tournament.create': 'Tournament created',
  'tournament.update': 'Tournament changed',
  'tournament.delete': 'Tournament deleted',
  'settings.update': 'Settings changed',
  'audit.export': 'Audit log exported',
  'list.export': 'List exported',
  'pii.revealed': 'Personal data revealed',
} as const satisfies Record<string, string>;
export type AuditAction = keyof typeof AUDIT_ACTION_LABELS;
/** The action names, in the order of their labels (grouped by entity). */
export const AUDIT_ACTIONS = Object.keys(AUDIT_ACTION_LABELS) as [AuditAction, ...AuditAction[]];

/** How the console names an action; one this build does not know (a newer API's) shows its code. */
export const auditActionLabel = (action: string): string =>
  Object.hasOwn(AUDIT_ACTION_LABELS, action) ? AUDIT_ACTION_LABELS[action as AuditAction] : action;

/**
 * The rows of signing in (a sign-in, a refused password or two-factor code at sign-in): the
 * most frequent rows by far, hidden from the Audit Log unless the admin asks (`signIns`).
 */
export const AUDIT_SIGN_IN_ACTIONS = [
  'auth.login.success',
  'auth.login.failure',
  'auth.2fa.failure',
] as const satisfies readonly AuditAction[];

/**
 * Who acted in a row written by no admin: a background job or a command. Admin usernames
 * never contain `:` (admin-policy), so these cannot be mistaken for one.
 */
export const AUDIT_SYSTEM_ACTORS = {
  reconcile: 'system:reconcile',
  mailing: 'system:mailing',
  adminCreate: 'system:admin-create',
} as const;

/** The longest reason a call takes (`reason` of a balance edit or a withdrawal decision). */
export const AUDIT_REASON_MAX = 500;

const blankToUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);
const optional = <T extends z.ZodType>(schema: T) => z.preprocess(blankToUndefined, schema.optional());

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;
const DAY_MS = 86_400_000;
/** An upper bound: a date-time as sent; a date alone means through the end of that day (UTC). */
const queryThrough = optional(
  dateText.transform((s) => new Date(DATE_ONLY.test(s) ? Date.parse(s) + DAY_MS - 1 : s)),
);

/** Why an admin makes a change, as typed: optional, trimmed, blank means none; kept in the row's `reason`. */
export const auditReasonSchema = optional(text.trim().max(AUDIT_REASON_MAX));
/** A reason the change cannot go without (a balance edit): the same bounds, and not blank. */
export const requiredReasonSchema = z
  .string({ error: 'Please enter a reason' })
  .trim()
  .min(1, 'Please enter a reason')
  .max(AUDIT_REASON_MAX, `The reason must be at most ${AUDIT_REASON_MAX} characters`)
  .refine(isStorableText, STORABLE_TEXT_MESSAGE);

/** The filters of the log, its export and a user's History: every one optional, all combined. */
export const auditFilterSchema = z
  .object({
    /** The acting admin's id. */
    adminId: optional(rowIdSchema),
    /** One action, e.g. `user.balances.update`. */
    action: queryText,
    entityType: optional(z.enum(AUDIT_ENTITY_TYPES)),
    entityId: queryText,
    /** Rows about this player: their balances, their withdrawals, exports of their rows. */
    userTelegramId: optional(telegramIdSchema),
    /** `false`: without the rows of signing in (`AUDIT_SIGN_IN_ACTIONS`); absent or `true`: with them. */
    signIns: queryBoolean,
    /** Rows at or after this instant. */
    from: queryDate,
    /**
     * Rows at or before this instant, to the millisecond (an entry's `at` as `to` includes that
     * entry, though the database keeps microseconds); a date alone includes that whole day.
     */
    to: queryThrough,
  })
  .refine((q) => !(q.from && q.to) || q.from <= q.to, {
    message: 'from must not be after to',
    path: ['from'],
  });
export type AuditFilter = z.infer<typeof auditFilterSchema>;

export const AUDIT_PAGE_SIZE = 50;

/* GET /manager/audit: newest first; `cursor` is the `nextCursor` of the page before. */
export const auditQuerySchema = z.intersection(
  auditFilterSchema,
  z.object({
    cursor: optional(z.string().trim().max(200)),
    limit: z.preprocess(
      blankToUndefined,
      boundedNumber(z.number().int().min(1).max(MAX_PAGE_LIMIT)).default(AUDIT_PAGE_SIZE),
    ),
  }),
);
export type AuditQuery = z.input<typeof auditQuerySchema>;

/** Changed fields only: `before` holds their old values, `after` their new ones. */
const fields = z.record(z.string(), z.unknown()).nullable();

export const auditEntrySchema = z.object({
  id: z.number().int(),
  at: isoDate,
  /** Null for events of no known admin (a failed sign-in with an unknown name). */
  admin: z.object({ id: z.number().int().nullable(), username: z.string().nullable() }),
  action: z.string(),
  entityType: z.string(),
  entityId: z.string().nullable(),
  /** The player the row is about, when there is one. */
  userTelegramId: telegramIdSchema.nullable(),
  before: fields,
  after: fields,
  ip: z.string().nullable(),
  userAgent: z.string().nullable(),
  /** The console builds the admin was running (`X-Console-Version`), when the call said. */
  consoleVersion: z.string().nullable(),
  reason: z.string().nullable(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

export const auditResponseSchema = z.object({
  entries: z.array(auditEntrySchema),
  /** Null on the last page. */
  nextCursor: z.string().nullable(),
});
export type AuditResponse = z.infer<typeof auditResponseSchema>;

/* GET /manager/audit/admins: who can be picked in the Admin filter (every admin that ever acted). */
export const auditAdminsResponseSchema = z.object({
  admins: z.array(z.object({ id: z.number().int(), username: z.string() })),
});

/* GET /manager/audit/verify: the chain walked from its first row. */
export const auditVerifyResponseSchema = z.object({
  valid: z.boolean(),
  /** Rows checked (all of them when valid). */
  checked: z.number().int().min(0),
  /** The first row whose hash or link does not hold. */
  firstBroken: z.object({ id: z.number().int(), at: isoDate, problem: z.string() }).nullable(),
  /**
   * The chain's head as the database records it: the last position and its hash (64 zeros
   * while empty). Kept outside the database, it shows later whether the chain was rewritten.
   */
  head: z.object({ seq: z.number().int().min(0), hash: z.string() }),
});
export type AuditVerifyResponse = z.infer<typeof auditVerifyResponseSchema>;

/* GET /manager/audit/export answers text/csv (the same filters), and is itself audited. */
