import cors from '@fastify/cors';
import type { FastifyInstance } from 'fastify';
import { BACKGROUND_HEADER, CONSOLE_VERSION_HEADER } from '@manager/contract';

/** The console and the remotes run on their own origins; only the configured ones may call. */
export async function registerCors(app: FastifyInstance): Promise<void> {
  await app.register(cors, {
    origin: app.config.corsOrigins,
    methods: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'],
    allowedHeaders: [
      app.config.apiKeyHeader,
      'Authorization',
      'Content-Type',
      BACKGROUND_HEADER,
      CONSOLE_VERSION_HEADER,
      // The event stream's reconnect names the last event it saw (src/events/README.md).
      'Last-Event-ID',
    ],
    // A download (the audit export) names its file here; a page on another origin reads it only when exposed.
    exposedHeaders: ['Content-Disposition'],
    maxAge: 600,
  });
}
