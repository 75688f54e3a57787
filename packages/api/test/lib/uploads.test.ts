import { readdirSync, readFileSync, statSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { PassThrough, Readable } from 'node:stream';
import type { MultipartFile } from '@fastify/multipart';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { detectImageType, receiveImagePart } from '../../src/lib/images';
import { readMultipartForm } from '../../src/lib/request-body';
import { stagingDir } from '../../src/lib/staged-uploads';
import { badRequest, ok } from '../../src/lib/envelope';
import { buildTestApp, type TestApp } from '../support/helper';
import { GIF, JPEG, multipart, PNG, WEBP } from '../support/multipart';

/** What the throwaway routes take: a title and two images. */
const FORM = { text: new Set(['title']), isFile: (name: string) => name === 'photo' || name === 'thumb' };

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
  // A throwaway route shaped like the ones that take images (tasks, shop items, banners).
  t.app.post('/test-upload', async (request) => {
    const { fields, images } = await readMultipartForm(request, FORM);
    return ok({ fields, photo: images.photo ? await t.app.images.save(images.photo) : null });
  });
  // One that reads the files and then refuses the request, as a route does for a bad field.
  t.app.post('/test-refuse', async (request) => {
    await readMultipartForm(request, FORM);
    throw badRequest('title: Title is required');
  });
});
afterAll(() => t.close());

