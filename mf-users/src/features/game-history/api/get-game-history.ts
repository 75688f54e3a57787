import { gameHistoryResponseSchema, PAGE_SIZES, SUCCESS_CODE, type GameHistoryResponse } from '@manager/contract';
import { http, queryKeys } from '@manager/platform';
import { keepPreviousData, useQuery } from '@tanstack/react-query';

export interface GameHistoryParams {
  page: number;
  search: string;
}

const EMPTY: GameHistoryResponse = { games: [], pagination: { totalPages: 0, totalGames: 0 } };

/** GET /game/history?page&limit=20&search; list loads fail silently (spec section 8). */
export async function getGameHistory({ page, search }: GameHistoryParams): Promise<GameHistoryResponse> {
  try {
    const body = await http.get('/game/history', { params: { page, limit: PAGE_SIZES.GAMES, search: search || undefined } });
    if (body?.code !== SUCCESS_CODE) return EMPTY;
    const parsed = gameHistoryResponseSchema.safeParse(body.data);
    return parsed.success ? parsed.data : EMPTY;
  } catch {
    return EMPTY;
  }
}

export function useGameHistory(params: GameHistoryParams) {
  return useQuery({
    queryKey: queryKeys.games.list({ ...params }),
    queryFn: () => getGameHistory(params),
    placeholderData: keepPreviousData,
  });
}
