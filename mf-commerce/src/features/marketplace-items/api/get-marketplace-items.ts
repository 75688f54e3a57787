import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { calls, PAGE_SIZES, type MarketplaceResponse } from '@manager/contract';
import { fetchData, queryKeys } from '@manager/platform';

interface MarketplaceItemsParams {
  page: number;
  search: string;
}

const EMPTY: MarketplaceResponse = { items: [], pagination: { totalPages: 0, totalItems: 0 } };

/** GET /marketplace?page&limit=20&search. A failed load shows an empty list. */
const getMarketplaceItems = ({ page, search }: MarketplaceItemsParams): Promise<MarketplaceResponse> =>
  fetchData(calls.marketplace, { params: { page, limit: PAGE_SIZES.MARKETPLACE, ...(search ? { search } : {}) }, fallback: EMPTY });

export function useMarketplaceItems(params: MarketplaceItemsParams) {
  return useQuery({
    queryKey: queryKeys.marketplace.items.list({ ...params }),
    queryFn: () => getMarketplaceItems(params),
    placeholderData: keepPreviousData,
  });
}
