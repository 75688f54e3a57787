import { z } from 'zod';
import { SHOP_TYPES } from '../constants';
import { currencySchema, formBoolean, formMoney, isoDate, jsonText, rowIdSchema, telegramIdSchema, text } from './common';

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

/* GET /shop-items */
export const shopItemsResponseSchema = z.array(shopItemSchema);

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

/* GET /shop-orders (all orders; filtered client side) */
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
export const shopOrdersResponseSchema = z.array(shopOrderSchema);
