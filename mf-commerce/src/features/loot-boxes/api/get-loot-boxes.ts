import { useQuery } from '@tanstack/react-query';
import { lootBoxesResponseSchema, SUCCESS_CODE, type Envelope, type LootBox } from '@manager/contract';
import { http, queryKeys } from '@manager/platform';

export const FETCH_FAILED = 'Failed to fetch loot boxes';

/** GET /loot-boxes; any failure becomes the spec's "Failed to fetch loot boxes". */
export async function getLootBoxes(): Promise<LootBox[]> {
  let body: Envelope<unknown>;
  try {
    body = await http.get<Envelope<unknown>>('/loot-boxes');
  } catch (error) {
    throw new Error(FETCH_FAILED, { cause: error });
  }
  const parsed = lootBoxesResponseSchema.safeParse(body.data);
  if (body.code !== SUCCESS_CODE || !parsed.success) throw new Error(FETCH_FAILED);
  return parsed.data;
}

export function useLootBoxes() {
  return useQuery({ queryKey: queryKeys.lootBoxes.list(), queryFn: getLootBoxes });
}