describe('image uploads', () => {
  it('recognises JPEG, PNG, GIF and WebP by their bytes only', () => {
    expect(detectImageType(JPEG)).toBe('jpg');
    expect(detectImageType(PNG)).toBe('png');
    expect(detectImageType(GIF)).toBe('gif');
    expect(detectImageType(WEBP)).toBe('webp');
    expect(detectImageType(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeNull();
  });

  it('stores an image under a generated name and serves it at /uploads without a key', async () => {
    const res = await t.call({
      method: 'POST',
      url: '/test-upload',
      ...multipart([
        { name: 'title', value: 'Hi' },
        { name: 'photo', value: PNG, filename: '../../evil.svg', type: 'image/svg+xml' },
      ]),
    });
    expect(res.statusCode).toBe(200);
    const { fields, photo } = res.json().data;
    expect(fields).toEqual({ title: 'Hi' });
    expect(photo).toMatch(/^[0-9a-f-]{36}\.png$/);
    const served = await t.app.inject({ method: 'GET', url: `/uploads/${photo}` });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.rawPayload.equals(PNG)).toBe(true);
  });

  it('refuses a non-image named like one with 400 naming the field', async () => {
    const res = await t.call({
      method: 'POST',
      url: '/test-upload',
      ...multipart([{ name: 'photo', value: '<html>', filename: 'a.png', type: 'image/png' }]),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      code: 400,
      message: 'photo: Only JPEG, PNG, GIF or WebP images are allowed',
    });
  });

  it('refuses files over 10MB with 400 naming the field', async () => {
    const big = Buffer.concat([JPEG, Buffer.alloc(10 * 1024 * 1024)]);
    const res = await t.call({
      method: 'POST',
      url: '/test-upload',
      ...multipart([{ name: 'photo', value: big, filename: 'big.jpg' }]),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('photo: Image must be at most 10MB');
  });

  it('treats an empty file input as absent and a JSON body as a 400', async () => {
    const empty = await t.call({
      method: 'POST',
      url: '/test-upload',
      ...multipart([{ name: 'photo', value: '', filename: '' }]),
    });
    expect(empty.json().data.photo).toBeNull();
    const json = await t.call({ method: 'POST', url: '/test-upload', payload: { photo: 'x' } });
    expect(json.statusCode).toBe(400);
    expect(json.json().message).toBe('body: Expected multipart/form-data');
  });
});

const MB = 1024 * 1024;
/** The files of the staging folder and of the uploads folder itself. */
const staged = () => readdirSync(stagingDir(t.config.uploadsDir));
const stored = () =>
  readdirSync(t.config.uploadsDir)
    .filter((name) => !name.startsWith('.'))
    .sort();
const until = async (what: string, check: () => boolean, ms = 10_000) => {
  for (const deadline = Date.now() + ms; !check(); await new Promise((r) => setTimeout(r, 20))) {
    if (Date.now() > deadline) throw new Error(`timed out waiting until ${what}`);
  }
};

describe('uploads are streamed to disk, never held whole in memory', () => {
  it('a file is written to disk while it is still arriving, and saved by a rename', async () => {
    const image = Buffer.concat([PNG, Buffer.alloc(8 * MB, 7)]);
    const body = multipart([{ name: 'photo', value: image, filename: 'big.png' }]);
    const before = stored();
    const payload = new PassThrough();
    const answer = t.call({ method: 'POST', url: '/test-upload', headers: body.headers, payload });
    payload.write(body.payload.subarray(0, 4 * MB));
    // Half of the body is sent and the rest is not: the part is already on disk, in the staging folder.
    await until('the staged file holds the first megabytes', () =>
      staged().some((name) => statSync(join(stagingDir(t.config.uploadsDir), name)).size >= 2 * MB),
    );
    payload.end(body.payload.subarray(4 * MB));
    const res = await answer;
    expect(res.statusCode).toBe(200);
    const { photo } = res.json().data;
    expect(stored()).toEqual([...before, photo].sort());
    expect(readFileSync(join(t.config.uploadsDir, photo)).equals(image)).toBe(true);
    expect(staged()).toEqual([]);
  });

  it('a file over 10MB stops at the limit: 400 naming the field, no file left', async () => {
    const before = stored();
    const big = Buffer.concat([PNG, Buffer.alloc(10 * MB)]);
    const res = await t.call({
      method: 'POST',
      url: '/test-upload',
      ...multipart([{ name: 'photo', value: big, filename: 'big.png' }]),
    });
    expect(res.json()).toEqual({ code: 400, message: 'photo: Image must be at most 10MB' });
    expect(staged()).toEqual([]);
    expect(stored()).toEqual(before);
  });

  it('a wrong file after a good one, or a refused request after its files: no file left', async () => {
    const before = stored();
    const wrong = await t.call({
      method: 'POST',
      url: '/test-upload',
      ...multipart([
        { name: 'photo', value: PNG, filename: 'a.png' },
        { name: 'thumb', value: '<svg/>', filename: 'b.png' },
      ]),
    });
    expect(wrong.json()).toEqual({
      code: 400,
      message: 'thumb: Only JPEG, PNG, GIF or WebP images are allowed',
    });
    const refused = await t.call({
      method: 'POST',
      url: '/test-refuse',
      ...multipart([
        { name: 'photo', value: PNG, filename: 'a.png' },
        { name: 'thumb', value: GIF, filename: 'b.gif' },
      ]),
    });
    expect(refused.statusCode).toBe(400);
    expect(staged()).toEqual([]);
    expect(stored()).toEqual(before);
  });

  it('a file refused at its first bytes leaves no file, however the file system and the stream interleave', async () => {
    // Refused at once, the stream ends before a lazily opened file would exist; the removal
    // must not come first. Seen about once in 500 runs, so it is run a few thousand times.
    const dir = stagingDir(t.config.uploadsDir);
    const part = () => {
      const file = Readable.from([Buffer.from('<svg/>')]) as Readable & { truncated: boolean };
      file.truncated = false;
      return { fieldname: 'thumb', file } as unknown as MultipartFile;
    };
    for (let i = 0; i < 3000; i++) {
      await expect(receiveImagePart(part(), dir)).rejects.toThrow(
        'thumb: Only JPEG, PNG, GIF or WebP images are allowed',
      );
    }
    await new Promise((r) => setTimeout(r, 200));
    expect(staged()).toEqual([]);
  });

  it('a client gone in the middle of a file leaves no file', async () => {
    const before = stored();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    const body = multipart([
      { name: 'photo', value: Buffer.concat([PNG, Buffer.alloc(8 * MB)]), filename: 'big.png' },
    ]);
    const req = httpRequest({
      port,
      method: 'POST',
      path: '/test-upload',
      headers: { ...body.headers, [t.config.apiKeyHeader]: t.config.apiKey },
    });
    req.on('error', () => undefined);
    req.write(body.payload.subarray(0, 4 * MB));
    await until('the upload is being received', () => staged().length > 0);
    req.destroy();
    await until('the partial file is removed', () => staged().length === 0);
    expect(stored()).toEqual(before);
  });
});
