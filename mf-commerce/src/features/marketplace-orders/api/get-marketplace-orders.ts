import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { calls, PAGE_SIZES, type MarketplaceOrdersResponse } from '@manager/contract';
import { fetchData, queryKeys } from '@manager/platform';

interface MarketplaceOrdersParams {
  page: number;
  search: string;
}

const EMPTY: MarketplaceOrdersResponse = { orders: [], pagination: { totalPages: 0, totalOrders: 0 } };

/** GET /marketplace/orders?page&limit=20&search. A failed load shows an empty list. */
const getMarketplaceOrders = ({ page, search }: MarketplaceOrdersParams): Promise<MarketplaceOrdersResponse> =>
  fetchData(calls.marketplaceOrders, { params: { page, limit: PAGE_SIZES.MARKETPLACE_ORDERS, ...(search ? { search } : {}) }, fallback: EMPTY });

export function useMarketplaceOrders(params: MarketplaceOrdersParams) {
  return useQuery({
    queryKey: queryKeys.marketplace.orders.list({ ...params }),
    queryFn: () => getMarketplaceOrders(params),
    placeholderData: keepPreviousData,
  });
}
