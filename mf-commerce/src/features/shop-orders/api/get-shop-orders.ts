import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { calls, type ShopOrder, type ShopOrdersQuery, type ShopOrdersRevenue } from '@manager/contract';
import { fetchData, type ListAnswer } from '@manager/platform';
import { keys } from '../../../query-keys';

export type ShopOrdersAnswer = ListAnswer<ShopOrder, ShopOrdersRevenue>;

/**
 * GET /shop-orders?page&limit=15&search&currency&type&from&sort: a server page with the
 * revenue over the filtered orders, or (an API that does not page it) every order, which the
 * list filters, pages and sums itself. A failed load shows an empty list.
 */
export async function getShopOrders(query: ShopOrdersQuery): Promise<ShopOrdersAnswer> {
  const data = await fetchData(calls.shopOrders, { params: query, fallback: [] });
  return Array.isArray(data)
    ? data
    : { rows: data.orders, total: data.pagination.totalOrders, stats: data.revenue };
}

export function useShopOrders(query: ShopOrdersQuery) {
  return useQuery({
    queryKey: keys.shop.orders.list({ ...query }),
    queryFn: () => getShopOrders(query),
    placeholderData: keepPreviousData,
  });
}
