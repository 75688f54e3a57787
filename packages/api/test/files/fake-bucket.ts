import { Readable } from 'node:stream';
import {
  CompleteMultipartUploadCommand,
  CreateMultipartUploadCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  ListObjectsV2Command,
  NoSuchKey,
  PutObjectCommand,
  S3Client,
  UploadPartCommand,
} from '@aws-sdk/client-s3';
import { mockClient } from 'aws-sdk-client-mock';

/** A request body as the SDK hands it to `send`: bytes, or a stream of them. */
async function bytesOf(body: unknown): Promise<Buffer> {
  if (Buffer.isBuffer(body) || body instanceof Uint8Array) return Buffer.from(body);
  if (typeof body === 'string') return Buffer.from(body);
  const chunks: Buffer[] = [];
  for await (const chunk of body as Readable) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks);
}

/**
 * Every S3Client answered from memory (aws-sdk-client-mock stubs the client's `send`): the
 * calls the file store makes, with S3's answers for a missing key and for paged lists. No
 * S3 server speaks the protocol here; what this checks is the store's use of the client.
 */
export function fakeBucket(pageSize = 2) {
  const objects = new Map<string, { body: Buffer; contentType?: string; cacheControl?: string }>();
  const parts = new Map<string, Buffer[]>();
  const s3 = mockClient(S3Client);
  s3.on(PutObjectCommand).callsFake(async (input) => {
    objects.set(input.Key, {
      body: await bytesOf(input.Body),
      contentType: input.ContentType,
      cacheControl: input.CacheControl,
    });
    return { ETag: '"put"' };
  });
  s3.on(CreateMultipartUploadCommand).callsFake(async (input) => {
    parts.set(input.Key, []);
    objects.set(`pending:${input.Key}`, {
      body: Buffer.alloc(0),
      contentType: input.ContentType,
      cacheControl: input.CacheControl,
    });
    return { UploadId: `upload-${input.Key}` };
  });
  s3.on(UploadPartCommand).callsFake(async (input) => {
    parts.get(input.Key)![input.PartNumber - 1] = await bytesOf(input.Body);
    return { ETag: `"part-${input.PartNumber}"` };
  });
  s3.on(CompleteMultipartUploadCommand).callsFake(async (input) => {
    const pending = objects.get(`pending:${input.Key}`)!;
    objects.delete(`pending:${input.Key}`);
    objects.set(input.Key, { ...pending, body: Buffer.concat(parts.get(input.Key)!) });
    return { ETag: '"multipart"' };
  });
  s3.on(GetObjectCommand).callsFake(async (input) => {
    const object = objects.get(input.Key);
    if (!object)
      throw new NoSuchKey({
        message: 'The specified key does not exist.',
        $metadata: { httpStatusCode: 404 },
      });
    return {
      Body: Readable.from([object.body]),
      ContentType: object.contentType,
      ContentLength: object.body.length,
      ETag: '"etag"',
      LastModified: new Date(0),
    };
  });
  s3.on(DeleteObjectCommand).callsFake(async (input) => {
    objects.delete(input.Key);
    return {};
  });
  s3.on(ListObjectsV2Command).callsFake(async (input) => {
    const keys = [...objects.keys()].filter((key) => !key.startsWith('pending:')).sort();
    const start = input.ContinuationToken ? Number(input.ContinuationToken) : 0;
    const page = keys.slice(start, start + pageSize);
    const more = start + pageSize < keys.length;
    return {
      Contents: page.map((Key) => ({ Key, LastModified: new Date(0) })),
      IsTruncated: more,
      NextContinuationToken: more ? String(start + pageSize) : undefined,
    };
  });
  return { objects, s3 };
}
