import { createReadStream } from 'node:fs';
import { unlink } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  paginateListObjectsV2,
  type S3Client,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import {
  assertFileKey,
  contentTypeOf,
  isFileKey,
  SERVED_FILE_HEADERS,
  type FileStore,
  type ListedFile,
  type StoredFile,
} from './file-store';

const isMissing = (error: unknown) => {
  const e = error as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e.name === 'NoSuchKey' || e.name === 'NotFound' || e.$metadata?.httpStatusCode === 404;
};

/**
 * An S3-compatible bucket (AWS S3, MinIO, Cloudflare R2, ...) holding the uploads at its root
 * under their keys: every instance reads and writes the same files. The API still serves them
 * at `/uploads/<key>` (plugins/uploads.ts), so stored names and the console's URLs are the same
 * as with the uploads folder.
 */
export class S3FileStore implements FileStore {
  constructor(
    private readonly client: S3Client,
    readonly bucket: string,
  ) {}

  async save(key: string, path: string, contentType: string): Promise<void> {
    assertFileKey(key);
    // Streamed from the staged file in parts (one in flight: at most a part, 5 MB, in memory);
    // a failed multipart upload is aborted by `done`, leaving no partial object.
    const upload = new Upload({
      client: this.client,
      queueSize: 1,
      params: {
        Bucket: this.bucket,
        Key: key,
        Body: createReadStream(path),
        ContentType: contentType,
        // Also what a CDN or public bucket in front of the bucket would pass on.
        CacheControl: SERVED_FILE_HEADERS['Cache-Control'],
      },
    });
    await upload.done();
    // The bucket has it now; the staged copy would otherwise wait for the end of the response.
    await unlink(path).catch(() => undefined);
  }

  async open(key: string): Promise<StoredFile | null> {
    if (!isFileKey(key)) return null;
    try {
      const object = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: key }));
      if (!object.Body) return null;
      return {
        // On Node the SDK's body is the HTTP response stream.
        body: object.Body as Readable,
        // By the name, as the local store does: an object stored with another type by another
        // tool (text/html) is never served as that from the API's origin.
        contentType: contentTypeOf(key),
        size: object.ContentLength,
        etag: object.ETag,
        lastModified: object.LastModified,
      };
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  async delete(keys: string[]): Promise<void> {
    // One call per key rather than DeleteObjects, which not every S3-compatible store offers;
    // S3 answers a delete of a missing key with success.
    await Promise.all(
      keys
        .filter(isFileKey)
        .map((key) => this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key }))),
    );
  }

  async *list(): AsyncIterable<ListedFile> {
    for await (const page of paginateListObjectsV2({ client: this.client }, { Bucket: this.bucket })) {
      for (const object of page.Contents ?? []) {
        if (object.Key && isFileKey(object.Key))
          yield { key: object.Key, modified: object.LastModified ?? new Date(0) };
      }
    }
  }
}
