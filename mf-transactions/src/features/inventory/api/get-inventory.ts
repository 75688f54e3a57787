import { inventoryResponseSchema, SUCCESS_CODE, type InventoryResponse } from '@manager/contract';
import { http, queryKeys } from '@manager/platform';
import { keepPreviousData, useQuery } from '@tanstack/react-query';

const EMPTY: InventoryResponse = { items: [], pagination: { totalPages: 0, totalItems: 0 } };

/** GET /transactions/inventory?page&limit=20&search; failures are silent (empty). */
export async function getInventory(page: number, search: string): Promise<InventoryResponse> {
  try {
    const body = await http.get('/transactions/inventory', { params: { page, limit: 20, ...(search ? { search } : {}) } });
    if (body?.code !== SUCCESS_CODE) return EMPTY;
    const parsed = inventoryResponseSchema.safeParse(body.data);
    return parsed.success ? parsed.data : EMPTY;
  } catch {
    return EMPTY;
  }
}

export function useInventory(page: number, search: string) {
  return useQuery({
    queryKey: queryKeys.inventory.list({ page, search }),
    queryFn: () => getInventory(page, search),
    placeholderData: keepPreviousData,
  });
}
