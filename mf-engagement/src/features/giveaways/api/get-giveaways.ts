import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  calls,
  type CallData,
  type Giveaway,
  type GiveawaysStats,
  type InventoryGift,
} from '@manager/contract';
import { fetchData, type ListAnswer, type ListQuery } from '@manager/platform';
import { keys } from '../../../query-keys';

/** The answer as the list shows it: the whole list (the provider's API) or one server page with the tiles. */
export const toGiveawayAnswer = (
  data: CallData<typeof calls.giveaways>,
): ListAnswer<Giveaway, GiveawaysStats> =>
  Array.isArray(data)
    ? data
    : { rows: data.giveaways, total: data.pagination.totalGiveaways, stats: data.stats };

/** GET /giveaways with the list's query; a failure shows the error state. */
const getGiveaways = (query: ListQuery) =>
  fetchData(calls.giveaways, { params: query, error: 'Failed to load giveaways' }).then(toGiveawayAnswer);

/** The previous answer stays on screen while the next page loads, so the table does not blink. */
export const useGiveaways = (query: ListQuery) =>
  useQuery({
    queryKey: keys.giveaways.list(query),
    queryFn: () => getGiveaways(query),
    placeholderData: keepPreviousData,
  });

/** GET /giveaways/inventory-gifts?search= for the gift picker; failures give an empty list. */
export const searchInventoryGifts = (search: string): Promise<InventoryGift[]> =>
  fetchData(calls.inventoryGifts, { params: search ? { search } : undefined, fallback: [] });
