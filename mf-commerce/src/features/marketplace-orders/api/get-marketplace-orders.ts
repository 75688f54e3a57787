import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { marketplaceOrdersResponseSchema, PAGE_SIZES, SUCCESS_CODE, type Envelope, type MarketplaceOrdersResponse } from '@manager/contract';
import { http, queryKeys } from '@manager/platform';

export interface MarketplaceOrdersParams {
  page: number;
  search: string;
}

const EMPTY: MarketplaceOrdersResponse = { orders: [], pagination: { totalPages: 0, totalOrders: 0 } };

/** GET /marketplace/orders?page&limit=20&search. A failed load shows an empty list (spec section 8). */
export async function getMarketplaceOrders({ page, search }: MarketplaceOrdersParams): Promise<MarketplaceOrdersResponse> {
  try {
    const body = await http.get<Envelope<unknown>>('/marketplace/orders', {
      params: { page, limit: PAGE_SIZES.MARKETPLACE_ORDERS, ...(search ? { search } : {}) },
    });
    if (body.code !== SUCCESS_CODE) return EMPTY;
    const parsed = marketplaceOrdersResponseSchema.safeParse(body.data);
    return parsed.success ? parsed.data : EMPTY;
  } catch {
    return EMPTY;
  }
}

export function useMarketplaceOrders(params: MarketplaceOrdersParams) {
  return useQuery({
    queryKey: queryKeys.marketplace.orders.list({ ...params }),
    queryFn: () => getMarketplaceOrders(params),
    placeholderData: keepPreviousData,
  });
}
