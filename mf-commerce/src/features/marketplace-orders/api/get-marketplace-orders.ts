import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { calls, type MarketplaceOrdersQuery, type MarketplaceOrdersResponse } from '@manager/contract';
import { fetchData } from '@manager/platform';
import { keys } from '../../../query-keys';

const EMPTY: MarketplaceOrdersResponse = { orders: [], pagination: { totalPages: 0, totalOrders: 0 } };

/** GET /marketplace/orders?page&limit=20&search (server pages). A failed load shows an empty list. */
const getMarketplaceOrders = (query: Partial<MarketplaceOrdersQuery>): Promise<MarketplaceOrdersResponse> =>
  fetchData(calls.marketplaceOrders, { params: query, fallback: EMPTY });

export function useMarketplaceOrders(query: Partial<MarketplaceOrdersQuery>) {
  return useQuery({
    queryKey: keys.marketplace.orders.list({ ...query }),
    queryFn: () => getMarketplaceOrders(query),
    placeholderData: keepPreviousData,
  });
}
