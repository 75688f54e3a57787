import { open, unlink } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { Transform, type TransformCallback } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { MultipartFile } from '@fastify/multipart';
import { contentTypeOf, type FileStore } from '../files/file-store';
import { badRequest } from './envelope';

type ImageExtension = 'jpg' | 'png' | 'gif' | 'webp';
export interface ImageUpload {
  field: string;
  ext: ImageExtension;
  /** The received file: a temporary file until `ImageStore.save` takes it. */
  path: string;
}

const startsWith = (buf: Buffer, bytes: number[], at = 0) => bytes.every((b, i) => buf[at + i] === b);

/** The type by content, never by name or declared type (both are the sender's word). */
export function detectImageType(buf: Buffer): ImageExtension | null {
  if (startsWith(buf, [0xff, 0xd8, 0xff])) return 'jpg';
  if (startsWith(buf, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (
    buf.subarray(0, 6).toString('latin1') === 'GIF87a' ||
    buf.subarray(0, 6).toString('latin1') === 'GIF89a'
  )
    return 'gif';
  if (buf.subarray(0, 4).toString('latin1') === 'RIFF' && buf.subarray(8, 12).toString('latin1') === 'WEBP')
    return 'webp';
  return null;
}

/** Bytes `detectImageType` needs to decide (WebP's tag ends at 12). */
const SIGNATURE_BYTES = 12;

/**
 * Passes the bytes through unchanged and fails as soon as the first ones show no image type
 * (or at the end, for a file shorter than a signature), so a wrong file stops early.
 */
class ImageTypeCheck extends Transform {
  private head = Buffer.alloc(0);
  ext: ImageExtension | null = null;

  constructor(private readonly field: string) {
    super();
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback): void {
    if (!this.ext && this.head.length < SIGNATURE_BYTES) {
      this.head = Buffer.concat([this.head, chunk.subarray(0, SIGNATURE_BYTES - this.head.length)]);
      if (this.head.length >= SIGNATURE_BYTES && !this.decide()) return done(this.refusal());
    }
    done(null, chunk);
  }

  override _flush(done: TransformCallback): void {
    done(this.ext || this.decide() ? null : this.refusal());
  }

  private decide() {
    this.ext = detectImageType(this.head);
    return this.ext;
  }

  private refusal() {
    return badRequest(`${this.field}: Only JPEG, PNG, GIF or WebP images are allowed`);
  }
}

/**
 * Streams a file part into a new file of `dir`: a JPEG, PNG, GIF or WebP of at most 10 MB
 * (the multipart limit stops the stream there). Nothing of it is held in memory beyond a
 * stream chunk; on any failure (wrong type, too large, the client gone) the partial file is
 * removed before the error goes on.
 */
export async function receiveImagePart(part: MultipartFile, dir: string): Promise<ImageUpload> {
  const field = part.fieldname;
  const path = join(dir, `${randomUUID()}.part`);
  const check = new ImageTypeCheck(field);
  // The file is opened before the stream starts: a write stream opens its file lazily, so a
  // stream that fails at once could create the file after the unlink below and leave it.
  const file = await open(path, 'wx');
  try {
    await pipeline(part.file, check, file.createWriteStream());
    if (part.file.truncated) throw badRequest(`${field}: Image must be at most 10MB`);
  } catch (error) {
    await file.close().catch(() => undefined);
    await unlink(path).catch(() => undefined);
    throw error;
  }
  return { field, ext: check.ext!, path };
}

/**
 * Where uploaded images live. The database keeps the bare name `<uuid>.<ext>`; the API
 * serves the file at `/uploads/<name>` and the console builds that URL from its config.
 */
export interface ImageStore {
  /** Takes the received file under a new generated name and returns the name. */
  save(image: ImageUpload): Promise<string>;
  /** Deletes images by stored name (a leading `/uploads/` is tolerated); a missing file is no error. */
  remove(names: string[]): Promise<void>;
}

/** Images as files of the app's file store (`app.files`), under names generated here. */
export class FileImageStore implements ImageStore {
  constructor(private readonly files: FileStore) {}

  async save(image: ImageUpload): Promise<string> {
    const name = `${randomUUID()}.${image.ext}`;
    await this.files.save(name, image.path, contentTypeOf(name));
    return name;
  }

  async remove(names: string[]): Promise<void> {
    // basename: only files of the store's own level, whatever the stored text says.
    await this.files.delete(names.filter(Boolean).map((name) => basename(name)));
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
