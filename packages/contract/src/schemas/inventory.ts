import { z } from 'zod';
import { MAX_PAGE_LIMIT, PAGE_SIZES } from '../constants.ts';
import { exportQueryOf, isoDate, pageQuery, paginationOf, personSchema } from './common.ts';

/* GET /transactions/inventory?page&limit=20&search (search by item name) */
export const inventoryQuerySchema = pageQuery(PAGE_SIZES.INVENTORY, MAX_PAGE_LIMIT);
export type InventoryQuery = z.infer<typeof inventoryQuerySchema>;
/* GET /transactions/inventory/export?search */
export const inventoryExportQuerySchema = exportQueryOf(inventoryQuerySchema);
export type InventoryExportQuery = z.input<typeof inventoryExportQuerySchema>;

const inventoryItemSchema = z.object({
  id: z.number().int(),
  user: personSchema.nullable(),
  name: z.string(),
  giftNumber: z.number().int().nullable(),
  /** TON. */
  price: z.coerce.number(),
  createdAt: isoDate,
});
export type InventoryItem = z.infer<typeof inventoryItemSchema>;

export const inventoryResponseSchema = z.object({
  items: z.array(inventoryItemSchema),
  pagination: paginationOf('totalItems'),
});
export type InventoryResponse = z.infer<typeof inventoryResponseSchema>;
