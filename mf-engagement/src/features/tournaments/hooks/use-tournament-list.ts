import { PAGE_SIZES, TOURNAMENT_SORTS, type Tournament } from '@manager/contract';
import { useListState, useListView, type ClientRules } from '@manager/platform';
import { useTournaments } from '../api/tournaments-api';

/** `page` and `sort` in the URL; 20 a page, latest date first unless the URL sorts otherwise. */
export const TOURNAMENT_LIST = { pageSize: PAGE_SIZES.TOURNAMENTS, sorts: TOURNAMENT_SORTS } as const;

/**
 * For an API that answers every tournament: a sort named in the URL is applied here as the API
 * applies it: by date with the undated ones last either way, or by id (ties: newest id first).
 */
export const tournamentRules: ClientRules<Tournament, undefined> = {
  compare: (sort) => {
    const desc = sort.startsWith('-');
    const sign = desc ? -1 : 1;
    if (sort.replace(/^-/, '') === 'id') return (a, b) => sign * (a.id - b.id);
    return (a, b) => {
      if (a.tournamentsDate === null || b.tournamentsDate === null)
        return (a.tournamentsDate === null ? 1 : 0) - (b.tournamentsDate === null ? 1 : 0) || b.id - a.id;
      return sign * (Date.parse(a.tournamentsDate) - Date.parse(b.tournamentsDate)) || b.id - a.id;
    };
  },
};

/** The tournaments list: page and sort in the URL, the call for them and the rows shown. */
export function useTournamentList() {
  const list = useListState(TOURNAMENT_LIST);
  const tournaments = useTournaments(list.query);
  const view = useListView(list, tournaments.data, {
    ...tournamentRules,
    stale: tournaments.isPlaceholderData,
  });
  return { list, tournaments, view };
}
