import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  apiPath,
  buildPath,
  calls,
  ENROLMENT_GONE_MESSAGE,
  STEP_UP_STATUS,
  type CallSpec,
} from '@manager/contract';
import { isLinkCall } from '../../src/docs/openapi';
import { buildTestApp, type TestApp } from '../support/helper';

/*
 * The API description (GET /docs) against the contract and the running server: every request
 * string states its maxLength, and the 401, 428 and 429 answers are listed for exactly the
 * calls that give them, each as the `{ code, message }` envelope.
 */

type Schema = Record<string, unknown>;
interface Answer {
  description: string;
  content: {
    'application/json': {
      schema: { properties: { code: { const?: number }; message: unknown }; required: string[] };
    };
  };
}
interface Operation {
  operationId: string;
  parameters: Array<{ name: string; in: string; schema: Schema }>;
  requestBody?: { content: Record<string, { schema: Schema }> };
  responses: Record<string, Answer>;
}

const entries = Object.entries(calls as Record<string, CallSpec>);

async function operationsOf(t: TestApp): Promise<Record<string, Operation>> {
  const res = await t.app.inject({ method: 'GET', url: '/docs' });
  expect(res.statusCode).toBe(200);
  const paths = res.json().paths as Record<string, Record<string, Operation>>;
  return Object.fromEntries(
    Object.values(paths).flatMap((methods) => Object.values(methods).map((op) => [op.operationId, op])),
  );
}

/** Where `schema` takes a string with no maxLength (an enum or const bounds itself). */
function unboundedStrings(schema: unknown, where: string): string[] {
  if (Array.isArray(schema)) return schema.flatMap((item, i) => unboundedStrings(item, `${where}[${i}]`));
  if (typeof schema !== 'object' || schema === null) return [];
  const node = schema as Schema;
  const takesString =
    [node.type].flat().includes('string') && node.enum === undefined && node.const === undefined;
  const here = takesString && typeof node.maxLength !== 'number' ? [where] : [];
  const below = Object.entries(node).flatMap(([key, value]) =>
    key === 'enum' || key === 'const' || key === 'default' ? [] : unboundedStrings(value, `${where}.${key}`),
  );
  return [...here, ...below];
}

/** The answer `status` of `op`, as the envelope with that code. */
function expectEnvelope(op: Operation, status: number) {
  const answer = op.responses[String(status)];
  expect(answer, `${op.operationId} documents ${status}`).toBeDefined();
  expect(answer!.description.length).toBeGreaterThan(0);
  const schema = answer!.content['application/json'].schema;
  expect(schema.properties.code.const).toBe(status);
  expect(schema.properties).toHaveProperty('message');
  expect(schema.required).toEqual(expect.arrayContaining(['code', 'message']));
  return answer!;
}

