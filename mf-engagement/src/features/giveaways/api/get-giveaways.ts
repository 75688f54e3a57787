import { useQuery } from '@tanstack/react-query';
import { giveawaysResponseSchema, inventoryGiftsResponseSchema, type Giveaway, type InventoryGift } from '@manager/contract';
import { http, queryKeys } from '@manager/platform';

/** GET /giveaways: every giveaway (filtered, sorted and paged on the client). */
export async function getGiveaways(): Promise<Giveaway[]> {
  const body = await http.get('/giveaways');
  return giveawaysResponseSchema.parse(body.data);
}

export const useGiveaways = () => useQuery({ queryKey: queryKeys.giveaways.list(), queryFn: getGiveaways });

/** GET /giveaways/inventory-gifts?search= for the gift picker; failures give an empty list (spec section 8). */
export async function searchInventoryGifts(search: string): Promise<InventoryGift[]> {
  try {
    const body = await http.get('/giveaways/inventory-gifts', { params: search ? { search } : {} });
    const parsed = inventoryGiftsResponseSchema.safeParse(body.data);
    return parsed.success ? parsed.data : [];
  } catch {
    return [];
  }
}
