import { z } from 'zod';
import { MAX_PAGE_LIMIT, PAGE_SIZES } from '../constants.ts';
import { dateText, httpUrl, paginationOf, queryEnum, sortParam, wholeOrPageQuery } from './common.ts';

const tournamentSchema = z.object({
  id: z.number().int(),
  /** ISO date-time; null shows as No date. */
  tournamentsDate: z.string().nullable(),
  tournamentsLink: z.string().nullable(),
  /** Image path under the uploads base. */
  tournamentsImage: z.string().nullable(),
});
export type Tournament = z.infer<typeof tournamentSchema>;

/* GET /tournaments?page&limit=20&search&status&sort (docs/api.md#lists) */
export const TOURNAMENT_SORTS = ['tournamentsDate', 'id'] as const;
/** `search`: links containing the text, or the id. */
export const tournamentsQuerySchema = wholeOrPageQuery(PAGE_SIZES.TOURNAMENTS, MAX_PAGE_LIMIT).extend({
  status: queryEnum(['live', 'expired', 'nodate']),
  /** Default `-tournamentsDate` (latest first, no date last). */
  sort: sortParam(TOURNAMENT_SORTS),
});
export type TournamentsQuery = z.input<typeof tournamentsQuerySchema>;
export const tournamentsPageSchema = z.object({
  tournaments: z.array(tournamentSchema),
  pagination: paginationOf('totalTournaments'),
});
export const tournamentsResponseSchema = z.union([z.array(tournamentSchema), tournamentsPageSchema]);

const blankToNull = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? null : v);

/**
 * POST /tournaments and PUT /tournaments/:id (multipart text fields; optional file
 * `tournamentsImage`). The date comes from a datetime-local input ("2026-05-01T18:30").
 */
export const tournamentBodySchema = z.object({
  tournamentsDate: z.preprocess(blankToNull, dateText.nullable().optional()),
  tournamentsLink: z.preprocess(blankToNull, httpUrl.nullable().optional()),
});
export const tournamentResponseSchema = tournamentSchema;

export type TournamentStatus = 'Live' | 'Expired' | 'No date';
/** Live when the date is in the future, Expired when past, No date when unset. */
export function tournamentStatus(date: string | null, now: number = Date.now()): TournamentStatus {
  if (!date) return 'No date';
  return Date.parse(date) > now ? 'Live' : 'Expired';
}
