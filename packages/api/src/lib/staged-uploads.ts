import { mkdirSync } from 'node:fs';
import { readdir, stat, unlink } from 'node:fs/promises';
import { join } from 'node:path';
import type { MultipartFile } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { receiveImagePart, type ImageUpload } from './images';

/**
 * Received files wait in a folder inside the uploads folder on this machine's disk, whatever
 * the store: with the folder store saving one is a rename (the same file system); with a
 * bucket it is uploaded from there. A dot folder, which `/uploads/` refuses to serve. Staging
 * is per instance and per request, which a cluster needs no more of: a request's files are
 * received, checked and saved by the one instance that handles it, and nothing reads them
 * afterwards; only the saved file has to be seen by every instance (app.files).
 */
const STAGING_FOLDER = '.incoming';
/** Older staged files are leftovers of a process that stopped mid-request. */
const STALE_AFTER_MS = 60 * 60 * 1000;

export const stagingDir = (uploadsDir: string) => join(uploadsDir, STAGING_FOLDER);

/** The staged files of each request still in flight; `ended` once its response is over. */
const staged = new WeakMap<FastifyRequest, { paths: string[]; ended: boolean }>();

/**
 * Receives a file part of `request` to disk (type and size checked while it streams). The file
 * stays until the response ends; a store's `save` takes it before then, else it is removed.
 */
export async function stageImagePart(request: FastifyRequest, part: MultipartFile): Promise<ImageUpload> {
  const entry = staged.get(request) ?? { paths: [], ended: false };
  staged.set(request, entry);
  const image = await receiveImagePart(part, stagingDir(request.server.config.uploadsDir));
  entry.paths.push(image.path);
  if (entry.ended) {
    await discardStagedUploads(request);
    throw new Error('the request ended while its upload was being received');
  }
  return image;
}

/** Removes what the request staged and no store took (onSend and onRequestAbort, plugins/uploads.ts). */
export async function discardStagedUploads(request: FastifyRequest): Promise<void> {
  const entry = staged.get(request);
  if (!entry) return;
  entry.ended = true;
  const paths = entry.paths.splice(0);
  // A saved file was moved away: its missing staged path is no error.
  await Promise.all(paths.map((path) => unlink(path).catch(() => undefined)));
}

/** Creates the staging folder and empties it of stale files (several instances may share it). */
export async function prepareStagingDir(uploadsDir: string, now = Date.now()): Promise<void> {
  const dir = stagingDir(uploadsDir);
  mkdirSync(dir, { recursive: true });
  for (const name of await readdir(dir)) {
    const path = join(dir, name);
    const info = await stat(path).catch(() => null);
    if (info?.isFile() && now - info.mtimeMs > STALE_AFTER_MS) await unlink(path).catch(() => undefined);
  }
}
