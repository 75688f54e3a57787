import { calls, type InventoryResponse } from '@manager/contract';
import { fetchData, queryKeys } from '@manager/platform';
import { keepPreviousData, useQuery } from '@tanstack/react-query';

const EMPTY: InventoryResponse = { items: [], pagination: { totalPages: 0, totalItems: 0 } };

/** GET /transactions/inventory?page&limit=20&search; failures are silent (empty). */
const getInventory = (page: number, search: string): Promise<InventoryResponse> =>
  fetchData(calls.inventory, { params: { page, limit: 20, ...(search ? { search } : {}) }, fallback: EMPTY });

export function useInventory(page: number, search: string) {
  return useQuery({
    queryKey: queryKeys.inventory.list({ page, search }),
    queryFn: () => getInventory(page, search),
    placeholderData: keepPreviousData,
  });
}
