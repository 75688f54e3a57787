import { useQuery } from '@tanstack/react-query';
import {
  calls,
  LOOT_BOX_INVENTORY_TELEGRAM_ID,
  type InventoryGift,
  type ShopItem,
  type StarsGift,
} from '@manager/contract';
import { fetchData } from '@manager/platform';
import { keys } from '../../../query-keys';

// Picker loads fail silently into an empty list.

/** GET /giveaways/inventory-gifts?search&telegramId: the loot-box variant reads the fixed inventory account. */
export const loadLootBoxInventoryGifts = (search: string): Promise<InventoryGift[]> =>
  fetchData(calls.inventoryGifts, {
    params: { ...(search ? { search } : {}), telegramId: LOOT_BOX_INVENTORY_TELEGRAM_ID },
    fallback: [],
  });

/** GET /giveaways/stars-gifts. */
export const loadStarsGifts = (): Promise<StarsGift[]> => fetchData(calls.starsGifts, { fallback: [] });

/** GET /shop-items without a page (every item), for the SHOP reward picker. */
const loadShopItems = async (): Promise<ShopItem[]> => {
  const data = await fetchData(calls.shopItems, { fallback: [] });
  return Array.isArray(data) ? data : data.items;
};
export const useRewardShopItems = () =>
  useQuery({ queryKey: keys.shop.items.list(), queryFn: loadShopItems });
