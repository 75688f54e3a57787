import { desc, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { idParamSchema, tournamentBodySchema, type Tournament } from '@manager/contract';
import { writeAudit } from '../db/audit';
import { tournaments } from '../db/schema/index';
import { notFound, ok, parse } from '../plugins/envelope';
import { adminIdOf, readFormOrJson } from '../tasks/request-body';

type TournamentRow = typeof tournaments.$inferSelect;
const toTournament = (r: TournamentRow): Tournament => ({
  id: r.id,
  tournamentsDate: r.tournamentsDate ? r.tournamentsDate.toISOString() : null,
  tournamentsLink: r.tournamentsLink || null,
  tournamentsImage: r.tournamentsImage || null,
});

/** GET/POST /tournaments, PUT/DELETE /tournaments/:id (multipart; optional `tournamentsImage`). */
export default async function tournamentRoutes(app: FastifyInstance) {
  app.get('/tournaments', async () => {
    // Dated ones latest first, undated last.
    const rows = await app.db.select().from(tournaments).orderBy(sql`${tournaments.tournamentsDate} desc nulls last`, desc(tournaments.id));
    return ok(rows.map(toTournament));
  });

  app.post('/tournaments', async (request) => {
    const { fields, images } = await readFormOrJson(request);
    const body = parse(tournamentBodySchema, fields);
    const image = images.tournamentsImage ? await app.storeImage(images.tournamentsImage) : '';
    const created = await app.discardImageOnFailure(
      image,
      app.db.transaction(async (tx) => {
        const [row] = await tx
          .insert(tournaments)
          .values({
            tournamentsDate: body.tournamentsDate ? new Date(body.tournamentsDate) : null,
            tournamentsLink: body.tournamentsLink ?? '',
            tournamentsImage: image,
          })
          .returning();
        await writeAudit(tx, { adminId: adminIdOf(request), action: 'tournament.create', entity: 'tournament', entityId: row!.id, after: row });
        return row!;
      }),
    );
    return ok(toTournament(created), 'Tournament created successfully');
  });

  app.put('/tournaments/:id', async (request) => {
    const { id } = parse(idParamSchema, request.params, 'params');
    const { fields, images } = await readFormOrJson(request);
    const body = parse(tournamentBodySchema, fields);
    const image = images.tournamentsImage ? await app.storeImage(images.tournamentsImage) : undefined;
    const updated = await app.discardImageOnFailure(
      image,
      app.db.transaction(async (tx) => {
        const [before] = await tx.select().from(tournaments).where(eq(tournaments.id, id)).for('update');
        if (!before) throw notFound('Tournament not found');
        const [row] = await tx
          .update(tournaments)
          .set({
            tournamentsDate: body.tournamentsDate ? new Date(body.tournamentsDate) : null,
            tournamentsLink: body.tournamentsLink ?? '',
            ...(image ? { tournamentsImage: image } : {}),
          })
          .where(eq(tournaments.id, id))
          .returning();
        await writeAudit(tx, { adminId: adminIdOf(request), action: 'tournament.update', entity: 'tournament', entityId: id, before, after: row });
        return row!;
      }),
    );
    return ok(toTournament(updated), 'Tournament updated successfully');
  });

  app.delete('/tournaments/:id', async (request) => {
    const { id } = parse(idParamSchema, request.params, 'params');
    await app.db.transaction(async (tx) => {
      const [before] = await tx.delete(tournaments).where(eq(tournaments.id, id)).returning();
      if (!before) throw notFound('Tournament not found');
      await writeAudit(tx, { adminId: adminIdOf(request), action: 'tournament.delete', entity: 'tournament', entityId: id, before });
    });
    return ok(null, 'Tournament deleted successfully');
  });
}
