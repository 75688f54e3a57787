import type { FastifyInstance } from 'fastify';
import { calls } from '@manager/contract';
import { adminIdOf, idOf } from '../lib/request';
import { route } from '../lib/route';
import { notFound, ok } from '../lib/envelope';
import { markAllRead, markRead, readInbox } from './repository';

export const INBOX_ITEM_NOT_FOUND = 'Notification not found';

/**
 * The admin's own inbox (docs/api.md, Inbox): what waits for them, read and marked read. Items
 * are written by the changes that make something wait (db/inbox.ts), never through these calls.
 */
export default async function inboxRoutes(app: FastifyInstance) {
  route(app, calls.inbox, async (request) => ok(await readInbox(app.db, adminIdOf(request))));

  route(app, calls.readInboxItem, async (request) => {
    if (!(await markRead(app.db, adminIdOf(request), idOf(request), app.clock())))
      throw notFound(INBOX_ITEM_NOT_FOUND);
    return ok(null, 'Marked as read');
  });

  route(app, calls.readAllInbox, async (request) =>
    ok({ read: await markAllRead(app.db, adminIdOf(request), app.clock()) }, 'All marked as read'),
  );
}
