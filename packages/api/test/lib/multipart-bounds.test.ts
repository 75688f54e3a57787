import { readdirSync } from 'node:fs';
import { request as httpRequest, type ClientRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FORM_BODY_MAX_BYTES } from '../../src/lib/request-body';
import { stagingDir } from '../../src/lib/staged-uploads';
import { differences, fingerprint } from '../support/db-fingerprint';
import { signedInApp, type TestApp } from '../support/helper';
import { form, multipart, PNG, type Part } from '../support/multipart';

/*
 * A multipart body is read only as far as the call's form allows: a part under a name the call
 * does not take, or a text past its bound, is refused by name as soon as it arrives, and the
 * rest of the body is never read (so never held). Tournaments are the call used: a form with
 * two text fields and one image, and no step-up in front of it.
 */
let t: TestApp;
let token: string;
let port: number;
beforeAll(async () => {
  ({ t, token } = await signedInApp());
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as AddressInfo).port;
});
afterAll(() => t.close());

const MB = 1024 * 1024;
const URL = '/manager/tournaments';
const BOUNDARY = 'bounds-test-boundary';
const staged = () => readdirSync(stagingDir(t.config.uploadsDir));
const head = (name: string, filename?: string) =>
  Buffer.from(
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"${filename === undefined ? '' : `; filename="${filename}"`}\r\n\r\n`,
  );

/** `size` bytes of one text value, in 64 KB chunks of one buffer (the test itself holds no more). */
function* value(size: number): Generator<Buffer> {
  const chunk = Buffer.alloc(64 * 1024, 'a');
  for (let left = size; left > 0; left -= chunk.length)
    yield left >= chunk.length ? chunk : chunk.subarray(0, left);
}

interface Answer {
  status: number;
  message: string;
  connection: string | undefined;
  /** Bytes the client had handed to the socket when the answer came. */
  sent: number;
}

/** Resolves once the socket takes more (or is closed). */
const taken = (req: ClientRequest) =>
  new Promise<void>((resolve) => {
    const done = () => {
      req.off('drain', done).off('close', done);
      resolve();
    };
    req.on('drain', done).on('close', done);
  });

/**
 * Streams `chunks` to the listening app as a client would, waiting for the socket to take each
 * one, and stops sending once the answer arrives.
 */
function stream(chunks: Iterable<Buffer>, headers: Record<string, string> = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    let sent = 0;
    let answered = false;
    const req = httpRequest({
      port,
      host: '127.0.0.1',
      method: 'POST',
      path: URL,
      headers: {
        'content-type': `multipart/form-data; boundary=${BOUNDARY}`,
        [t.config.apiKeyHeader]: t.config.apiKey,
        authorization: `Bearer ${token}`,
        ...headers,
      },
    });
    // The server closes the connection after an early answer: writing on is an error here.
    req.on('error', () => undefined);
    req.on('response', (res) => {
      answered = true;
      const at = sent;
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (d: string) => (body += d));
      res.on('end', () =>
        resolve({
          status: res.statusCode!,
          message: (JSON.parse(body) as { message: string }).message,
          connection: res.headers.connection,
          sent: at,
        }),
      );
      res.on('error', reject);
    });
    void (async () => {
      for (const chunk of chunks) {
        if (answered || req.destroyed) return;
        sent += chunk.length;
        if (!req.write(chunk)) await taken(req);
      }
      if (!answered && !req.destroyed) req.end();
    })().catch(reject);
  });
}

/** `request` refused with `status` and `message`, no table, no stored or staged file changed. */
async function refused(request: Parameters<TestApp['call']>[0], status: number, message: string) {
  const before = await fingerprint(t);
  const res = await t.call({ method: 'POST', url: URL, token, ...request });
  expect(res.statusCode, res.body).toBe(status);
  expect(res.json().message).toBe(message);
  expect(differences(before, await fingerprint(t))).toEqual([]);
  expect(staged()).toEqual([]);
}

