import { mkdirSync } from 'node:fs';
import multipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { IMAGE_UPLOAD_MAX_BYTES } from '@manager/contract';
import { LocalImageStore } from '../lib/images';

/**
 * Multipart parsing with size limits, the uploads folder served read-only at /uploads/<name>,
 * and `app.images`, the store routes save uploads to (see lib/images.ts).
 */
export async function registerUploads(app: FastifyInstance): Promise<void> {
  const dir = app.config.uploadsDir;
  mkdirSync(dir, { recursive: true });
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
