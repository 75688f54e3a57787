import * as mail from '../schemas/mailing.ts';
import * as tour from '../schemas/tournaments.ts';
import * as give from '../schemas/giveaways.ts';
import { idParamSchema } from '../schemas/common.ts';
import { call, GET, POST, PUT, DELETE } from './call.ts';

/** Mailing, tournaments and giveaways. Part of `calls` (../calls.ts). */
export const engagementCalls = {
  // mailing, tournaments, giveaways, settings
  mailings: call({
    method: GET,
    permission: 'mailing.read',
    path: '/mailing',
    query: mail.mailingsQuerySchema,
    response: mail.mailingsResponseSchema,
  }),
  createMailing: call({
    method: POST,
    permission: 'mailing.create',
    path: '/mailing',
    multipart: true,
    body: mail.createMailingBodySchema,
    response: mail.createMailingResponseSchema,
  }),
  startMailing: call({
    method: PUT,
    permission: 'mailing.start',
    path: '/mailing/:id/status',
    params: idParamSchema,
    stepUp: 'always',
    body: mail.mailingStatusRequestSchema,
    response: mail.mailingStatusResponseSchema,
  }),
  updateMailing: call({
    method: PUT,
    permission: 'mailing.create',
    path: '/mailing/:id',
    params: idParamSchema,
    multipart: true,
    body: mail.updateMailingBodySchema,
    response: mail.updateMailingResponseSchema,
  }),
  deleteMailing: call({
    method: DELETE,
    permission: 'mailing.create',
    path: '/mailing/:id',
    params: idParamSchema,
  }),
  mailingRecipients: call({
    method: GET,
    permission: 'mailing.read',
    path: '/mailing/:id/recipients',
    params: idParamSchema,
    response: mail.mailingRecipientsResponseSchema,
  }),
  testMailing: call({
    method: POST,
    permission: 'mailing.create',
    path: '/mailing/:id/test',
    params: idParamSchema,
    body: mail.mailingTestRequestSchema,
    response: mail.mailingTestResponseSchema,
  }),
  tournaments: call({
    method: GET,
    permission: 'tournaments.read',
    path: '/tournaments',
    query: tour.tournamentsQuerySchema,
    response: tour.tournamentsResponseSchema,
  }),
  createTournament: call({
    method: POST,
    permission: 'tournaments.manage',
    path: '/tournaments',
    multipart: true,
    body: tour.tournamentBodySchema,
    response: tour.tournamentResponseSchema,
  }),
  updateTournament: call({
    method: PUT,
    permission: 'tournaments.manage',
    path: '/tournaments/:id',
    params: idParamSchema,
    multipart: true,
    body: tour.tournamentBodySchema,
    response: tour.tournamentResponseSchema,
  }),
  deleteTournament: call({
    method: DELETE,
    permission: 'tournaments.manage',
    path: '/tournaments/:id',
    params: idParamSchema,
  }),
  giveaways: call({
    method: GET,
    permission: 'giveaways.read',
    path: '/giveaways',
    query: give.giveawaysQuerySchema,
    response: give.giveawaysResponseSchema,
  }),
  createGiveaway: call({
    method: POST,
    permission: 'giveaways.manage',
    path: '/giveaways',
    stepUp: 'always',
    multipart: true,
    body: give.createGiveawayBodySchema,
    response: give.giveawayResponseSchema,
  }),
  updateGiveaway: call({
    method: PUT,
    permission: 'giveaways.manage',
    path: '/giveaways/:id',
    params: idParamSchema,
    stepUp: 'conditional',
    multipart: true,
    body: give.updateGiveawayBodySchema,
    response: give.giveawayResponseSchema,
  }),
  deleteGiveaway: call({
    method: DELETE,
    permission: 'giveaways.manage',
    path: '/giveaways/:id',
    params: idParamSchema,
  }),
} as const;
