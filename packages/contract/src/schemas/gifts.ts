import { z } from 'zod';
import { queryText, telegramIdSchema } from './common.ts';

/* GET /giveaways/inventory-gifts?search=&telegramId= (telegramId: the loot-box inventory account) */
export const inventoryGiftsQuerySchema = z.object({
  search: queryText,
  telegramId: z.preprocess((v) => (v === '' ? undefined : v), telegramIdSchema.optional()),
});
export type InventoryGiftsQuery = z.infer<typeof inventoryGiftsQuerySchema>;

const inventoryGiftSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  baseName: z.string().nullable(),
  /** TON. */
  price: z.coerce.number(),
  modelThumbUrl: z.string().nullable(),
  telegramId: telegramIdSchema.optional(),
});
export type InventoryGift = z.infer<typeof inventoryGiftSchema>;
export const inventoryGiftsResponseSchema = z.array(inventoryGiftSchema);

/* GET /giveaways/stars-gifts */
const starsGiftSchema = z.object({
  id: z.coerce.string(),
  /** Stars. */
  price: z.coerce.number(),
  emoji: z.string().nullable(),
  thumbnailUrl: z.string().nullable(),
});
export type StarsGift = z.infer<typeof starsGiftSchema>;
export const starsGiftsResponseSchema = z.array(starsGiftSchema);

/**
 * The platform's inventory account whose gifts loot boxes give away (the loot-box picker sends
 * it as `telegramId`). The provider's own id is not reproduced; the reference seed's
 * first (oldest) account plays that role.
 */
export const LOOT_BOX_INVENTORY_TELEGRAM_ID = 100_000_256;
