import { z } from 'zod';
import { auditReasonSchema } from './audit.ts';
import { MAX_PAGE_LIMIT, PAGE_SIZES } from '../constants.ts';
import {
  exportQueryOf,
  isoDate,
  paginationOf,
  queryEnum,
  rowIdSchema,
  sortParam,
  telegramIdSchema,
  wholeOrPageQuery,
} from './common.ts';

const withdrawalSchema = z.object({
  id: z.number().int(),
  user: z.object({ username: z.string().nullable() }).nullable(),
  telegramId: telegramIdSchema,
  /** TON or the gift's currency; only non-TON can be auto-approved with a transfer. */
  currency: z.string(),
  price: z.coerce.number(),
  wallet: z.string().nullable(),
  inventory: z.object({ name: z.string() }).nullable(),
  inventoryId: z.coerce.string().nullable(),
  /** true: approved (Processed); false: Pending. */
  status: z.boolean(),
  /** Set when rejected, so a rejected row is not shown as pending again. */
  rejected: z.boolean().optional(),
  /** Who rejected it and when (the decision's admin and time); null unless rejected. */
  rejection: z
    .object({ adminId: z.number().int().nullable(), adminUsername: z.string().nullable(), at: isoDate })
    .nullable()
    .optional(),
  /** Who gave the approval that executed it, how, and when; null unless approved. */
  approval: z
    .object({
      adminId: z.number().int().nullable(),
      adminUsername: z.string().nullable(),
      action: z.enum(['with-transfer', 'without-transfer']),
      at: isoDate,
    })
    .nullable()
    .optional(),
  /** Why the last transfer failed, while the withdrawal stays pending. */
  failureReason: z.string().optional(),
  createdAt: isoDate,
  /**
   * Worth DUAL_APPROVAL_MIN_TON or more (a gift at its price; a pending TON withdrawal with
   * what its player withdrew in the last 24 hours): an approval needs two different
   * administrators. Absent from servers without dual approval.
   */
  needsTwoApprovals: z.boolean().optional(),
  /** The first of two approvals, while the row awaits the second; null otherwise. */
  firstApproval: z
    .object({
      adminId: z.number().int(),
      adminUsername: z.string().nullable(),
      /** The approval the second administrator confirms. */
      action: z.enum(['with-transfer', 'without-transfer']),
      at: isoDate,
    })
    .nullable()
    .optional(),
});
export type Withdrawal = z.infer<typeof withdrawalSchema>;

/* GET /withdrawals?page&limit=10&search&status&sort (docs/api.md#lists) */
export const WITHDRAWAL_SORTS = ['createdAt', 'price'] as const;
/** `search`: usernames containing the text. */
export const withdrawalsQuerySchema = wholeOrPageQuery(PAGE_SIZES.WITHDRAWALS, MAX_PAGE_LIMIT).extend({
  /** pending: not approved (rejected ones excluded); rejected: only rejected ones, listed by no other filter. */
  status: queryEnum(['pending', 'approved', 'rejected']),
  /** Default: undecided first (the ones waiting for a decision stay on top), newest first within each group. */
  sort: sortParam(WITHDRAWAL_SORTS),
});
export type WithdrawalsQuery = z.input<typeof withdrawalsQuerySchema>;
/* GET /withdrawals/export?search&status&sort */
export const withdrawalsExportQuerySchema = exportQueryOf(withdrawalsQuerySchema);
export type WithdrawalsExportQuery = z.input<typeof withdrawalsExportQuerySchema>;
/**
 * The counters, over every withdrawal (not the filtered set): pending, of which awaiting a
 * second approval, approved, total (pending + approved), and rejected (outside the total, as
 * rejected ones are outside every filter but their own).
 */
export const withdrawalCountsSchema = z.object({
  pending: z.number().int(),
  awaiting: z.number().int(),
  approved: z.number().int(),
  total: z.number().int(),
  rejected: z.number().int(),
});
export type WithdrawalCounts = z.infer<typeof withdrawalCountsSchema>;
export const withdrawalsPageSchema = z.object({
  withdrawals: z.array(withdrawalSchema),
  pagination: paginationOf('totalWithdrawals'),
  counts: withdrawalCountsSchema,
});
export const withdrawalsResponseSchema = z.union([z.array(withdrawalSchema), withdrawalsPageSchema]);

/**
 * The message of a first approval (code 200, data: the withdrawal with `firstApproval` set and
 * `status` still false): nothing moved yet. The second approval by another administrator, with
 * the same action, executes it; the first approver's second approval is refused (409).
 */
export const FIRST_APPROVAL_MESSAGE = 'Approval recorded: a second administrator must confirm';

/** Why the first approver cannot give the second approval: the API's 409 and the console's tooltip. */
export const FIRST_APPROVER_REFUSAL = 'You made the first approval: a second administrator must confirm';

/**
 * POST /withdrawals/with-transfer | without-transfer | reject. The client sends the whole
 * withdrawal object; only `id` decides, the rest is never trusted. `reason`: optional, why
 * (a rejection's reason), up to 500 characters, kept in the decision's audit row.
 */
export const withdrawalActionRequestSchema = z.looseObject({ id: rowIdSchema, reason: auditReasonSchema });
export const withdrawalActionResponseSchema = withdrawalSchema;
export type WithdrawalAction = 'with-transfer' | 'without-transfer' | 'reject';

/** The most withdrawals one batch decision takes (a page of the list is 10). */
export const WITHDRAWAL_BATCH_MAX = 50;
/**
 * POST /withdrawals/batch: one decision (approve without transfer, or reject) over up to
 * WITHDRAWAL_BATCH_MAX withdrawals, each decided in its own transaction exactly as the
 * single-row call decides it. `ids`: distinct; `reason` as the single-row calls'.
 */
export const withdrawalBatchRequestSchema = z.object({
  action: z.enum(['without-transfer', 'reject']),
  ids: z
    .array(rowIdSchema)
    .min(1)
    .max(WITHDRAWAL_BATCH_MAX)
    .refine((ids) => new Set(ids).size === ids.length, 'ids must be distinct'),
  reason: auditReasonSchema,
});
export type WithdrawalBatchRequest = z.input<typeof withdrawalBatchRequestSchema>;
export type WithdrawalBatchAction = z.output<typeof withdrawalBatchRequestSchema>['action'];
/**
 * Each id's outcome, in the order sent: `decided` (approved, or rejected), `first-approval`
 * (recorded; a second administrator must confirm), `already-decided` (by someone else first:
 * nothing changed), `error` (refused or failed: `message` says why; nothing changed).
 */
export const WITHDRAWAL_BATCH_OUTCOMES = ['decided', 'first-approval', 'already-decided', 'error'] as const;
export const withdrawalBatchResultSchema = z.object({
  id: z.number().int(),
  outcome: z.enum(WITHDRAWAL_BATCH_OUTCOMES),
  message: z.string(),
});
export type WithdrawalBatchResult = z.infer<typeof withdrawalBatchResultSchema>;
export const withdrawalBatchResponseSchema = z.object({ results: z.array(withdrawalBatchResultSchema) });
