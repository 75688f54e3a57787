import { useQuery } from '@tanstack/react-query';
import { shopOrdersResponseSchema, SUCCESS_CODE, type Envelope, type ShopOrder } from '@manager/contract';
import { http, queryKeys } from '@manager/platform';

/** GET /shop-orders: all orders, filtered here. A failed load shows an empty list (spec section 8). */
export async function getShopOrders(): Promise<ShopOrder[]> {
  try {
    const body = await http.get<Envelope<unknown>>('/shop-orders');
    if (body.code !== SUCCESS_CODE) return [];
    const parsed = shopOrdersResponseSchema.safeParse(body.data);
    return parsed.success ? parsed.data : [];
  } catch {
    return [];
  }
}

export function useShopOrders() {
  return useQuery({ queryKey: queryKeys.shop.orders.list(), queryFn: getShopOrders });
}
