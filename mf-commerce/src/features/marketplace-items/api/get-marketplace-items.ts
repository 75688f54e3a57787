import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { marketplaceResponseSchema, PAGE_SIZES, SUCCESS_CODE, type Envelope, type MarketplaceResponse } from '@manager/contract';
import { http, queryKeys } from '@manager/platform';

export interface MarketplaceItemsParams {
  page: number;
  search: string;
}

const EMPTY: MarketplaceResponse = { items: [], pagination: { totalPages: 0, totalItems: 0 } };

/** GET /marketplace?page&limit=20&search. A failed load shows an empty list (spec section 8). */
export async function getMarketplaceItems({ page, search }: MarketplaceItemsParams): Promise<MarketplaceResponse> {
  try {
    const body = await http.get<Envelope<unknown>>('/marketplace', {
      params: { page, limit: PAGE_SIZES.MARKETPLACE, ...(search ? { search } : {}) },
    });
    if (body.code !== SUCCESS_CODE) return EMPTY;
    const parsed = marketplaceResponseSchema.safeParse(body.data);
    return parsed.success ? parsed.data : EMPTY;
  } catch {
    return EMPTY;
  }
}

/** The list's query: `useMarketplaceItems` and the route's `prefetch` (routes.tsx) share it. */
export const marketplaceItemsQuery = (params: MarketplaceItemsParams) => ({
  queryKey: queryKeys.marketplace.items.list({ ...params }),
  queryFn: () => getMarketplaceItems(params),
});

export function useMarketplaceItems(params: MarketplaceItemsParams) {
  return useQuery({
    ...marketplaceItemsQuery(params),
    placeholderData: keepPreviousData,
  });
}
