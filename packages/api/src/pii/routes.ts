import type { FastifyInstance } from 'fastify';
import { calls, piiRevealRequestSchema } from '@manager/contract';
import { ok, parse } from '../lib/envelope';
import { route } from '../lib/route';
import { revealValue } from './repository';

/**
 * POST /pii/reveal (docs/api.md#personal-data): the call's `pii.reveal` is checked before any
 * work (lib/route.ts); every other answer masks these values (`maskValue`).
 */
export default async function piiRoutes(app: FastifyInstance) {
  route(app, calls.revealPii, async (request) => {
    const { kind, id } = parse(piiRevealRequestSchema, request.body);
    return ok(await revealValue(app.db, kind, id));
  });
}
