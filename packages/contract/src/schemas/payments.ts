import { z } from 'zod';
import { MAX_PAGE_LIMIT, PAGE_SIZES } from '../constants.ts';
import {
  exportQueryOf,
  isoDate,
  pageQuery,
  paginationOf,
  personSchema,
  queryBoolean,
  queryDate,
  queryMoney,
  telegramIdSchema,
} from './common.ts';

/* GET /transactions/ton-payments and /transactions/stars-payments */
const paymentsQueryObject = pageQuery(PAGE_SIZES.PAYMENTS, MAX_PAGE_LIMIT).extend({
  status: queryBoolean,
  startDate: queryDate,
  endDate: queryDate,
  minAmount: queryMoney,
  maxAmount: queryMoney,
});
type PaymentFilters = Pick<
  z.output<typeof paymentsQueryObject>,
  'startDate' | 'endDate' | 'minAmount' | 'maxAmount'
>;
/** The range checks of the filters, shared by the list and its export. */
const checkRanges = <T extends z.ZodType<PaymentFilters>>(schema: T) =>
  schema
    .refine((q) => !(q.startDate && q.endDate) || q.startDate <= q.endDate, {
      message: 'startDate must not be after endDate',
      path: ['startDate'],
    })
    .refine((q) => q.minAmount === undefined || q.maxAmount === undefined || q.minAmount <= q.maxAmount, {
      message: 'minAmount must not exceed maxAmount',
      path: ['minAmount'],
    });
export const paymentsQuerySchema = checkRanges(paymentsQueryObject);
/* GET /transactions/ton-payments/export and /stars-payments/export (docs/api.md#csv-exports) */
export const paymentsExportQuerySchema = checkRanges(exportQueryOf(paymentsQueryObject));
export type PaymentsExportQuery = z.input<typeof paymentsExportQuerySchema>;
export type PaymentsQuery = z.infer<typeof paymentsQuerySchema>;

const paymentBase = z.object({
  id: z.number().int(),
  user: personSchema.nullable(),
  telegramId: telegramIdSchema,
  type: z.string().nullable(),
  link: z.string().nullable(),
  amount: z.coerce.number(),
  fee: z.coerce.number(),
  /** true: completed; false: pending. */
  status: z.boolean(),
  createdAt: isoDate,
});

const starsPaymentSchema = paymentBase;
export type StarsPayment = z.infer<typeof starsPaymentSchema>;

const tonPaymentSchema = paymentBase.extend({
  transactionId: z.string().nullable(),
  product: z.object({ product: z.string(), amount: z.coerce.number() }).nullable(),
  wallet: z.string().nullable(),
});
export type TonPayment = z.infer<typeof tonPaymentSchema>;

/** Totals over the filtered set (not just the page). */
const paymentStatsSchema = z.object({
  totalAmount: z.coerce.number(),
  totalFee: z.coerce.number(),
  completedAmount: z.coerce.number(),
  completedFee: z.coerce.number(),
  completedCount: z.number().int().min(0),
  pendingCount: z.number().int().min(0),
});
export type PaymentStats = z.infer<typeof paymentStatsSchema>;

const paymentsResponse = <T extends z.ZodType>(payment: T) =>
  z.object({
    payments: z.array(payment),
    pagination: paginationOf('totalPayments'),
    stats: paymentStatsSchema,
  });

export const tonPaymentsResponseSchema = paymentsResponse(tonPaymentSchema);
export type TonPaymentsResponse = z.infer<typeof tonPaymentsResponseSchema>;
export const starsPaymentsResponseSchema = paymentsResponse(starsPaymentSchema);
export type StarsPaymentsResponse = z.infer<typeof starsPaymentsResponseSchema>;

/** Success rate = completed / total x 100, one decimal (0 when there are no payments). */
export function successRate(stats: Pick<PaymentStats, 'completedCount' | 'pendingCount'>): number {
  const total = stats.completedCount + stats.pendingCount;
  return total === 0 ? 0 : Math.round((stats.completedCount / total) * 1000) / 10;
}
