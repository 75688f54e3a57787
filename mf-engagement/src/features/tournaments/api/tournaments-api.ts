import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { calls, type CallData, type Tournament } from '@manager/contract';
import { checkedCall, fetchData, http, useChange, type ListAnswer, type ListQuery } from '@manager/platform';
import { keys } from '../../../query-keys';

export const TOURNAMENT_ERRORS = {
  fetch: 'Failed to fetch tournaments',
  create: 'Failed to create tournament',
  update: 'Failed to update tournament',
  delete: 'Failed to delete tournament',
} as const;

/** The whole list (the provider's API: `data[]`) or the page asked for. */
export const toTournamentAnswer = (data: CallData<typeof calls.tournaments>): ListAnswer<Tournament> =>
  Array.isArray(data) ? data : { rows: data.tournaments, total: data.pagination.totalTournaments };

/** GET /tournaments with the list's query. */
const getTournaments = (query: ListQuery) =>
  fetchData(calls.tournaments, { params: query, error: TOURNAMENT_ERRORS.fetch }).then(toTournamentAnswer);
export const useTournaments = (query: ListQuery) =>
  useQuery({
    queryKey: keys.tournaments.list(query),
    queryFn: () => getTournaments(query),
    placeholderData: keepPreviousData,
  });

interface TournamentInput {
  /** ISO date-time or '' (no date). */
  tournamentsDate: string;
  tournamentsLink: string;
  image: File | null;
}

function toFormData(v: TournamentInput): FormData {
  const data = new FormData();
  data.append('tournamentsDate', v.tournamentsDate);
  data.append('tournamentsLink', v.tournamentsLink.trim());
  if (v.image) data.append('tournamentsImage', v.image);
  return data;
}

/** POST /tournaments, or PUT /tournaments/:id with the same body. */
const saveTournament = (id: number | null, v: TournamentInput) =>
  id === null
    ? checkedCall(() => http.post('/tournaments', toFormData(v)), TOURNAMENT_ERRORS.create)
    : checkedCall(() => http.put(`/tournaments/${id}`, toFormData(v)), TOURNAMENT_ERRORS.update);

export const deleteTournament = (id: number) =>
  checkedCall(() => http.delete(`/tournaments/${id}`), TOURNAMENT_ERRORS.delete);

export const useSaveTournament = () =>
  useChange(
    ({ id, input }: { id: number | null; input: TournamentInput }) => saveTournament(id, input),
    keys.tournaments.all(),
  );
export const useDeleteTournament = () => useChange(deleteTournament, keys.tournaments.all());
