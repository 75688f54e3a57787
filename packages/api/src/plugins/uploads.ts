import { mkdirSync } from 'node:fs';
import { unlink, writeFile } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { randomUUID } from 'node:crypto';
import multipart, { type MultipartFile } from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { IMAGE_UPLOAD_MAX_BYTES } from '@manager/contract';
import { badRequest } from './envelope';

export type ImageExtension = 'jpg' | 'png' | 'gif' | 'webp';
export interface ImageUpload {
  field: string;
  ext: ImageExtension;
  buffer: Buffer;
}

const startsWith = (buf: Buffer, bytes: number[], at = 0) => bytes.every((b, i) => buf[at + i] === b);

/** The type by content, never by name or declared type (both are the sender's word). */
export function detectImageType(buf: Buffer): ImageExtension | null {
  if (startsWith(buf, [0xff, 0xd8, 0xff])) return 'jpg';
  if (startsWith(buf, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (buf.subarray(0, 6).toString('latin1') === 'GIF87a' || buf.subarray(0, 6).toString('latin1') === 'GIF89a') return 'gif';
  if (buf.subarray(0, 4).toString('latin1') === 'RIFF' && buf.subarray(8, 12).toString('latin1') === 'WEBP') return 'webp';
  return null;
}

/** Reads a file part fully and checks it is a JPEG, PNG, GIF or WebP of at most 10 MB. */
export async function readImagePart(part: MultipartFile): Promise<ImageUpload> {
  const field = part.fieldname;
  let buffer: Buffer;
  try {
    buffer = await part.toBuffer();
  } catch (error) {
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw badRequest(`${field}: Image must be at most 10MB`);
    throw error;
  }
  const ext = detectImageType(buffer);
  if (!ext) throw badRequest(`${field}: Only JPEG, PNG, GIF or WebP images are allowed`);
  return { field, ext, buffer };
}

/** Writes an image under a generated name; returns the URL path it is served at. */
export async function storeImage(uploadsDir: string, image: ImageUpload): Promise<string> {
  const name = `${randomUUID()}.${image.ext}`;
  await writeFile(join(uploadsDir, name), image.buffer, { flag: 'wx' });
  return `/uploads/${name}`;
}

/**
 * Awaits the write that records a freshly stored image; if it fails (unknown id, database
 * error...) the image is deleted again, so a refused request leaves no orphan file.
 */
export async function discardImageOnFailure<T>(uploadsDir: string, url: string | undefined, write: Promise<T>): Promise<T> {
  try {
    return await write;
  } catch (error) {
    if (url?.startsWith('/uploads/')) await unlink(join(uploadsDir, basename(url))).catch(() => undefined);
    throw error;
  }
}

/**
 * Reads a whole multipart form: text fields by name, image files checked but not yet stored,
 * so a route validates the fields first and stores images only for a request it accepts
 * (`app.storeImage(images.photo)`). An empty file input counts as absent.
 */
export async function readMultipartForm(request: FastifyRequest) {
  if (!request.isMultipart()) throw badRequest('body: Expected multipart/form-data');
  const fields: Record<string, string> = {};
  const images: Record<string, ImageUpload> = {};
  for await (const part of request.parts()) {
    if (part.type === 'file') {
      if (!part.filename) {
        await part.toBuffer();
        continue;
      }
      images[part.fieldname] = await readImagePart(part);
    } else {
      fields[part.fieldname] = String(part.value);
    }
  }
  return { fields, images };
}

/** Multipart parsing with size limits, and the uploads folder served read-only at /uploads/. */
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
    // Names are generated and never reused, so a file can be cached forever.
    setHeaders: (reply) => {
      reply.header('X-Content-Type-Options', 'nosniff');
      reply.header('Cache-Control', 'public, max-age=31536000, immutable');
    },
  });
  app.decorate('storeImage', (image: ImageUpload) => storeImage(dir, image));
  app.decorate('discardImageOnFailure', <T>(url: string | undefined, write: Promise<T>) => discardImageOnFailure(dir, url, write));
  app.decorate('saveImageUpload', async (part: MultipartFile) => storeImage(dir, await readImagePart(part)));
}
