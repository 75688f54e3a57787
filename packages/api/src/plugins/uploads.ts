import { mkdirSync } from 'node:fs';
import multipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { IMAGE_UPLOAD_MAX_BYTES } from '@manager/contract';
import { LocalImageStore } from '../lib/images';
import { discardStagedUploads, prepareStagingDir } from '../lib/staged-uploads';

/**
 * Multipart parsing with size limits, files received to a staging folder as they stream in
 * (lib/staged-uploads.ts), the uploads folder served read-only at /uploads/<name>, and
 * `app.images`, the store routes save uploads to (see lib/images.ts).
 */
export async function registerUploads(app: FastifyInstance): Promise<void> {
  const dir = app.config.uploadsDir;
  mkdirSync(dir, { recursive: true });
  await prepareStagingDir(dir);
  // However the request ends (answered, refused, or the client gone), nothing staged stays;
  // for an answer, before it is sent.
  app.addHook('onSend', async (request) => discardStagedUploads(request));
  app.addHook('onRequestAbort', discardStagedUploads);
  await app.register(multipart, {
    limits: { fileSize: IMAGE_UPLOAD_MAX_BYTES, files: 10, fields: 100, fieldSize: 1024 * 1024 },
  });
  await app.register(fastifyStatic, {
    root: dir,
    prefix: '/uploads/',
    index: false,
    list: false,
    dotfiles: 'deny',
    // Names are generated and never reused, so a file can be cached forever. The console
    // shows the images from its own origin, so they are open to cross-origin embedding.
    setHeaders: (reply) => {
      reply.header('X-Content-Type-Options', 'nosniff');
      reply.header('Cache-Control', 'public, max-age=31536000, immutable');
      reply.header('Cross-Origin-Resource-Policy', 'cross-origin');
    },
  });
  app.decorate('images', new LocalImageStore(dir));
}
