import { useQuery } from '@tanstack/react-query';
import { calls, type ShopItem } from '@manager/contract';
import { fetchData, queryKeys } from '@manager/platform';

/** GET /shop-items: every item (filtered and paged here). A failed load shows an empty list. */
const getShopItems = (): Promise<ShopItem[]> => fetchData(calls.shopItems, { fallback: [] });

export function useShopItems() {
  return useQuery({ queryKey: queryKeys.shop.items.list(), queryFn: getShopItems });
}
