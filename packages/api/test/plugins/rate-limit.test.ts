import { sql } from 'drizzle-orm';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app';
import { createDb, type DbHandle } from '../../src/db/client';
import { rateLimitCounters } from '../../src/db/schema/index';
import { buildTestApp, type TestApp } from '../support/helper';

/**
 * Two API instances on one database: on PostgreSQL (TEST_DATABASE_URL) each has its own
 * connection pool, as two processes would; on PGlite they share the one embedded database.
 */
const MAX = 5;
const AUTH_MAX = 3;
const WINDOW_MS = 60_000;
let t: TestApp;
let b: FastifyInstance;
let second: DbHandle | undefined;

async function secondConnection(): Promise<DbHandle['db']> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) return t.db;
  const [row] = (
    (await t.db.execute(sql`select current_database() as name`)) as unknown as {
      rows: Array<{ name: string }>;
    }
  ).rows;
  const url = new URL(serverUrl);
  url.pathname = `/${row!.name}`;
  second = await createDb({ databaseUrl: url.toString() });
  return second.db;
}

beforeAll(async () => {
  t = await buildTestApp({
    RATE_LIMIT_MAX: String(MAX),
    RATE_LIMIT_AUTH_MAX: String(AUTH_MAX),
    RATE_LIMIT_WINDOW_SECONDS: '60',
  });
  b = await buildApp({ config: t.config, db: await secondConnection(), now: t.clock.now });
});
afterAll(async () => {
  await b?.close();
  await second?.close();
  await t?.close();
});

let addresses = 0;
/** A fresh client address per test, so the tests do not share counters. */
const newAddress = () => `198.51.100.${++addresses}`;
const on = (app: FastifyInstance, ip: string, opts: InjectOptions) =>
  app.inject({
    ...opts,
    remoteAddress: ip,
    headers: { [t.config.apiKeyHeader]: t.config.apiKey, ...opts.headers },
  });
const docs = (app: FastifyInstance, ip: string) => on(app, ip, { method: 'GET', url: '/docs' });
const wrongLogin = (app: FastifyInstance, ip: string) =>
  on(app, ip, {
    method: 'POST',
    url: '/auth/login',
    payload: { identifier: 'admin', password: 'wrong-password' },
  });

describe('rate limits in the database', () => {
  it('two instances share the count: the request over the limit on B after the others on A is a 429', async () => {
    const ip = newAddress();
    for (let i = 0; i < MAX - 1; i++) expect((await docs(t.app, ip)).statusCode).toBe(200);
    const last = await docs(b, ip);
    expect(last.statusCode).toBe(200);
    expect(last.headers['x-ratelimit-remaining']).toBe('0');
    const over = await docs(b, ip);
    expect(over.statusCode).toBe(429);
    expect(over.json()).toEqual({ code: 429, message: 'Too many requests. Try again in 1 minute.' });
    expect(over.headers['retry-after']).toBe('60');
    expect((await docs(t.app, ip)).statusCode).toBe(429);
    // Per address: another client is not affected.
    expect((await docs(b, newAddress())).statusCode).toBe(200);
  });

  it('/auth/* has its own, tighter budget (shared by both instances as well)', async () => {
    const ip = newAddress();
    const answers = [
      await wrongLogin(t.app, ip),
      await wrongLogin(b, ip),
      await wrongLogin(t.app, ip),
      await wrongLogin(b, ip),
    ];
    expect(answers.map((a) => a.statusCode)).toEqual([401, 401, 401, 429]);
    // The same route spelled with an escaped letter is the same budget.
    const escaped = await on(b, ip, {
      method: 'POST',
      url: '/%61uth/login',
      payload: { identifier: 'admin', password: 'wrong-password' },
    });
    expect(escaped.statusCode).toBe(429);
    expect(answers[3]!.headers['cache-control']).toBe('no-store');
    // The other budget of the same address is untouched.
    expect((await docs(b, ip)).statusCode).toBe(200);
  });

  it('parallel requests on both instances: exactly the limit passes', async () => {
    const ip = newAddress();
    const answers = await Promise.all(Array.from({ length: 4 * MAX }, (_, i) => docs(i % 2 ? b : t.app, ip)));
    const codes = answers.map((a) => a.statusCode);
    expect(
      codes.filter((c) => c === 200),
      codes.join(','),
    ).toHaveLength(MAX);
    expect(codes.filter((c) => c === 429)).toHaveLength(3 * MAX);
  });

  it('counts again once the window is over, and sweeps counters of ended windows', async () => {
    const ip = newAddress();
    for (let i = 0; i < MAX; i++) await docs(t.app, ip);
    expect((await docs(b, ip)).statusCode).toBe(429);
    t.clock.advance(WINDOW_MS);
    expect((await docs(b, ip)).statusCode).toBe(200);
    t.clock.advance(WINDOW_MS + 1);
    await docs(t.app, newAddress());
    const keys = (await t.db.select({ key: rateLimitCounters.key }).from(rateLimitCounters)).map(
      (r) => r.key,
    );
    expect(keys).toEqual([`all:198.51.100.${addresses}`]);
  });

  it('does not count the health probe, uploaded images or CORS preflights', async () => {
    const ip = newAddress();
    for (let i = 0; i < MAX + 2; i++) {
      expect((await on(t.app, ip, { method: 'GET', url: '/health' })).statusCode).toBe(200);
      expect((await on(b, ip, { method: 'GET', url: '/uploads/none.png' })).statusCode).toBe(404);
      const preflight = await on(b, ip, {
        method: 'OPTIONS',
        url: '/docs',
        headers: { origin: t.config.corsOrigins[0]!, 'access-control-request-method': 'GET' },
      });
      expect(preflight.statusCode).toBe(204);
    }
    expect((await docs(t.app, ip)).statusCode).toBe(200);
  });
});

describe('rate limit configuration', () => {
  it('is off unless set outside production, and on by default in production', async () => {
    const { loadConfig } = await import('../../src/config');
    expect(loadConfig({}).rateLimit).toEqual({ max: 0, authMax: 0, windowMs: 60_000 });
    expect(loadConfig({ NODE_ENV: 'test' }).rateLimit).toMatchObject({ max: 0, authMax: 0 });
    const production = loadConfig({
      NODE_ENV: 'production',
      API_KEY: 'Qm8vTz2pLx7RcW4nYb6KdF1s',
      JWT_SECRET: 'a7F2kQ9mZx4Lp0Rt8Wc3Vn6Bs1Hy5Jd2Ge9Ku4Oi7Pl',
    });
    expect(production.rateLimit).toEqual({ max: 600, authMax: 60, windowMs: 60_000 });
    expect(
      loadConfig({ RATE_LIMIT_MAX: '100', RATE_LIMIT_AUTH_MAX: '10', RATE_LIMIT_WINDOW_SECONDS: '30' })
        .rateLimit,
    ).toEqual({
      max: 100,
      authMax: 10,
      windowMs: 30_000,
    });
    expect(() => loadConfig({ RATE_LIMIT_MAX: '-1' })).toThrow(/RATE_LIMIT_MAX/);
  });
});
