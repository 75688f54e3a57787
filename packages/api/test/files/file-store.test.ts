import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DeleteObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config';
import { LocalFileStore } from '../../src/files/local-file-store';
import { S3FileStore } from '../../src/files/s3-file-store';
import type { FileStore } from '../../src/files/file-store';
import { withStoredImages } from '../../src/lib/images';
import { readMultipartForm } from '../../src/lib/request-body';
import { stagingDir } from '../../src/lib/staged-uploads';
import { ok } from '../../src/lib/envelope';
import { fakeBucket } from './fake-bucket';
import { buildTestApp, type TestApp } from '../support/helper';
import { multipart, PNG } from '../support/multipart';

const S3_ENV = {
  UPLOADS_STORE: 's3',
  S3_BUCKET: 'uploads',
  S3_REGION: 'us-east-1',
  S3_ENDPOINT: 'http://127.0.0.1:9000',
  S3_FORCE_PATH_STYLE: 'true',
  S3_ACCESS_KEY_ID: 'key',
  S3_SECRET_ACCESS_KEY: 'secret',
};

describe('UPLOADS_STORE and the S3_* variables', () => {
  it('the uploads folder by default; a bucket with UPLOADS_STORE=s3', () => {
    expect(loadConfig({}).uploadsStore).toEqual({ kind: 'local' });
    expect(loadConfig(S3_ENV).uploadsStore).toEqual({
      kind: 's3',
      bucket: 'uploads',
      region: 'us-east-1',
      endpoint: 'http://127.0.0.1:9000',
      forcePathStyle: true,
      credentials: { accessKeyId: 'key', secretAccessKey: 'secret' },
    });
    // No key pair: the SDK's own credential chain (an instance role, AWS_* variables).
    expect(loadConfig({ UPLOADS_STORE: 's3', S3_BUCKET: 'b', S3_REGION: 'eu-west-1' }).uploadsStore).toEqual({
      kind: 's3',
      bucket: 'b',
      region: 'eu-west-1',
      endpoint: undefined,
      forcePathStyle: false,
      credentials: undefined,
    });
  });

  it('names each missing or bad variable of a bucket store', () => {
    expect(() => loadConfig({ UPLOADS_STORE: 's3' })).toThrow(
      /S3_BUCKET: is required when UPLOADS_STORE=s3[\s\S]*S3_REGION: is required/,
    );
    expect(() => loadConfig({ ...S3_ENV, S3_SECRET_ACCESS_KEY: '' })).toThrow(
      /S3_SECRET_ACCESS_KEY: is required with S3_ACCESS_KEY_ID/,
    );
    expect(() => loadConfig({ ...S3_ENV, S3_ENDPOINT: 'minio:9000' })).toThrow(
      /S3_ENDPOINT: expected an http\(s\) URL/,
    );
    expect(() => loadConfig({ ...S3_ENV, S3_FORCE_PATH_STYLE: 'maybe' })).toThrow(/S3_FORCE_PATH_STYLE/);
    expect(() => loadConfig({ UPLOADS_STORE: 'nfs' })).toThrow(/UPLOADS_STORE/);
    // The S3_* variables mean nothing to the folder store.
    expect(loadConfig({ S3_ENDPOINT: 'http://x' }).uploadsStore).toEqual({ kind: 'local' });
  });
});

const staged = (dir: string, name: string, bytes: Buffer) => {
  const path = join(dir, name);
  writeFileSync(path, bytes);
  return path;
};
const read = async (store: FileStore, key: string) => {
  const file = await store.open(key);
  if (!file) return null;
  const chunks: Buffer[] = [];
  for await (const chunk of file.body) chunks.push(chunk as Buffer);
  return { ...file, bytes: Buffer.concat(chunks) };
};
const listed = async (store: FileStore) => {
  const keys: string[] = [];
  for await (const { key } of store.list()) keys.push(key);
  return keys.sort();
};

