import * as live from '../schemas/live.ts';
import { idParamSchema } from '../schemas/common.ts';
import { SELF } from '../permissions.ts';
import { call, GET, POST, PUT } from './call.ts';

/**
 * The live console's per-admin calls (docs/decisions/0028): presence on a record and the inbox.
 * Presence lets in an admin who reads any kind of record it is kept for, and its handler checks
 * the read permission of the record's own kind (EVENT_READ_PERMISSION); the inbox is the
 * admin's own, under /auth as their sessions are. Part of `calls` (../calls.ts).
 */
export const liveCalls = {
  presence: call({
    method: GET,
    permission: live.PRESENCE_READ_PERMISSIONS,
    path: '/presence',
    query: live.presenceQuerySchema,
    response: live.presenceResponseSchema,
  }),
  announcePresence: call({
    method: PUT,
    permission: live.PRESENCE_READ_PERMISSIONS,
    path: '/presence',
    body: live.announcePresenceRequestSchema,
  }),
  leavePresence: call({
    method: POST,
    permission: live.PRESENCE_READ_PERMISSIONS,
    path: '/presence/leave',
    body: live.leavePresenceRequestSchema,
  }),
  inbox: call({
    method: GET,
    permission: SELF,
    path: '/inbox',
    response: live.inboxResponseSchema,
  }),
  readInboxItem: call({
    method: POST,
    permission: SELF,
    path: '/inbox/:id/read',
    params: idParamSchema,
  }),
  readAllInbox: call({
    method: POST,
    permission: SELF,
    path: '/inbox/read-all',
    response: live.readAllInboxResponseSchema,
  }),
} as const;
