import { calls, type LeaderboardRequest, type LeaderboardResponse } from '@manager/contract';
import { fetchData } from '@manager/platform';
import { useQuery } from '@tanstack/react-query';
import { keys } from '../../../query-keys';

/** POST /leaderboard; a failure or an answer without data reads as "no data". */
const getLeaderboard = (request: LeaderboardRequest): Promise<LeaderboardResponse | null> =>
  fetchData(calls.leaderboard, { body: request, fallback: null });

/** `request` is null while a custom range lacks one of its dates: nothing is sent then. */
export function useLeaderboard(request: LeaderboardRequest | null) {
  return useQuery({
    queryKey: keys.leaderboard.list({ ...request }),
    queryFn: () => getLeaderboard(request!),
    enabled: request !== null,
  });
}