describe('a multipart body is read only as far as the call takes it', () => {
  it('100 unknown fields of 1 MB: 400 naming the first, answered before the client has sent 1/5 of it', async () => {
    const before = await fingerprint(t);
    const fields = 100;
    function* body() {
      for (let i = 0; i < fields; i++) {
        yield head(`extra${i}`);
        yield* value(MB);
        yield Buffer.from('\r\n');
      }
      yield Buffer.from(`--${BOUNDARY}--\r\n`);
    }
    const answer = await stream(body());
    expect(answer).toMatchObject({ status: 400, message: 'extra0: Unexpected field', connection: 'close' });
    expect(answer.sent).toBeLessThan((fields * MB) / 5);
    expect(differences(before, await fingerprint(t))).toEqual([]);
  });

  it('a known text past its 64 KB bound: 400 naming it, the rest of a 50 MB value never read', async () => {
    function* body() {
      yield head('tournamentsLink');
      yield* value(50 * MB);
      yield Buffer.from(`\r\n--${BOUNDARY}--\r\n`);
    }
    const answer = await stream(body());
    expect(answer).toMatchObject({
      status: 400,
      message: 'tournamentsLink: must be at most 64 KB',
      connection: 'close',
    });
    expect(answer.sent).toBeLessThan(10 * MB);
    await refused(
      form({ tournamentsLink: `https://example.com/${'a'.repeat(64 * 1024)}` }),
      400,
      'tournamentsLink: must be at most 64 KB',
    );
  });

  it('a body declared larger than a form may be: 413 before any of it is read', async () => {
    const answer = await stream([head('tournamentsLink'), ...value(MB)], {
      'content-length': String(FORM_BODY_MAX_BYTES + 1),
    });
    expect(answer).toMatchObject({
      status: 413,
      message: `body: A form must be at most ${FORM_BODY_MAX_BYTES / MB} MB`,
      connection: 'close',
    });
  });

  it('a part the call does not take is refused by name, whatever its kind', async () => {
    const image = (name: string): Part => ({ name, value: PNG, filename: 't.png', type: 'image/png' });
    await refused(
      form({ tournamentsLink: 'https://t.me/cup' }, [image('stray')]),
      400,
      'stray: Unexpected file field',
    );
    await refused(form({ tournamentsImage: 'not a file' }), 400, 'tournamentsImage: Expected a file');
    await refused(form({}, [image('tournamentsLink')]), 400, 'tournamentsLink: Expected text, not a file');
    await refused(form({ '': 'x' }), 400, '(no name): Unexpected field');
    await refused(
      multipart([
        { name: 'tournamentsLink', value: 'https://a.example' },
        { name: 'tournamentsLink', value: 'https://b.example' },
      ]),
      400,
      'tournamentsLink: Sent more than once',
    );
    // An image received before the refusal is not kept.
    await refused(
      form({}, [image('tournamentsImage'), image('tournamentsImage')]),
      400,
      'tournamentsImage: Sent more than once',
    );
  });

  it('at most 10 files per request, refused at the eleventh', async () => {
    const files = Array.from({ length: 11 }, (_, i): Part => ({
      name: `nft_${i}`,
      value: PNG,
      filename: `${i}.png`,
      type: 'image/png',
    }));
    const before = await fingerprint(t);
    const res = await t.call({
      method: 'POST',
      url: '/manager/loot-boxes',
      token,
      ...form({ name: 'Box', amount: '10', rewards: '[]' }, files),
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().message).toBe('nft_10: At most 10 files per request');
    expect(differences(before, await fingerprint(t))).toEqual([]);
    expect(staged()).toEqual([]);
  });

  it('a valid form is read whole and saved, its connection kept open', async () => {
    const res = await t.call({
      method: 'POST',
      url: URL,
      token,
      ...form({ tournamentsDate: '2030-01-01T10:00:00.000Z', tournamentsLink: 'https://t.me/cup' }, [
        { name: 'tournamentsImage', value: PNG, filename: 't.png', type: 'image/png' },
      ]),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({
      tournamentsDate: '2030-01-01T10:00:00.000Z',
      tournamentsLink: 'https://t.me/cup',
      tournamentsImage: expect.stringMatching(/\.png$/),
    });
    expect(res.headers.connection).not.toBe('close');
    const empty = await t.call({
      method: 'POST',
      url: URL,
      token,
      ...form({ tournamentsLink: '' }, [{ name: 'tournamentsImage', value: '', filename: '' }]),
    });
    expect(empty.statusCode, empty.body).toBe(200);
    expect(empty.json().data.tournamentsImage).toBeFalsy();
  });
});
