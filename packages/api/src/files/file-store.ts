import type { Readable } from 'node:stream';

/** A stored file as it is read back: its bytes and what the answer that serves it says. */
export interface StoredFile {
  body: Readable;
  contentType: string;
  size?: number;
  etag?: string;
  lastModified?: Date;
}

export interface ListedFile {
  key: string;
  modified: Date;
}

/**
 * Where uploaded files live, shared by every API instance: the uploads folder (one machine,
 * or a volume all instances mount) or an S3-compatible bucket. Keys are bare file names
 * (`<uuid>.png`), the same text the database keeps and `/uploads/<key>` serves.
 */
export interface FileStore {
  /** Takes the received file at `path` (a staged file on this machine's disk) as `key`. */
  save(key: string, path: string, contentType: string): Promise<void>;
  /** The file's bytes, or null when there is none. */
  open(key: string): Promise<StoredFile | null>;
  /** Deletes files by key; a missing one is no error. */
  delete(keys: string[]): Promise<void>;
  /** Every stored key with when it was stored (for the cleanup of files no row names). */
  list(): AsyncIterable<ListedFile>;
}

/** Keys are generated names: no folder, no dot file (the staging folder is one), nothing to escape. */
const KEY = /^[A-Za-z0-9][A-Za-z0-9._-]{0,199}$/;
export const isFileKey = (key: string): boolean => KEY.test(key);

export function assertFileKey(key: string): void {
  if (!isFileKey(key)) throw new Error(`not a file key: ${JSON.stringify(key)}`);
}

const CONTENT_TYPES: Record<string, string> = {
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  webp: 'image/webp',
};

/** The type a key's extension names (what the uploads folder is served with). */
export const contentTypeOf = (key: string): string =>
  CONTENT_TYPES[key.slice(key.lastIndexOf('.') + 1).toLowerCase()] ?? 'application/octet-stream';

/**
 * The headers of every served upload, whatever the store. Keys are generated and never
 * reused, so a file can be cached forever; the console shows the images from its own origin,
 * so they are open to cross-origin embedding.
 */
export const SERVED_FILE_HEADERS = {
  'X-Content-Type-Options': 'nosniff',
  'Cache-Control': 'public, max-age=31536000, immutable',
  'Cross-Origin-Resource-Policy': 'cross-origin',
} as const;
