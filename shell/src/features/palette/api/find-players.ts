import { calls, type UserSummary } from '@manager/contract';
import { fetchData, resource, useCan, useDebouncedValue } from '@manager/platform';
import { useQuery } from '@tanstack/react-query';

/** Players the palette offers at most: a handful to pick from, not a list to read. */
export const PLAYER_RESULTS = 5;
/** Typing settles for this long before the server is asked. */
export const PLAYER_SEARCH_DEBOUNCE_MS = 300;

/** GET /users?page=1&limit=5&search: by username, name, or the exact Telegram ID when digits. */
const findPlayers = (search: string): Promise<UserSummary[] | null> =>
  fetchData(calls.users, { params: { page: 1, limit: PLAYER_RESULTS, search }, fallback: null }).then(
    (answer) => answer?.users ?? null,
  );

/**
 * Players matching the palette's text, asked once typing has settled. `searching` holds from
 * the first key until the answer for the settled text is in; `failed` when the call failed.
 */
export function usePlayerSearch(text: string) {
  // Players are searched only for an admin who may see them (the palette offers no Users then).
  const typed = useCan('users.read') ? text.trim() : '';
  const search = useDebouncedValue(typed, PLAYER_SEARCH_DEBOUNCE_MS);
  const query = useQuery({
    queryKey: resource('users').list({ page: 1, limit: PLAYER_RESULTS, search }),
    queryFn: () => findPlayers(search),
    enabled: search !== '',
  });
  const settled = typed === search;
  return {
    players: settled && search !== '' ? (query.data ?? []) : [],
    searching: typed !== '' && (!settled || query.isFetching),
    failed: settled && search !== '' && query.data === null,
  };
}
