import type { FastifyInstance } from 'fastify';
import {
  calls,
  createGiveawayBodySchema,
  giveawaysQuerySchema,
  updateGiveawayBodySchema,
} from '@manager/contract';
import { rowsWithImageRoutes } from '../lib/image-form';
import { createGiveaway, deleteGiveaway, listGiveaways, updateGiveaway } from './repository';

/**
 * Giveaways: multipart with an optional `previewImage` (the toggle may send JSON). A new
 * giveaway needs a fresh step-up; an edit only when it changes the prizes or ticket prices.
 * The gift pickers' calls under /giveaways/ live in the gifts domain.
 */
export default async function giveawayRoutes(app: FastifyInstance) {
  rowsWithImageRoutes(app, {
    calls: {
      list: calls.giveaways,
      create: calls.createGiveaway,
      update: calls.updateGiveaway,
      remove: calls.deleteGiveaway,
    },
    imageField: 'previewImage',
    listQuery: giveawaysQuerySchema,
    createSchema: createGiveawayBodySchema,
    updateSchema: updateGiveawayBodySchema,
    amounts: (body) => [
      { field: 'ticketPriceTon', currency: 'TON', value: body.ticketPriceTon },
      { field: 'ticketPriceStars', currency: 'STAR', value: body.ticketPriceStars },
    ],
    list: listGiveaways,
    create: createGiveaway,
    update: updateGiveaway,
    remove: deleteGiveaway,
    messages: {
      created: 'Giveaway added successfully',
      updated: 'Giveaway updated successfully',
      deleted: 'Giveaway deleted successfully',
    },
  });
}
