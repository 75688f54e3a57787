import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { calls, type ShopItem, type ShopItemsQuery, type ShopItemsStats } from '@manager/contract';
import { fetchData, type ListAnswer } from '@manager/platform';
import { keys } from '../../../query-keys';

export type ShopItemsAnswer = ListAnswer<ShopItem, ShopItemsStats>;

/**
 * GET /shop-items?page&limit=10&search&type&status&sort: a server page with the cards over
 * every item, or (an API that does not page it) every item, which the list filters and pages
 * itself. A failed load shows an empty list.
 */
export async function getShopItems(query: ShopItemsQuery): Promise<ShopItemsAnswer> {
  const data = await fetchData(calls.shopItems, { params: query, fallback: [] });
  return Array.isArray(data)
    ? data
    : { rows: data.items, total: data.pagination.totalItems, stats: data.stats };
}

export function useShopItems(query: ShopItemsQuery) {
  return useQuery({
    queryKey: keys.shop.items.list({ ...query }),
    queryFn: () => getShopItems(query),
    placeholderData: keepPreviousData,
  });
}

/** GET /shop-items without a page: every item, for the bundle picker (the catalogue is small). */
const getAllShopItems = async (): Promise<ShopItem[]> => {
  const data = await fetchData(calls.shopItems, { fallback: [] });
  return Array.isArray(data) ? data : data.items;
};

/** Every item, loaded only while a form that offers bundles is open. */
export function useAllShopItems(enabled: boolean) {
  return useQuery({ queryKey: keys.shop.items.list(), queryFn: getAllShopItems, enabled });
}
