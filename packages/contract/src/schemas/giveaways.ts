import { z } from 'zod';
import { MAX_PAGE_LIMIT, PAGE_SIZES } from '../constants.ts';
import {
  DATE_TEXT_MAX,
  dateText,
  formBoolean,
  formMoney,
  isoDate,
  jsonAmount,
  jsonText,
  paginationOf,
  queryEnum,
  rowIdSchema,
  sortParam,
  text,
  URL_MAX,
  wholeOrPageQuery,
} from './common.ts';

const giveawayGiftSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  baseName: z.string().nullable().optional(),
  price: z.coerce.number(),
  modelThumbUrl: z.string().nullable().optional(),
});
export type GiveawayGift = z.infer<typeof giveawayGiftSchema>;

const giveawayWinnerSchema = z.object({
  winnerId: z.coerce.string(),
  username: z.string().nullable(),
  giftName: z.string().nullable(),
});

const giveawaySchema = z.object({
  id: z.number().int(),
  /** Relative path; prefix it with the uploads base. */
  previewImageUrl: z.string().nullable(),
  expiredDate: isoDate,
  gifts: z.array(giveawayGiftSchema),
  isFree: z.boolean(),
  ticketPriceTon: z.coerce.number(),
  ticketPriceStars: z.coerce.number(),
  /** Keyed by ticket; only the number of keys is shown. */
  tickets: z.record(z.string(), z.unknown()).nullable(),
  status: z.boolean(),
  winners: z.array(giveawayWinnerSchema),
});
export type Giveaway = z.infer<typeof giveawaySchema>;

/** A gift as the picker sends it; only `id` counts (the server reads name and price from the inventory). */
const pickedGiftSchema = giveawayGiftSchema.extend({
  id: rowIdSchema,
  name: text.max(200),
  baseName: text.max(200).nullable().optional(),
  price: jsonAmount,
  modelThumbUrl: text.max(URL_MAX).nullable().optional(),
});

/* GET /giveaways?page&limit=10&search&status&sort (docs/api.md#lists) */
export const GIVEAWAY_SORTS = ['expiredDate', 'createdAt'] as const;
/** `search`: the id, or a gift's name or base name containing the text. */
export const giveawaysQuerySchema = wholeOrPageQuery(PAGE_SIZES.GIVEAWAYS, MAX_PAGE_LIMIT).extend({
  status: queryEnum(['active', 'inactive', 'expired']),
  /** Default `-expiredDate` (latest expiry first). */
  sort: sortParam(GIVEAWAY_SORTS),
});
export type GiveawaysQuery = z.input<typeof giveawaysQuerySchema>;
/** The tiles, over every giveaway (not the filtered set): total, active, expired, free. */
export const giveawaysStatsSchema = z.object({
  total: z.number().int(),
  active: z.number().int(),
  expired: z.number().int(),
  free: z.number().int(),
});
export type GiveawaysStats = z.infer<typeof giveawaysStatsSchema>;
export const giveawaysPageSchema = z.object({
  giveaways: z.array(giveawaySchema),
  pagination: paginationOf('totalGiveaways'),
  stats: giveawaysStatsSchema,
});
export const giveawaysResponseSchema = z.union([z.array(giveawaySchema), giveawaysPageSchema]);

/**
 * POST /giveaways (multipart text fields; optional file `previewImage`). Prices only apply
 * when the giveaway is not free, so a free one stores zeros.
 */
const giveawayFieldsSchema = z.object({
  expiredDate: z.string().trim().min(1, 'Expiry Date is required').max(DATE_TEXT_MAX).pipe(dateText),
  gifts: jsonText(z.array(pickedGiftSchema).max(100)),
  isFree: formBoolean.default(false),
  ticketPriceTon: z.preprocess((v) => (v === '' || v == null ? 0 : v), formMoney),
  ticketPriceStars: z.preprocess((v) => (v === '' || v == null ? 0 : v), formMoney),
});
const pricesOnlyWhenPaid = <T extends { isFree: boolean; ticketPriceTon: number; ticketPriceStars: number }>(
  v: T,
): T => (v.isFree ? { ...v, ticketPriceTon: 0, ticketPriceStars: 0 } : v);

export const createGiveawayBodySchema = giveawayFieldsSchema.transform(pricesOnlyWhenPaid);
export type CreateGiveawayFields = z.output<typeof createGiveawayBodySchema>;

/* PUT /giveaways/:id: same plus status (the toggle sends the same fields with status inverted). */
export const updateGiveawayBodySchema = giveawayFieldsSchema
  .extend({ status: formBoolean.optional() })
  .transform(pricesOnlyWhenPaid);
export type UpdateGiveawayFields = z.output<typeof updateGiveawayBodySchema>;
export const giveawayResponseSchema = giveawaySchema;

export type GiveawayStatus = 'Expired' | 'Active' | 'Inactive';
/** Expired wins over the status flag (`docs/screens.md`, giveaways). */
export function giveawayStatus(
  g: Pick<Giveaway, 'expiredDate' | 'status'>,
  now: number = Date.now(),
): GiveawayStatus {
  if (Date.parse(g.expiredDate) <= now) return 'Expired';
  return g.status ? 'Active' : 'Inactive';
}
