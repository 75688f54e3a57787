import type { FastifyInstance } from 'fastify';
import { calls, tournamentBodySchema, tournamentsQuerySchema } from '@manager/contract';
import { rowsWithImageRoutes } from '../lib/image-form';
import { createTournament, deleteTournament, listTournaments, updateTournament } from './repository';

/** Tournaments: multipart with an optional `tournamentsImage`; the same fields create and edit. */
export default async function tournamentRoutes(app: FastifyInstance) {
  rowsWithImageRoutes(app, {
    calls: {
      list: calls.tournaments,
      create: calls.createTournament,
      update: calls.updateTournament,
      remove: calls.deleteTournament,
    },
    imageField: 'tournamentsImage',
    listQuery: tournamentsQuerySchema,
    createSchema: tournamentBodySchema,
    updateSchema: tournamentBodySchema,
    list: listTournaments,
    create: createTournament,
    update: updateTournament,
    remove: deleteTournament,
    messages: {
      created: 'Tournament created successfully',
      updated: 'Tournament updated successfully',
      deleted: 'Tournament deleted successfully',
    },
  });
}
