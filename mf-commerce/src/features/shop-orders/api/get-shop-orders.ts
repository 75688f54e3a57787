import { useQuery } from '@tanstack/react-query';
import { calls, type ShopOrder } from '@manager/contract';
import { fetchData, queryKeys } from '@manager/platform';

/** GET /shop-orders: all orders, filtered here. A failed load shows an empty list. */
const getShopOrders = (): Promise<ShopOrder[]> => fetchData(calls.shopOrders, { fallback: [] });

export function useShopOrders() {
  return useQuery({ queryKey: queryKeys.shop.orders.list(), queryFn: getShopOrders });
}
