import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { detectImageType } from '../src/lib/images';
import { readMultipartForm } from '../src/lib/request-body';
import { ok } from '../src/plugins/envelope';
import { buildTestApp, type TestApp } from './helper';
import { GIF, JPEG, multipart, PNG, WEBP } from './multipart';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
  // A throwaway route shaped like the ones that take images (tasks, shop items, banners).
  t.app.post('/test-upload', async (request) => {
    const { fields, images } = await readMultipartForm(request);
    return ok({ fields, photo: images.photo ? await t.app.images.save(images.photo) : null });
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
    const res = await t.call({ method: 'POST', url: '/test-upload', ...multipart([{ name: 'title', value: 'Hi' }, { name: 'photo', value: PNG, filename: '../../evil.svg', type: 'image/svg+xml' }]) });
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
    const res = await t.call({ method: 'POST', url: '/test-upload', ...multipart([{ name: 'photo', value: '<html>', filename: 'a.png', type: 'image/png' }]) });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ code: 400, message: 'photo: Only JPEG, PNG, GIF or WebP images are allowed' });
  });

  it('refuses files over 10MB with 400 naming the field', async () => {
    const big = Buffer.concat([JPEG, Buffer.alloc(10 * 1024 * 1024)]);
    const res = await t.call({ method: 'POST', url: '/test-upload', ...multipart([{ name: 'photo', value: big, filename: 'big.jpg' }]) });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('photo: Image must be at most 10MB');
  });

  it('treats an empty file input as absent and a JSON body as a 400', async () => {
    const empty = await t.call({ method: 'POST', url: '/test-upload', ...multipart([{ name: 'photo', value: '', filename: '' }]) });
    expect(empty.json().data.photo).toBeNull();
    const json = await t.call({ method: 'POST', url: '/test-upload', payload: { photo: 'x' } });
    expect(json.statusCode).toBe(400);
    expect(json.json().message).toBe('body: Expected multipart/form-data');
  });
});
