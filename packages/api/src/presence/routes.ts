import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  announcePresenceRequestSchema,
  calls,
  EVENT_READ_PERMISSION,
  leavePresenceRequestSchema,
  presenceQuerySchema,
  type Permission,
} from '@manager/contract';
import { requirePermission } from '../lib/permissions';
import { adminIdOf } from '../lib/request';
import { route } from '../lib/route';
import { ok, parse } from '../lib/envelope';
import { announce, leave, present } from './repository';

/** Who may be on a record, and see who is: whoever may read its kind (403 naming the permission). */
function mayRead(request: FastifyRequest, entity: keyof typeof EVENT_READ_PERMISSION): void {
  requirePermission(request, [EVENT_READ_PERMISSION[entity] as Permission]);
}

/**
 * Presence (docs/api.md, Presence): a console says which record it has open and what it does
 * there, renews that every PRESENCE_BEAT_MS, and says when it leaves; consoles showing the
 * record read who is there. Changes of who is there go out on the event stream.
 */
export default async function presenceRoutes(app: FastifyInstance) {
  route(app, calls.presence, async (request) => {
    const query = parse(presenceQuerySchema, request.query, 'query');
    mayRead(request, query.entity);
    return ok(await present(app.db, query, app.clock()));
  });

  route(app, calls.announcePresence, async (request) => {
    const body = parse(announcePresenceRequestSchema, request.body);
    mayRead(request, body.entity);
    await announce(app.db, { adminId: adminIdOf(request) }, body, app.clock());
    return ok(null);
  });

  route(app, calls.leavePresence, async (request) => {
    const body = parse(leavePresenceRequestSchema, request.body);
    mayRead(request, body.entity);
    await leave(app.db, { adminId: adminIdOf(request) }, body);
    return ok(null);
  });
}
