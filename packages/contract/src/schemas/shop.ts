import { z } from 'zod';
import { CURRENCIES, MAX_PAGE_LIMIT, PAGE_SIZES, SHOP_TYPES } from '../constants.ts';
import {
  currencySchema,
  exportQueryOf,
  formBoolean,
  formMoney,
  isoDate,
  jsonText,
  paginationOf,
  queryDate,
  queryEnum,
  rowIdSchema,
  sortParam,
  telegramIdSchema,
  text,
  wholeOrPageQuery,
} from './common.ts';

const shopTypeSchema = z.enum(SHOP_TYPES);

export const shopItemSchema = z.object({
  id: z.number().int(),
  titleEn: z.string(),
  titleRu: z.string(),
  descriptionEn: z.string(),
  descriptionRu: z.string(),
  photo: z.string().nullable(),
  photoUrl: z.string().nullable(),
  thumb: z.string().nullable(),
  thumbUrl: z.string().nullable(),
  type: shopTypeSchema,
  price: z.coerce.number(),
  currency: currencySchema,
  status: z.boolean(),
  sold: z.number().int().min(0),
  /** Ids of the bundled shop items (NOOB_PACK only); stored as JSON text, parsed here. */
  bundleItems: jsonText(z.array(z.number().int())).nullable(),
  createdAt: isoDate.optional(),
});
export type ShopItem = z.infer<typeof shopItemSchema>;

/* GET /shop-items?page&limit=10&search&type&status&sort (docs/api.md#lists) */
export const SHOP_ITEM_SORTS = ['createdAt', 'price', 'sold'] as const;
/** `search`: titles (English or Russian) containing the text. */
export const shopItemsQuerySchema = wholeOrPageQuery(PAGE_SIZES.SHOP_ITEMS, MAX_PAGE_LIMIT).extend({
  type: queryEnum(SHOP_TYPES),
  status: queryEnum(['active', 'inactive']),
  /** Default `-createdAt` (newest first). */
  sort: sortParam(SHOP_ITEM_SORTS),
});
export type ShopItemsQuery = z.input<typeof shopItemsQuerySchema>;
/** The cards, over every item (not the filtered set): items, active, inactive, sales (sum of `sold`). */
export const shopItemsStatsSchema = z.object({
  total: z.number().int(),
  active: z.number().int(),
  inactive: z.number().int(),
  sales: z.number().int(),
});
export type ShopItemsStats = z.infer<typeof shopItemsStatsSchema>;
export const shopItemsPageSchema = z.object({
  items: z.array(shopItemSchema),
  pagination: paginationOf('totalItems'),
  stats: shopItemsStatsSchema,
});
export const shopItemsResponseSchema = z.union([z.array(shopItemSchema), shopItemsPageSchema]);

/** `bundleItems` as a multipart field: a JSON list of ids ("[3,4]"); blank means none. */
const bundleItemsField = z.preprocess(
  (v) => (v === '' || v === undefined || v === null ? [] : v),
  jsonText(z.array(rowIdSchema).max(50)),
);

const shopItemFieldsSchema = z.object({
  titleEn: text.trim().min(1, 'titleEn is required').max(200),
  titleRu: text.trim().min(1, 'titleRu is required').max(200),
  descriptionEn: text.trim().min(1, 'descriptionEn is required').max(2000),
  descriptionRu: text.trim().min(1, 'descriptionRu is required').max(2000),
  type: shopTypeSchema,
  price: formMoney,
  currency: currencySchema,
  bundleItems: bundleItemsField.optional(),
});
/** Bundles only make sense for NOOB_PACK; other types never keep a selection. */
const bundleOnlyForNoobPack = <T extends { type: string; bundleItems?: number[] }>(v: T) => ({
  ...v,
  bundleItems: v.type === 'NOOB_PACK' ? (v.bundleItems ?? []) : [],
});

/* POST /shop-items (multipart text fields; files photo and thumb) */
export const createShopItemBodySchema = shopItemFieldsSchema.transform(bundleOnlyForNoobPack);
export type CreateShopItemFields = z.output<typeof createShopItemBodySchema>;

/* PUT /shop-items/:id (multipart, images optional; the toggle sends the same fields without images) */
export const updateShopItemBodySchema = shopItemFieldsSchema
  .extend({ status: formBoolean.optional() })
  .transform(bundleOnlyForNoobPack);
export type UpdateShopItemFields = z.output<typeof updateShopItemBodySchema>;

export const shopItemResponseSchema = shopItemSchema;

/* GET /shop-orders?page&limit=15&search&currency&type&from&sort (docs/api.md#lists) */
export const SHOP_ORDER_SORTS = ['createdAt', 'price'] as const;
/** `search`: order id, the buyer's username, names or Telegram id, or the item's titles containing the text. */
export const shopOrdersQuerySchema = wholeOrPageQuery(PAGE_SIZES.SHOP_ORDERS, MAX_PAGE_LIMIT).extend({
  currency: queryEnum(CURRENCIES),
  type: queryEnum(SHOP_TYPES),
  /** Orders created at or after this instant (the console sends today's local midnight, or now minus 7 or 30 days). */
  from: queryDate,
  /** Default `-createdAt` (newest first). */
  sort: sortParam(SHOP_ORDER_SORTS),
});
export type ShopOrdersQuery = z.input<typeof shopOrdersQuerySchema>;
/* GET /shop-orders/export?search&currency&type&from&sort */
export const shopOrdersExportQuerySchema = exportQueryOf(shopOrdersQuerySchema);
export type ShopOrdersExportQuery = z.input<typeof shopOrdersExportQuerySchema>;

const shopOrderSchema = z.object({
  /** UUID-like; the table shows its first 8 characters. */
  id: z.coerce.string(),
  user: z.object({
    username: z.string().nullable(),
    firstName: z.string().nullable(),
    lastName: z.string().nullable(),
    telegramId: telegramIdSchema,
  }),
  /** Null once the item was deleted: the order stays readable with its price and currency. */
  shopItem: z
    .object({
      titleEn: z.string(),
      titleRu: z.string(),
      thumbUrl: z.string().nullable(),
      type: shopTypeSchema,
    })
    .nullable(),
  isBundle: z.boolean(),
  price: z.coerce.number(),
  currency: currencySchema,
  createdAt: isoDate,
});
export type ShopOrder = z.infer<typeof shopOrderSchema>;
/** The cards over the filtered orders: their number and the revenue per currency (exact sums). */
export const shopOrdersRevenueSchema = z.object({
  total: z.number().int(),
  ton: z.coerce.number(),
  star: z.coerce.number(),
  redChip: z.coerce.number(),
});
export type ShopOrdersRevenue = z.infer<typeof shopOrdersRevenueSchema>;
export const shopOrdersPageSchema = z.object({
  orders: z.array(shopOrderSchema),
  pagination: paginationOf('totalOrders'),
  revenue: shopOrdersRevenueSchema,
});
export const shopOrdersResponseSchema = z.union([z.array(shopOrderSchema), shopOrdersPageSchema]);
