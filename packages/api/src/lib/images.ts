import { unlink, writeFile } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { randomUUID } from 'node:crypto';
import type { MultipartFile } from '@fastify/multipart';
import { badRequest } from '../plugins/envelope';

type ImageExtension = 'jpg' | 'png' | 'gif' | 'webp';
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

/**
 * Where uploaded images live. The database keeps the bare name `<uuid>.<ext>`; the API
 * serves the file at `/uploads/<name>` and the console builds that URL from its config.
 */
export interface ImageStore {
  /** Writes the image under a new generated name and returns the name. */
  save(image: ImageUpload): Promise<string>;
  /** Deletes images by stored name (a leading `/uploads/` is tolerated); a missing file is no error. */
  remove(names: string[]): Promise<void>;
}

/** The uploads folder on this machine (the folder `/uploads/` serves). */
export class LocalImageStore implements ImageStore {
  constructor(readonly dir: string) {}

  async save(image: ImageUpload): Promise<string> {
    const name = `${randomUUID()}.${image.ext}`;
    await writeFile(join(this.dir, name), image.buffer, { flag: 'wx' });
    return name;
  }

  async remove(names: string[]): Promise<void> {
    // basename: only files of the folder itself, whatever the stored text says.
    await Promise.all(names.filter(Boolean).map((name) => unlink(join(this.dir, basename(name))).catch(() => undefined)));
  }
}

/**
 * Stores the given images (by form field; absent ones are skipped), then runs `write` with
 * their stored names by field. If storing or the write fails, the images stored here are
 * removed again, so a refused request leaves no orphan file. Call it once the fields are valid.
 */
export async function withStoredImages<F extends string, T>(
  store: ImageStore,
  images: Partial<Record<F, ImageUpload>>,
  write: (names: Partial<Record<F, string>>) => Promise<T>,
): Promise<T> {
  const names: Partial<Record<F, string>> = {};
  try {
    for (const [field, image] of Object.entries(images) as Array<[F, ImageUpload | undefined]>) {
      if (image) names[field] = await store.save(image);
    }
    return await write(names);
  } catch (error) {
    await store.remove(Object.values(names) as string[]);
    throw error;
  }
}
