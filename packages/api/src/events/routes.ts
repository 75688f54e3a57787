import fastifySse from '@fastify/sse';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { CHANGE_EVENT, EVENTS_PATH, type ConsoleEvent } from '@manager/contract';
import type { StoredEvent } from '../db/console-events';
import { parse, unauthorized } from '../lib/envelope';
import type { EventStream } from './hub';
import { eventsAfter, REPLAY_MAX } from './repository';

/** Registered inside the `/manager` scope, whose bearer guard it shares. */
const PATH = EVENTS_PATH.replace(/^\/manager/, '');

/** An event id as the stream sent it: digits (a bigserial), nothing else. */
const lastEventIdSchema = z.object({
  'Last-Event-ID': z
    .string()
    .regex(/^\d{1,19}$/, 'expected the id of an event the stream sent (digits)')
    .optional(),
});

const asSent = ({ permission: _, ...event }: StoredEvent): ConsoleEvent => event;

/**
 * `GET /manager/events`: the Server-Sent Events stream of the committed changes this admin may
 * read (src/events/README.md). Any signed-in admin may open it (what they get is filtered by
 * their permissions, read with their session), so it is not a call of `calls`: it answers a
 * stream, never the JSON envelope.
 */
export default async function eventRoutes(app: FastifyInstance) {
  await app.register(fastifySse, { heartbeatInterval: app.config.eventsHeartbeatMs });
  app.get(PATH, { sse: 'only' }, (request, reply) => openStream(app, request, reply));
}

async function openStream(app: FastifyInstance, request: FastifyRequest, reply: FastifyReply) {
  const admin = request.admin;
  if (!admin) throw unauthorized();
  const after = parse(lastEventIdSchema, { 'Last-Event-ID': request.headers['last-event-id'] }, 'headers')[
    'Last-Event-ID'
  ];
  await app.events.ready();
  // The console left while this instance started listening: its close has already run.
  if (!reply.sse.isConnected) return;

  reply.sse.keepAlive();
  reply.sse.sendHeaders();
  // Node holds the head until the first body write: the console learns at once that it is in.
  reply.raw.flushHeaders();
  // Live events are held until the replay is out, so none is lost between the two and none
  // is sent twice; each is written in order (a write is synchronous, its promise is the drain).
  let held: StoredEvent[] | null = [];
  const write = (event: StoredEvent) =>
    void reply.sse.send({ id: event.id, event: CHANGE_EVENT, data: asSent(event) }).catch(() => undefined);
  let checks = 0;
  const stream: EventStream = {
    adminId: admin.id,
    permissions: admin.permissions,
    send: (event) => (held ? held.push(event) : write(event)),
    recheck: () => {
      // Checks may answer out of order: only the latest one's answer counts.
      const check = ++checks;
      void app.permissionsNow(admin).then(
        (permissions) => {
          if (check !== checks) return;
          if (permissions) stream.permissions = permissions;
          else reply.sse.close();
        },
        (error: unknown) => request.log.warn({ err: error }, 'console events: session check failed'),
      );
    },
    close: () => reply.sse.close(),
  };
  const unsubscribe = app.events.subscribe(stream);
  // The console reconnects with a fresh token: an expired one must not keep reading.
  const expiry = setTimeout(
    () => reply.sse.close(),
    Math.max(0, admin.accessExpiresAt.getTime() - app.clock().getTime()),
  );
  // The session is read again at every heartbeat, and at once after a change to this admin: a
  // signed-out or disabled admin's stream ends (their console then finds its session over), and
  // changed roles filter from then on.
  const recheck = setInterval(stream.recheck, app.config.eventsHeartbeatMs);
  reply.sse.onClose(() => {
    clearTimeout(expiry);
    clearInterval(recheck);
    unsubscribe();
  });

  try {
    const replayed = after ? await eventsAfter(app.db, after, REPLAY_MAX, [...admin.permissions]) : [];
    const sent = new Set(replayed.map((e) => e.id));
    for (const event of replayed) write(event);
    for (const event of held) if (!sent.has(event.id)) write(event);
    held = null;
  } catch (error) {
    // The answer has started: the console reconnects and asks for the replay again.
    request.log.warn({ err: error }, 'console events: replay failed');
    reply.sse.close();
  }
}
