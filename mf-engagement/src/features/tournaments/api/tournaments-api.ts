import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { SUCCESS_CODE, tournamentsResponseSchema, type Tournament } from '@manager/contract';
import { getRuntimeConfig, http, queryKeys } from '@manager/platform';

export const TOURNAMENT_ERRORS = {
  fetch: 'Failed to fetch tournaments',
  create: 'Failed to create tournament',
  update: 'Failed to update tournament',
  delete: 'Failed to delete tournament',
} as const;

/** Runs a call; any failure (thrown or a non-200 code) becomes the spec's fixed text (section 8). */
async function call(work: () => Promise<{ code?: unknown } | undefined>, failure: string) {
  let body;
  try {
    body = await work();
  } catch (error) {
    throw new Error(failure, { cause: error });
  }
  if (body?.code !== SUCCESS_CODE) throw new Error(failure);
  return body as { data?: unknown };
}

/** GET /tournaments. */
export async function getTournaments(): Promise<Tournament[]> {
  const body = await call(() => http.get('/tournaments'), TOURNAMENT_ERRORS.fetch);
  const parsed = tournamentsResponseSchema.safeParse(body.data);
  if (!parsed.success) throw new Error(TOURNAMENT_ERRORS.fetch);
  return parsed.data;
}
export const useTournaments = () => useQuery({ queryKey: queryKeys.tournaments.list(), queryFn: getTournaments });

export interface TournamentInput {
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
export const saveTournament = (id: number | null, v: TournamentInput) =>
  id === null
    ? call(() => http.post('/tournaments', toFormData(v)), TOURNAMENT_ERRORS.create)
    : call(() => http.put(`/tournaments/${id}`, toFormData(v)), TOURNAMENT_ERRORS.update);

export const deleteTournament = (id: number) => call(() => http.delete(`/tournaments/${id}`), TOURNAMENT_ERRORS.delete);

export function useSaveTournament() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: number | null; input: TournamentInput }) => saveTournament(id, input),
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.tournaments.all() }),
  });
}
export function useDeleteTournament() {
  const client = useQueryClient();
  return useMutation({ mutationFn: deleteTournament, onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.tournaments.all() }) });
}

/** Stored images are `/uploads/<name>`; the browser loads them from the runtime uploads base. */
export function uploadUrl(path: string | null | undefined): string | null {
  if (!path) return null;
  if (/^https?:\/\//.test(path)) return path;
  return `${getRuntimeConfig().uploadsBaseUrl.replace(/\/+$/, '')}/${path.replace(/^\/?(uploads\/)?/, '')}`;
}
