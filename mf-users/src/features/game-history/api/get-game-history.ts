import { calls, type Game, type GameHistoryResponse } from '@manager/contract';
import { fetchData, type ListPage } from '@manager/platform';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { keys } from '../../../query-keys';

interface GameHistoryParams {
  page: number;
  /** Rows a page: the list's choice (`list.pageSize`, 20 unless `?size=` picks another). */
  limit: number;
  search?: string;
}

const EMPTY: GameHistoryResponse = { games: [], pagination: { totalPages: 0, totalGames: 0 } };

/** GET /game/history?page&limit&search; list loads fail silently (empty). */
const getGameHistory = ({ page, limit, search }: GameHistoryParams): Promise<GameHistoryResponse> =>
  fetchData(calls.gameHistory, {
    params: { page, limit, search: search || undefined },
    fallback: EMPTY,
  });

/** The page as the list hook reads a server page: its games and how many match. */
export function useGameHistory(params: GameHistoryParams) {
  return useQuery({
    queryKey: keys.games.list({ ...params }),
    queryFn: () => getGameHistory(params),
    select: (data): ListPage<Game> => ({ rows: data.games, total: data.pagination.totalGames }),
    placeholderData: keepPreviousData,
  });
}
