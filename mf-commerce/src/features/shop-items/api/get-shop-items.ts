import { useQuery } from '@tanstack/react-query';
import { shopItemsResponseSchema, SUCCESS_CODE, type Envelope, type ShopItem } from '@manager/contract';
import { http, queryKeys } from '@manager/platform';

/** GET /shop-items: every item (filtered and paged here). A failed load shows an empty list. */
export async function getShopItems(): Promise<ShopItem[]> {
  try {
    const body = await http.get<Envelope<unknown>>('/shop-items');
    if (body.code !== SUCCESS_CODE) return [];
    const parsed = shopItemsResponseSchema.safeParse(body.data);
    return parsed.success ? parsed.data : [];
  } catch {
    return [];
  }
}

export function useShopItems() {
  return useQuery({ queryKey: queryKeys.shop.items.list(), queryFn: getShopItems });
}
