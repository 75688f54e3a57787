import { useQuery } from '@tanstack/react-query';
import { calls, type LootBox } from '@manager/contract';
import { fetchData, queryKeys } from '@manager/platform';

const FETCH_FAILED = 'Failed to fetch loot boxes';

/** GET /loot-boxes; any failure becomes "Failed to fetch loot boxes" (the page toasts it). */
const getLootBoxes = (): Promise<LootBox[]> => fetchData(calls.lootBoxes, { error: FETCH_FAILED });

export function useLootBoxes() {
  return useQuery({ queryKey: queryKeys.lootBoxes.list(), queryFn: getLootBoxes });
}
