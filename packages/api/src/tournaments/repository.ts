import { and, desc, eq, gt, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { Tournament, tournamentBodySchema, tournamentsQuerySchema } from '@manager/contract';
import { deleteAudited, insertAudited, updateAudited, type AuditedWrite } from '../db/audited';
import type { Db } from '../db/client';
import { tournaments } from '../db/schema/index';
import { countAll, isPaged, orderOf, pageOf, paginationOf } from '../lib/lists';
import { containsAny } from '../lib/search';

type TournamentRow = typeof tournaments.$inferSelect;
type TournamentFields = z.output<typeof tournamentBodySchema>;
type TournamentsQuery = z.output<typeof tournamentsQuerySchema>;

const toTournament = (r: TournamentRow): Tournament => ({
  id: r.id,
  tournamentsDate: r.tournamentsDate ? r.tournamentsDate.toISOString() : null,
  tournamentsLink: r.tournamentsLink || null,
  tournamentsImage: r.tournamentsImage || null,
});

/**
 * The page's search (a link containing the text, or the exact id) and the status filter of
 * `tournamentStatus()` at `now`: live while the date is in the future, expired once it is not,
 * nodate without one.
 */
function tournamentsWhere(q: TournamentsQuery, now: Date): SQL | undefined {
  const id = q.search && /^\d{1,9}$/.test(q.search) ? Number(q.search) : null;
  const status = {
    live: gt(tournaments.tournamentsDate, now),
    expired: lte(tournaments.tournamentsDate, now),
    nodate: isNull(tournaments.tournamentsDate),
  };
  return and(
    q.search
      ? or(
          containsAny([tournaments.tournamentsLink], q.search),
          id === null ? undefined : eq(tournaments.id, id),
        )
      : undefined,
    q.status ? status[q.status] : undefined,
  );
}

/** `GET /tournaments`: dated ones latest first, undated last, by default (`tournaments_date_id_idx`); undated last in either direction. */
export async function listTournaments(db: Db, q: TournamentsQuery, now: Date) {
  const where = tournamentsWhere(q, now);
  const byDate = [sql`${tournaments.tournamentsDate} desc nulls last`, desc(tournaments.id)];
  const order = orderOf(
    q.sort,
    { tournamentsDate: tournaments.tournamentsDate, id: tournaments.id },
    tournaments.id,
    byDate,
    ['tournamentsDate'],
  );
  const select = db
    .select()
    .from(tournaments)
    .where(where)
    .orderBy(...order)
    .$dynamic();
  if (!isPaged(q)) return (await select).map(toTournament);
  const [rows, [counted]] = await Promise.all([
    pageOf(select, q),
    db.select({ n: countAll }).from(tournaments).where(where),
  ]);
  const total = Number(counted?.n ?? 0);
  return { tournaments: rows.map(toTournament), pagination: paginationOf(q, total, 'totalTournaments') };
}

const audit = (adminId: number, verb: 'create' | 'update' | 'delete'): AuditedWrite => ({
  adminId,
  action: `tournament.${verb}` as const,
  entity: 'tournament',
  missing: 'Tournament not found',
});

const valuesOf = (body: TournamentFields) => ({
  tournamentsDate: body.tournamentsDate ? new Date(body.tournamentsDate) : null,
  tournamentsLink: body.tournamentsLink ?? '',
});

/** `image`: the stored image name, '' for none. */
export async function createTournament(
  db: Db,
  adminId: number,
  body: TournamentFields,
  image: string,
): Promise<Tournament> {
  return toTournament(
    await insertAudited(
      db,
      tournaments,
      () => ({ ...valuesOf(body), tournamentsImage: image }),
      audit(adminId, 'create'),
    ),
  );
}

/** An absent image keeps the stored one. */
export async function updateTournament(
  db: Db,
  adminId: number,
  id: number,
  body: TournamentFields,
  image: string | undefined,
): Promise<Tournament> {
  const row = await updateAudited(
    db,
    tournaments,
    id,
    () => ({ ...valuesOf(body), ...(image ? { tournamentsImage: image } : {}) }),
    audit(adminId, 'update'),
  );
  return toTournament(row);
}

export const deleteTournament = (db: Db, adminId: number, id: number) =>
  deleteAudited(db, tournaments, id, audit(adminId, 'delete'));
