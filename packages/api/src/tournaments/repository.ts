import { desc, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Tournament, tournamentBodySchema } from '@manager/contract';
import { deleteAudited, insertAudited, updateAudited, type AuditedWrite } from '../db/audited';
import type { Db } from '../db/client';
import { tournaments } from '../db/schema/index';

type TournamentRow = typeof tournaments.$inferSelect;
type TournamentFields = z.output<typeof tournamentBodySchema>;

const toTournament = (r: TournamentRow): Tournament => ({
  id: r.id,
  tournamentsDate: r.tournamentsDate ? r.tournamentsDate.toISOString() : null,
  tournamentsLink: r.tournamentsLink || null,
  tournamentsImage: r.tournamentsImage || null,
});

/** Dated ones latest first, undated last. */
export async function listTournaments(db: Db): Promise<Tournament[]> {
  const rows = await db.select().from(tournaments).orderBy(sql`${tournaments.tournamentsDate} desc nulls last`, desc(tournaments.id));
  return rows.map(toTournament);
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
export async function createTournament(db: Db, adminId: number, body: TournamentFields, image: string): Promise<Tournament> {
  return toTournament(await insertAudited(db, tournaments, () => ({ ...valuesOf(body), tournamentsImage: image }), audit(adminId, 'create')));
}

/** An absent image keeps the stored one. */
export async function updateTournament(db: Db, adminId: number, id: number, body: TournamentFields, image: string | undefined): Promise<Tournament> {
  const row = await updateAudited(db, tournaments, id, () => ({ ...valuesOf(body), ...(image ? { tournamentsImage: image } : {}) }), audit(adminId, 'update'));
  return toTournament(row);
}

export const deleteTournament = (db: Db, adminId: number, id: number) => deleteAudited(db, tournaments, id, audit(adminId, 'delete'));
