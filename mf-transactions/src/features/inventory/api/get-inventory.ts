import { calls, type InventoryItem, type InventoryResponse } from '@manager/contract';
import { fetchData, type ListPage, type ListQuery } from '@manager/platform';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { keys } from '../../../query-keys';

const EMPTY: InventoryResponse = { items: [], pagination: { totalPages: 0, totalItems: 0 } };

/** GET /transactions/inventory?page&limit=20&search: a server page; failures are silent (empty). */
async function getInventory(query: ListQuery): Promise<ListPage<InventoryItem>> {
  const data = await fetchData(calls.inventory, { params: query, fallback: EMPTY });
  return { rows: data.items, total: data.pagination.totalItems };
}

export function useInventory(query: ListQuery) {
  return useQuery({
    queryKey: keys.inventory.list(query),
    queryFn: () => getInventory(query),
    placeholderData: keepPreviousData,
  });
}
