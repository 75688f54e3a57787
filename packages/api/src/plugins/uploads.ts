import { mkdirSync } from 'node:fs';
import multipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { IMAGE_UPLOAD_MAX_BYTES } from '@manager/contract';
import { createFileStore } from '../files/create-file-store';
import { SERVED_FILE_HEADERS, type FileStore } from '../files/file-store';
import { FileImageStore } from '../lib/images';
import { FORM_FILES_MAX, FORM_TEXT_MAX_BYTES } from '../lib/request-body';
import { discardStagedUploads, prepareStagingDir } from '../lib/staged-uploads';

/**
 * Multipart parsing with size limits, files received to a staging folder as they stream in
 * (lib/staged-uploads.ts), `app.files`, the store saved files live in (UPLOADS_STORE: the
 * uploads folder or a bucket, see files/), served read-only at /uploads/<name> either way, and
 * `app.images`, which names and saves uploaded images there (see lib/images.ts).
 */
export async function registerUploads(app: FastifyInstance): Promise<void> {
  const dir = app.config.uploadsDir;
  mkdirSync(dir, { recursive: true });
  await prepareStagingDir(dir);
  // However the request ends (answered, refused, or the client gone), nothing staged stays;
  // for an answer, before it is sent.
  app.addHook('onSend', async (request) => discardStagedUploads(request));
  app.addHook('onRequestAbort', discardStagedUploads);
  // A form refused before its end (lib/request-body.ts) is not read further: the connection
  // closes after the answer, so the client stops sending and no later request reads the rest.
  app.addHook('onSend', async (request, reply) => {
    if (request.isMultipart() && !request.raw.readableEnded) reply.header('connection', 'close');
  });
  // Forms are read by lib/request-body.ts with each call's own bounds; these hold for any other reader.
  await app.register(multipart, {
    limits: {
      fileSize: IMAGE_UPLOAD_MAX_BYTES,
      files: FORM_FILES_MAX,
      fields: 20,
      fieldSize: FORM_TEXT_MAX_BYTES,
      parts: 40,
    },
  });
  const files = createFileStore(app.config.uploadsStore, dir);
  app.decorate('files', files);
  app.decorate('images', new FileImageStore(files));
  if (app.config.uploadsStore.kind === 'local') await serveFolder(app, dir);
  else serveFromStore(app, files);
}

/** The uploads folder as static files (ranges, conditional requests, types by extension). */
async function serveFolder(app: FastifyInstance, dir: string): Promise<void> {
  await app.register(fastifyStatic, {
    root: dir,
    prefix: '/uploads/',
    index: false,
    list: false,
    dotfiles: 'deny',
    setHeaders: (reply) => {
      for (const [name, value] of Object.entries(SERVED_FILE_HEADERS)) reply.header(name, value);
    },
  });
}

/**
 * Files of a bucket streamed through the API at the same address and with the same headers
 * as the folder's, so the console's URLs do not depend on the store. A key is a bare name:
 * anything else (a folder, a dot file) is an unknown address.
 */
function serveFromStore(app: FastifyInstance, files: FileStore): void {
  app.get('/uploads/*', async (request, reply) => {
    const file = await files.open((request.params as { '*': string })['*']);
    if (!file) return reply.callNotFound();
    reply.headers(SERVED_FILE_HEADERS).type(file.contentType);
    if (file.size !== undefined) reply.header('content-length', file.size);
    if (file.etag) reply.header('etag', file.etag);
    if (file.lastModified) reply.header('last-modified', file.lastModified.toUTCString());
    return reply.send(file.body);
  });
}