describe.each(['folder', 'bucket'] as const)('the %s store', (kind) => {
  let dir: string;
  let store: FileStore;
  let bucket: ReturnType<typeof fakeBucket> | undefined;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'manager-files-'));
    bucket = kind === 'bucket' ? fakeBucket() : undefined;
    store =
      kind === 'bucket'
        ? new S3FileStore(
            new S3Client({ region: 'us-east-1', credentials: { accessKeyId: 'k', secretAccessKey: 's' } }),
            'uploads',
          )
        : new LocalFileStore(dir);
  });
  afterAll(() => {
    bucket?.s3.restore();
    rmSync(dir, { recursive: true, force: true });
  });

  it('takes a staged file under its key, reads it back, lists and deletes it', async () => {
    const big = Buffer.concat([PNG, Buffer.alloc(7 * 1024 * 1024, 5)]);
    await store.save('a.png', staged(dir, 'a.part', PNG), 'image/png');
    await store.save('b.png', staged(dir, 'b.part', big), 'image/png');
    await store.save('c.gif', staged(dir, 'c.part', PNG), 'image/gif');
    // The store took the staged files.
    expect(readdirSync(dir).filter((name) => name.endsWith('.part'))).toEqual([]);
    expect(await read(store, 'a.png')).toMatchObject({
      contentType: 'image/png',
      size: PNG.length,
      bytes: PNG,
    });
    expect((await read(store, 'b.png'))?.bytes.equals(big)).toBe(true);
    expect(await listed(store)).toEqual(['a.png', 'b.png', 'c.gif']);
    await store.delete(['a.png', 'missing.png', '../c.gif', '.incoming']);
    expect(await read(store, 'a.png')).toBeNull();
    expect(await listed(store)).toEqual(['b.png', 'c.gif']);
    expect(await store.open('../b.png')).toBeNull();
    await expect(store.save('.hidden', staged(dir, 'd.part', PNG), 'image/png')).rejects.toThrow(
      'not a file key',
    );
  });

  it.runIf(kind === 'bucket')('stores the content type and the cache header with the object', () => {
    expect(bucket!.objects.get('b.png')).toMatchObject({
      contentType: 'image/png',
      cacheControl: 'public, max-age=31536000, immutable',
    });
  });
});

/** The test route's form: one image field (a route of the contract has its form from `calls`). */
const PHOTO_FORM = { text: new Set<string>(), isFile: (name: string) => name === 'photo' };

describe('with UPLOADS_STORE=s3 the API saves to the bucket and serves /uploads/<name> from it', () => {
  let t: TestApp;
  let bucket: ReturnType<typeof fakeBucket>;
  beforeAll(async () => {
    bucket = fakeBucket();
    t = await buildTestApp(S3_ENV);
    t.app.post('/test-upload', async (request) => {
      const { images } = await readMultipartForm(request, PHOTO_FORM);
      return ok(
        await withStoredImages(t.app.images, { photo: images.photo }, async (names) => {
          if (request.headers['x-fail']) throw new Error('the write failed');
          return names.photo;
        }),
      );
    });
  });
  afterEach(() => bucket.s3.resetHistory());
  afterAll(async () => {
    bucket.s3.restore();
    await t.close();
  });

  it('the same address and headers as the folder, the staging folder left empty', async () => {
    const res = await t.call({
      method: 'POST',
      url: '/test-upload',
      ...multipart([{ name: 'photo', value: PNG, filename: 'a.png' }]),
    });
    expect(res.statusCode).toBe(200);
    const name = res.json().data as string;
    expect(name).toMatch(/^[0-9a-f-]{36}\.png$/);
    expect([...bucket.objects.keys()]).toEqual([name]);
    expect(readdirSync(stagingDir(t.config.uploadsDir))).toEqual([]);
    const served = await t.app.inject({ method: 'GET', url: `/uploads/${name}` });
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.equals(PNG)).toBe(true);
    expect(served.headers).toMatchObject({
      'content-type': 'image/png',
      'content-length': String(PNG.length),
      'cache-control': 'public, max-age=31536000, immutable',
      'cross-origin-resource-policy': 'cross-origin',
      'x-content-type-options': 'nosniff',
    });
  });

  it('an object stored with another type by another tool is served by its name, never as that type', async () => {
    bucket.objects.set('planted.png', {
      body: Buffer.from('<script>alert(1)</script>'),
      contentType: 'text/html',
    });
    const served = await t.app.inject({ method: 'GET', url: '/uploads/planted.png' });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    bucket.objects.delete('planted.png');
  });

  it('an unknown name or a path that is no key is a 404; a refused write deletes what it stored', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/uploads/missing.png' })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/uploads/.incoming/x.part' })).statusCode).toBe(404);
    const before = [...bucket.objects.keys()];
    const body = multipart([{ name: 'photo', value: PNG, filename: 'a.png' }]);
    const res = await t.call({
      method: 'POST',
      url: '/test-upload',
      payload: body.payload,
      headers: { ...body.headers, 'x-fail': '1' },
    });
    expect(res.statusCode).toBe(500);
    expect(bucket.s3.commandCalls(DeleteObjectCommand)).toHaveLength(1);
    expect([...bucket.objects.keys()]).toEqual(before);
  });
});
