import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { admins } from '../../src/db/schema/index';
import { readMultipartForm } from '../../src/lib/request-body';
import { ok } from '../../src/lib/envelope';
import { buildTestApp, type TestApp } from '../support/helper';
import { multipart, PNG } from '../support/multipart';

/** Every line the app logs, at the most talkative level. */
const lines: string[] = [];
const logged = () => lines.join('');
const MARKER = 'marker-7f3c1e9a';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp(
    {},
    { logger: { level: 'trace', stream: { write: (line: string) => void lines.push(line) } } },
  );
  // Failing queries whose parameter is the marker: a data exception quoting the value, and a
  // unique violation whose detail names it.
  t.app.get('/test-db/cast', async () => ok(await t.db.execute(sql`select ${MARKER}::int`)));
  t.app.get('/test-db/unique', async () => {
    await t.db.insert(admins).values({ username: MARKER, passwordHash: MARKER });
    return ok(await t.db.insert(admins).values({ username: MARKER.toUpperCase(), passwordHash: MARKER }));
  });
  // A route of the contract has its form from `calls`; this one names its single image field.
  const form = { text: new Set<string>(), isFile: (name: string) => name === 'photo' };
  t.app.post('/test-upload', async (request) =>
    ok(Object.keys((await readMultipartForm(request, form)).fields)),
  );
});
afterAll(() => t.close());

const errorLines = () =>
  lines
    .map((line) => JSON.parse(line) as { msg?: string; err?: Record<string, unknown> })
    .filter((l) => l.msg === 'unhandled error');

describe('logs', () => {
  it('never carry the parameters of a failed query, yet say which query and why', async () => {
    expect((await t.call({ method: 'GET', url: '/test-db/cast' })).statusCode).toBe(500);
    expect((await t.call({ method: 'GET', url: '/test-db/unique' })).statusCode).toBe(500);
    expect(logged()).not.toContain(MARKER);
    expect(logged()).not.toContain(MARKER.toUpperCase());
    const [cast, unique] = errorLines().map((l) => l.err!);
    expect(cast).toMatchObject({
      type: 'DrizzleQueryError',
      message: expect.stringContaining('Failed query: select $1::int'),
      query: 'select $1::int',
    });
    expect(cast!.cause).toMatchObject({
      code: '22P02',
      message: 'invalid input syntax for type integer: "[redacted]"',
    });
    expect(unique!.cause).toMatchObject({
      code: '23505',
      constraint: 'admins_username_lower_uq',
      table: 'admins',
    });
  });

  it('never carry a password, a token, a temporary token or the API key', async () => {
    const password = t.demo.admin.password;
    const login = await t.call({
      method: 'POST',
      url: '/auth/login',
      payload: { identifier: 'admin', password },
    });
    const { accessToken, refreshToken } = login.json().data.tokens as {
      accessToken: string;
      refreshToken: string;
    };
    await t.call({ method: 'GET', url: '/auth/profile', token: accessToken });
    const refreshed = await t.call({ method: 'POST', url: '/auth/refresh-token', payload: { refreshToken } });
    const newRefreshToken = refreshed.json().data.tokens.refreshToken as string;
    const twoFactor = await t.call({
      method: 'POST',
      url: '/auth/login',
      payload: { identifier: 'admin2fa', password },
    });
    const { adminId, tempToken } = twoFactor.json().data as { adminId: number; tempToken: string };
    await t.call({
      method: 'POST',
      url: '/auth/2fa/verify',
      payload: { adminId, tempToken, token: '000000' },
    });
    // Multipart parsing logs its options, request headers included, at trace level.
    const upload = await t.call({
      method: 'POST',
      url: '/test-upload',
      token: accessToken,
      ...multipart([{ name: 'photo', value: PNG, filename: 'a.png' }]),
    });
    expect([login, refreshed, twoFactor, upload].map((r) => r.statusCode)).toEqual([200, 200, 200, 200]);
    expect(logged()).toContain('Providing options to busboy');
    for (const secret of [password, accessToken, refreshToken, newRefreshToken, tempToken, t.config.apiKey]) {
      expect(logged()).not.toContain(secret);
    }
  });
});
