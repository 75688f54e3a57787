import { leaderboardResponseSchema, SUCCESS_CODE, type LeaderboardRequest, type LeaderboardResponse } from '@manager/contract';
import { http, queryKeys } from '@manager/platform';
import { useQuery } from '@tanstack/react-query';

/** POST /leaderboard; a failure or an answer without data reads as "no data". */
export async function getLeaderboard(request: LeaderboardRequest): Promise<LeaderboardResponse | null> {
  try {
    const body = await http.post('/leaderboard', request);
    if (body?.code !== SUCCESS_CODE) return null;
    const parsed = leaderboardResponseSchema.safeParse(body.data);
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** `request` is null while a custom range lacks one of its dates: nothing is sent then. */
export function useLeaderboard(request: LeaderboardRequest | null) {
  return useQuery({
    queryKey: queryKeys.leaderboard({ ...request }),
    queryFn: () => getLeaderboard(request!),
    enabled: request !== null,
  });
}
