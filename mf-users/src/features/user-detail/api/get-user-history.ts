import { AUDIT_PAGE_SIZE, calls, type AuditResponse } from '@manager/contract';
import { fetchData, queryKeys } from '@manager/platform';
import { useInfiniteQuery } from '@tanstack/react-query';

export const HISTORY_ERROR = 'Failed to fetch history';

/** GET /audit?userTelegramId: the rows about this player, newest first, a page per cursor. */
const getUserHistory = (telegramId: string, cursor: string | undefined): Promise<AuditResponse> =>
  fetchData(calls.audit, {
    params: { userTelegramId: telegramId, cursor, limit: AUDIT_PAGE_SIZE },
    error: HISTORY_ERROR,
  });

/** The player's History: its pages so far; `fetchNextPage` adds the next one (Load more). */
export function useUserHistory(telegramId: string) {
  return useInfiniteQuery({
    queryKey: queryKeys.audit.history(telegramId),
    queryFn: ({ pageParam }) => getUserHistory(telegramId, pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}
