import { useQuery } from '@tanstack/react-query';
import {
  inventoryGiftsResponseSchema,
  LOOT_BOX_INVENTORY_TELEGRAM_ID,
  shopItemsResponseSchema,
  starsGiftsResponseSchema,
  SUCCESS_CODE,
  type Envelope,
  type InventoryGift,
  type ShopItem,
  type StarsGift,
} from '@manager/contract';
import { http, queryKeys } from '@manager/platform';

/** Picker loads fail silently into an empty list (spec section 8). */
type Schema<T> = { safeParse(v: unknown): { success: true; data: T } | { success: false } };
async function load<T>(path: string, schema: Schema<T[]>, params?: Record<string, unknown>): Promise<T[]> {
  try {
    const body = await http.get<Envelope<unknown>>(path, params ? { params } : undefined);
    const parsed = schema.safeParse(body.data);
    return body.code === SUCCESS_CODE && parsed.success ? parsed.data : [];
  } catch {
    return [];
  }
}

/** GET /giveaways/inventory-gifts?search&telegramId: the loot-box variant reads the fixed inventory account. */
export const loadLootBoxInventoryGifts = (search: string): Promise<InventoryGift[]> =>
  load('/giveaways/inventory-gifts', inventoryGiftsResponseSchema, { ...(search ? { search } : {}), telegramId: LOOT_BOX_INVENTORY_TELEGRAM_ID });

/** GET /giveaways/stars-gifts. */
export const loadStarsGifts = (): Promise<StarsGift[]> => load('/giveaways/stars-gifts', starsGiftsResponseSchema);

/** GET /shop-items, for the SHOP reward picker. */
export const loadShopItems = (): Promise<ShopItem[]> => load('/shop-items', shopItemsResponseSchema);
export const useRewardShopItems = () => useQuery({ queryKey: queryKeys.shop.items.list(), queryFn: loadShopItems });
