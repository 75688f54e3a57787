import { useQuery } from '@tanstack/react-query';
import { calls, type Giveaway, type InventoryGift } from '@manager/contract';
import { fetchData, queryKeys } from '@manager/platform';

/** GET /giveaways: every giveaway (filtered, sorted and paged on the client); a failure shows the error state. */
const getGiveaways = (): Promise<Giveaway[]> => fetchData(calls.giveaways, { error: 'Failed to load giveaways' });

export const useGiveaways = () => useQuery({ queryKey: queryKeys.giveaways.list(), queryFn: getGiveaways });

/** GET /giveaways/inventory-gifts?search= for the gift picker; failures give an empty list. */
export const searchInventoryGifts = (search: string): Promise<InventoryGift[]> =>
  fetchData(calls.inventoryGifts, { params: search ? { search } : undefined, fallback: [] });
