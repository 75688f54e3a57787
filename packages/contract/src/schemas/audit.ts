import { z } from 'zod';
import { MAX_PAGE_LIMIT } from '../constants';
import { dateText, isoDate, queryDate, queryText, rowIdSchema, telegramIdSchema } from './common';

/**
 * The audit trail (`docs/audit.md`): one row per change the API makes, written in the
 * transaction of the change, never updated or deleted, chained by hashes.
 */

/** The kinds of thing a row is about (`entityType`); the console links each to its screen. */
export const AUDIT_ENTITY_TYPES = ['admin', 'audit', 'giveaway', 'loot_box', 'mailing', 'settings', 'shop_item', 'task', 'tournament', 'user', 'withdrawal'] as const;
export type AuditEntityType = (typeof AUDIT_ENTITY_TYPES)[number];

const blankToUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);
const optional = <T extends z.ZodType>(schema: T) => z.preprocess(blankToUndefined, schema.optional());

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;
const DAY_MS = 86_400_000;
/** An upper bound: a date-time as sent; a date alone means through the end of that day (UTC). */
const queryThrough = optional(dateText.transform((s) => new Date(DATE_ONLY.test(s) ? Date.parse(s) + DAY_MS - 1 : s)));

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
    /** Rows at or after this instant. */
    from: queryDate,
    /**
     * Rows at or before this instant, to the millisecond (an entry's `at` as `to` includes that
     * entry, though the database keeps microseconds); a date alone includes that whole day.
     */
    to: queryThrough,
  })
  .refine((q) => !(q.from && q.to) || q.from <= q.to, { message: 'from must not be after to', path: ['from'] });
export type AuditFilter = z.infer<typeof auditFilterSchema>;

export const AUDIT_PAGE_SIZE = 50;

/* GET /manager/audit: newest first; `cursor` is the `nextCursor` of the page before. */
export const auditQuerySchema = z.intersection(
  auditFilterSchema,
  z.object({
    cursor: optional(z.string().trim().max(200)),
    limit: z.preprocess(blankToUndefined, z.coerce.number().int().min(1).max(MAX_PAGE_LIMIT).default(AUDIT_PAGE_SIZE)),
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
