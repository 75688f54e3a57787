import { calls, type LeaderboardRequest, type LeaderboardResponse } from '@manager/contract';
import { fetchData, queryKeys } from '@manager/platform';
import { useQuery } from '@tanstack/react-query';

/** POST /leaderboard; a failure or an answer without data reads as "no data". */
const getLeaderboard = (request: LeaderboardRequest): Promise<LeaderboardResponse | null> =>
  fetchData(calls.leaderboard, { body: request, fallback: null });

/** `request` is null while a custom range lacks one of its dates: nothing is sent then. */
export function useLeaderboard(request: LeaderboardRequest | null) {
  return useQuery({
    queryKey: queryKeys.leaderboard({ ...request }),
    queryFn: () => getLeaderboard(request!),
    enabled: request !== null,
  });
}