describe('GET /docs without rate limits (the test configuration)', () => {
  let t: TestApp;
  let ops: Record<string, Operation>;
  beforeAll(async () => {
    t = await buildTestApp();
    ops = await operationsOf(t);
  });
  afterAll(() => t.close());

  it('states a maxLength for every string of every path parameter, query field and body field', () => {
    const unbounded = Object.values(ops).flatMap((op) => [
      ...op.parameters.flatMap((p) => unboundedStrings(p.schema, `${op.operationId} ${p.in} ${p.name}`)),
      ...Object.entries(op.requestBody?.content ?? {}).flatMap(([media, body]) =>
        unboundedStrings(body.schema, `${op.operationId} ${media}`),
      ),
    ]);
    expect(unbounded).toEqual([]);
    // The walk sees strings where they are: a path id, a query search, a multipart text field.
    expect(ops.updateTask!.parameters.find((p) => p.name === 'id')!.schema.maxLength).toBe(10);
    expect(ops.users!.parameters.find((p) => p.name === 'search')!.schema.maxLength).toBe(200);
  });

  it.each(entries.filter(([, call]) => !isLinkCall(call)))(
    '%s documents 401: a missing session, or for a sign-in call a refused sign-in',
    (name, call) => {
      const answer = expectEnvelope(ops[name]!, 401);
      expect(answer.description).toMatch(call.auth === false ? /^Sign-in refused/ : /^No valid session/);
    },
  );

  it.each(entries)('%s documents 428 exactly when the contract marks it `stepUp`', (name, call) => {
    expect(STEP_UP_STATUS).toBe(428);
    if (call.stepUp) expect(expectEnvelope(ops[name]!, STEP_UP_STATUS).description).toContain('step-up');
    else expect(ops[name]!.responses).not.toHaveProperty(String(STEP_UP_STATUS));
  });

  it('documents 429 for the password and code checks under LOGIN_MAX_PER_IP, and for nothing else when no rate limit is set', () => {
    const limited = Object.values(ops).filter((op) => '429' in op.responses);
    for (const op of limited)
      expect(expectEnvelope(op, 429).description).toContain(
        `more than ${t.config.signIn.perIp} password, code or passkey checks`,
      );
    expect(limited.map((op) => op.operationId)).toEqual(
      expect.arrayContaining(['login', 'verify2fa', 'verifyPasskey', 'stepUp', 'stepUpPasskey']),
    );
    expect(limited.map((op) => op.operationId)).not.toContain('users');
  });

  // A sign-in call's 401 is its own refusal, not the bearer guard's: each one refuses a wrong credential or an unknown temp token with it.
  const registration = {
    id: 'AAAA',
    rawId: 'AAAA',
    type: 'public-key',
    response: { clientDataJSON: 'e30', attestationObject: 'oA' },
    clientExtensionResults: {},
  };
  const assertion = {
    id: 'AAAA',
    rawId: 'AAAA',
    type: 'public-key',
    response: { clientDataJSON: 'e30', authenticatorData: 'AA', signature: 'AA' },
    clientExtensionResults: {},
  };
  const temp = { adminId: 1, tempToken: 'not-a-token' };
  const refusedSignIn: Record<string, object> = {
    login: { identifier: 'nobody', password: 'wrong-password' },
    verify2fa: { ...temp, token: '000000' },
    refreshToken: { refreshToken: 'a'.repeat(43) },
    enrol2faSetup: temp,
    enrol2fa: { ...temp, secret: 'JBSWY3DPEHPK3PXP', token: '123456' },
    signInPasskeyOptions: temp,
    verifyPasskey: { ...temp, response: assertion },
    enrolPasskeyOptions: temp,
    enrolPasskey: { ...temp, name: 'Laptop', response: registration },
  };
  it.each(entries.filter(([, call]) => isLinkCall(call)))(
    '%s (a one-time link) answers and documents 410 for an unknown link, never 401',
    async (name, call) => {
      expect(ops[name]!.responses).not.toHaveProperty('401');
      expect(expectEnvelope(ops[name]!, 410).description).toContain(ENROLMENT_GONE_MESSAGE);
      const res = await t.call({
        method: call.method,
        url: apiPath(buildPath(call.path, { token: 'a'.repeat(43) })),
        payload: { password: 'a long passphrase', code: '123456' },
      });
      expect(res.statusCode, res.body).toBe(410);
    },
  );

  it.each(entries.filter(([, call]) => call.auth === false && !isLinkCall(call)))(
    '%s answers 401 to a refused sign-in, as documented',
    async (name, call) => {
      expect(refusedSignIn, `a refused request for ${name}`).toHaveProperty(name);
      const res = await t.call({
        method: call.method,
        url: apiPath(call.path),
        payload: refusedSignIn[name],
      });
      expect(res.statusCode, res.body).toBe(401);
    },
  );
});

describe('GET /docs with rate limits set (as in production)', () => {
  let t: TestApp;
  let ops: Record<string, Operation>;
  beforeAll(async () => {
    t = await buildTestApp({
      RATE_LIMIT_MAX: '1',
      RATE_LIMIT_AUTH_MAX: '1',
      RATE_LIMIT_WINDOW_SECONDS: '60',
    });
    ops = await operationsOf(t);
  });
  afterAll(() => t.close());

  let addresses = 0;
  // Each call from an address of its own: its second request is over the limit of 1, whatever the call.
  it.each(entries)(
    '%s answers 429 over the limit, and documents it with the setting and its numbers',
    async (name, call) => {
      const remoteAddress = `198.51.100.${++addresses}`;
      const url = apiPath(
        buildPath(call.path, Object.fromEntries([...call.path.matchAll(/:(\w+)/g)].map((m) => [m[1]!, 1]))),
      );
      const send = () =>
        t.app.inject({
          method: call.method,
          url,
          remoteAddress,
          headers: { [t.config.apiKeyHeader]: t.config.apiKey },
        });
      expect((await send()).statusCode).not.toBe(429);
      const over = await send();
      expect(over.statusCode, over.body).toBe(429);
      expect(over.json().code).toBe(429);
      const setting = call.path.startsWith('/auth/') ? 'RATE_LIMIT_AUTH_MAX' : 'RATE_LIMIT_MAX';
      expect(expectEnvelope(ops[name]!, 429).description).toContain(
        `more than 1 requests from this address within 60 s (${setting})`,
      );
    },
  );
});
