import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPath, buildPath, calls, DECIMAL_TEXT, type CallSpec } from '@manager/contract';
import { loadConfig } from '../../src/config';
import routes from '../../src/routes';
import { buildTestApp, type TestApp } from '../support/helper';

/**
 * Routes outside `calls`: probes, the API description (uploads are the static files), and the
 * console's event stream (a stream, not the JSON envelope: src/events/README.md).
 */
const NOT_CALLS = [
  'GET /docs',
  'GET /health',
  'POST /releases/canary-admins',
  'POST /releases/notices',
  'GET /manager/events',
];
const callRoutes = Object.values(calls).map((c) => `${c.method} ${apiPath(c.path)}`);

describe('routes come from the contract', () => {
  it('registers every call of `calls` at its method and path, and nothing else but /health and /docs', async () => {
    const app = Fastify({ logger: false });
    // Registration needs these; no request is made.
    app.decorate('requireAdmin', async () => undefined);
    app.decorate('requireStepUp', async () => undefined);
    app.decorate('config', loadConfig({ NODE_ENV: 'test' }));
    const registered: string[] = [];
    app.addHook('onRoute', (r) => {
      for (const method of [r.method].flat()) if (method !== 'HEAD') registered.push(`${method} ${r.url}`);
    });
    await app.register(routes);
    expect(registered.sort()).toEqual([...callRoutes, ...NOT_CALLS].sort());
  });
});

describe('every call but sign-in needs a bearer token', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  // Parameters get a value (1) so the path matches its route; the guard answers before any handler.
  const guarded = Object.entries(calls as Record<string, CallSpec>).filter(([, c]) => c.auth !== false);
  it.each(guarded)('%s answers 401 with the API key and no bearer token', async (_name, call) => {
    const url = apiPath(
      buildPath(call.path, Object.fromEntries([...call.path.matchAll(/:(\w+)/g)].map((m) => [m[1]!, 1]))),
    );
    const res = await t.app.inject({
      method: call.method,
      url,
      headers: { [t.config.apiKeyHeader]: t.config.apiKey },
    });
    expect(res.statusCode, `${call.method} ${url}`).toBe(401);
  });
});

describe('GET /docs', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it('serves an OpenAPI 3.1 document of every call, without the API key or a sign-in', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/docs' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toBe('3.1.0');
    const operations = Object.entries(
      doc.paths as Record<string, Record<string, { operationId: string }>>,
    ).flatMap(([path, methods]) =>
      Object.entries(methods).map(([method, op]) => [
        op.operationId,
        `${method.toUpperCase()} ${path.replace(/\{(\w+)\}/g, ':$1')}`,
      ]),
    );
    expect(Object.fromEntries(operations)).toEqual(
      Object.fromEntries(Object.entries(calls).map(([name, c]) => [name, `${c.method} ${apiPath(c.path)}`])),
    );
    expect(doc.components.securitySchemes.apiKey).toEqual({
      type: 'apiKey',
      in: 'header',
      name: t.config.apiKeyHeader,
    });
  });

  it('describes parameters, bodies and answers from the contract schemas', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/docs' })).json();
    const users = doc.paths['/manager/users'].get;
    // A number as a JSON number within its bounds, or as decimal text.
    const limit = {
      anyOf: expect.arrayContaining([
        expect.objectContaining({ type: 'integer', maximum: 100 }),
        expect.objectContaining({ type: 'string', pattern: DECIMAL_TEXT.source }),
      ]),
    };
    expect(users.parameters).toContainEqual(
      expect.objectContaining({
        name: 'limit',
        in: 'query',
        required: false,
        schema: expect.objectContaining(limit),
      }),
    );
    expect(doc.paths['/manager/users/{telegramId}'].get.parameters).toContainEqual({
      name: 'telegramId',
      in: 'path',
      required: true,
      schema: { type: 'string', maxLength: 16, pattern: '^\\d{1,16}$' },
    });
    expect(
      users.responses['200'].content['application/json'].schema.properties.data.properties,
    ).toHaveProperty('pagination');
    const login = doc.paths['/auth/login'].post;
    expect(login.security).toEqual([{ apiKey: [] }]);
    expect(login.requestBody.content['application/json'].schema.properties).toHaveProperty('identifier');
    expect(Object.keys(doc.paths['/manager/tasks'].post.requestBody.content)).toEqual([
      'multipart/form-data',
    ]);
    expect(doc.paths['/manager/tasks'].get.security).toEqual([{ apiKey: [], bearer: [] }]);
    const needStepUp = Object.entries(
      doc.paths as Record<
        string,
        Record<string, { operationId: string; responses: Record<string, unknown> }>
      >,
    )
      .flatMap(([, methods]) => Object.values(methods))
      .filter((op) => '428' in op.responses)
      .map((op) => op.operationId);
    expect(needStepUp.sort()).toEqual(
      Object.entries(calls as Record<string, CallSpec>)
        .filter(([, c]) => c.stepUp)
        .map(([name]) => name)
        .sort(),
    );
    expect(needStepUp).toContain('updateBalances');
    expect(
      doc.paths['/manager/users/{telegramId}/balances'].put.responses['428'].content['application/json']
        .schema.properties.data.properties,
    ).toHaveProperty('stepUp');
  });
});
