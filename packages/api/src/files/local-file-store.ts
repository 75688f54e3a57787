import { createReadStream } from 'node:fs';
import { opendir, rename, stat, unlink } from 'node:fs/promises';
import { join } from 'node:path';
import {
  assertFileKey,
  contentTypeOf,
  isFileKey,
  type FileStore,
  type ListedFile,
  type StoredFile,
} from './file-store';

/**
 * The uploads folder (UPLOADS_DIR), served as it is by @fastify/static (plugins/uploads.ts).
 * Several instances share it only when they all mount the same volume.
 */
export class LocalFileStore implements FileStore {
  constructor(readonly dir: string) {}

  async save(key: string, path: string): Promise<void> {
    assertFileKey(key);
    // The staged file sits in a folder of the same file system (lib/staged-uploads.ts): a
    // rename puts it in place whole, without copying it.
    await rename(path, join(this.dir, key));
  }

  async open(key: string): Promise<StoredFile | null> {
    if (!isFileKey(key)) return null;
    const path = join(this.dir, key);
    const info = await stat(path).catch(() => null);
    if (!info?.isFile()) return null;
    return {
      body: createReadStream(path),
      contentType: contentTypeOf(key),
      size: info.size,
      lastModified: info.mtime,
    };
  }

  async delete(keys: string[]): Promise<void> {
    await Promise.all(
      keys.filter(isFileKey).map((key) => unlink(join(this.dir, key)).catch(() => undefined)),
    );
  }

  async *list(): AsyncIterable<ListedFile> {
    for await (const entry of await opendir(this.dir)) {
      if (!entry.isFile() || !isFileKey(entry.name)) continue;
      const info = await stat(join(this.dir, entry.name)).catch(() => null);
      if (info) yield { key: entry.name, modified: info.mtime };
    }
  }
}
