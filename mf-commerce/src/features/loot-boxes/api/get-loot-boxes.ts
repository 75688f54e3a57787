import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { calls, type LootBox, type LootBoxesQuery } from '@manager/contract';
import { fetchData, type ListAnswer } from '@manager/platform';
import { keys } from '../../../query-keys';

const FETCH_FAILED = 'Failed to fetch loot boxes';

/**
 * GET /loot-boxes?page&limit=20&sort: a server page, or (an API that does not page it) every
 * box, which the list sorts and pages itself. Any failure becomes "Failed to fetch loot
 * boxes" (the page toasts it).
 */
export async function getLootBoxes(query: LootBoxesQuery): Promise<ListAnswer<LootBox>> {
  const data = await fetchData(calls.lootBoxes, { params: query, error: FETCH_FAILED });
  return Array.isArray(data) ? data : { rows: data.lootBoxes, total: data.pagination.totalLootBoxes };
}

export function useLootBoxes(query: LootBoxesQuery) {
  return useQuery({
    queryKey: keys.lootBoxes.list({ ...query }),
    queryFn: () => getLootBoxes(query),
    placeholderData: keepPreviousData,
  });
}

/** The order of a sort on a whole list (`name`, `amount`, `createdAt`; `-` descending). */
export function compareLootBoxes(sort: string): ((a: LootBox, b: LootBox) => number) | undefined {
  const sign = sort.startsWith('-') ? -1 : 1;
  const key = sort.replace(/^-/, '');
  if (key === 'name') return (a, b) => sign * a.name.localeCompare(b.name);
  if (key === 'amount') return (a, b) => sign * (a.amount - b.amount);
  if (key === 'createdAt') return (a, b) => sign * (Date.parse(a.createdAt) - Date.parse(b.createdAt));
  return undefined;
}
