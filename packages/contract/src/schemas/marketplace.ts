import { z } from 'zod';
import { MAX_PAGE_LIMIT, PAGE_SIZES } from '../constants.ts';
import { exportQueryOf, isoDate, pageQuery, paginationOf, personSchema, telegramIdSchema } from './common.ts';

/* GET /marketplace?page&limit=20&search */
export const marketplaceQuerySchema = pageQuery(PAGE_SIZES.MARKETPLACE, MAX_PAGE_LIMIT);
export type MarketplaceQuery = z.infer<typeof marketplaceQuerySchema>;

const marketplaceItemSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  giftNumber: z.number().int().nullable(),
  /** TON. */
  price: z.coerce.number(),
  oldPrice: z.coerce.number().nullable(),
  modelName: z.string().nullable(),
  createdAt: isoDate,
  telegramId: telegramIdSchema,
  owner: personSchema.nullable(),
});
export type MarketplaceItem = z.infer<typeof marketplaceItemSchema>;

export const marketplaceResponseSchema = z.object({
  items: z.array(marketplaceItemSchema),
  pagination: paginationOf('totalItems'),
});
export type MarketplaceResponse = z.infer<typeof marketplaceResponseSchema>;

/* GET /marketplace/orders?page&limit=20&search */
export const marketplaceOrdersQuerySchema = pageQuery(PAGE_SIZES.MARKETPLACE_ORDERS, MAX_PAGE_LIMIT);
export type MarketplaceOrdersQuery = z.infer<typeof marketplaceOrdersQuerySchema>;
/* GET /marketplace/orders/export?search */
export const marketplaceOrdersExportQuerySchema = exportQueryOf(marketplaceOrdersQuerySchema);
export type MarketplaceOrdersExportQuery = z.input<typeof marketplaceOrdersExportQuerySchema>;

const marketplaceOrderSchema = z.object({
  id: z.number().int(),
  item: z.object({
    name: z.string(),
    giftNumber: z.number().int().nullable(),
    modelName: z.string().nullable(),
  }),
  buyer: personSchema.nullable(),
  seller: personSchema.nullable(),
  price: z.coerce.number(),
  fee: z.coerce.number(),
  totalPrice: z.coerce.number(),
  createdAt: isoDate,
});
export type MarketplaceOrder = z.infer<typeof marketplaceOrderSchema>;

export const marketplaceOrdersResponseSchema = z.object({
  orders: z.array(marketplaceOrderSchema),
  pagination: paginationOf('totalOrders'),
});
export type MarketplaceOrdersResponse = z.infer<typeof marketplaceOrdersResponseSchema>;
