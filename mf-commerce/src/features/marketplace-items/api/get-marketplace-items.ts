import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { calls, type MarketplaceQuery, type MarketplaceResponse } from '@manager/contract';
import { fetchData } from '@manager/platform';
import { keys } from '../../../query-keys';

const EMPTY: MarketplaceResponse = { items: [], pagination: { totalPages: 0, totalItems: 0 } };

/** GET /marketplace?page&limit=20&search (server pages). A failed load shows an empty list. */
const getMarketplaceItems = (query: Partial<MarketplaceQuery>): Promise<MarketplaceResponse> =>
  fetchData(calls.marketplace, { params: query, fallback: EMPTY });

export function useMarketplaceItems(query: Partial<MarketplaceQuery>) {
  return useQuery({
    queryKey: keys.marketplace.items.list({ ...query }),
    queryFn: () => getMarketplaceItems(query),
    placeholderData: keepPreviousData,
  });
}
