import type { FastifyInstance } from 'fastify';
import { calls, tournamentBodySchema } from '@manager/contract';
import { withStoredImages } from '../lib/images';
import { adminIdOf, idOf } from '../lib/request';
import { readFormOrJson } from '../lib/request-body';
import { route } from '../lib/route';
import { ok, parse } from '../plugins/envelope';
import { createTournament, deleteTournament, listTournaments, updateTournament } from './repository';

/** Tournaments: multipart with an optional `tournamentsImage`. */
export default async function tournamentRoutes(app: FastifyInstance) {
  route(app, calls.tournaments, async () => ok(await listTournaments(app.db)));

  route(app, calls.createTournament, async (request) => {
    const { fields, images } = await readFormOrJson(request);
    const body = parse(tournamentBodySchema, fields);
    const created = await withStoredImages(app.images, { image: images.tournamentsImage }, (names) =>
      createTournament(app.db, adminIdOf(request), body, names.image ?? ''),
    );
    return ok(created, 'Tournament created successfully');
  });

  route(app, calls.updateTournament, async (request) => {
    const id = idOf(request);
    const { fields, images } = await readFormOrJson(request);
    const body = parse(tournamentBodySchema, fields);
    const updated = await withStoredImages(app.images, { image: images.tournamentsImage }, (names) =>
      updateTournament(app.db, adminIdOf(request), id, body, names.image),
    );
    return ok(updated, 'Tournament updated successfully');
  });

  route(app, calls.deleteTournament, async (request) => {
    await deleteTournament(app.db, adminIdOf(request), idOf(request));
    return ok(null, 'Tournament deleted successfully');
  });
}
