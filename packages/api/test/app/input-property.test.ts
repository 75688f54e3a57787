import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPath, calls, type CallSpec } from '@manager/contract';
import { seedAll } from '../../src/db/seed/index';
import { deliverMailing } from '../../src/mailing/delivery-job';
import { differences, fingerprint } from '../support/db-fingerprint';
import { buildTestApp, signIn, type TestApp } from '../support/helper';
import { changed, knownBreakers, oddBody, oddParam, PARAM_BREAKERS } from './input-junk';
import { samplesFor, type CallName, type Sample } from './input-samples';
import { multipart, PNG, type Part } from '../support/multipart';

/*
 * Every call of the contract, with generated path parameters, queries, JSON bodies and
 * multipart fields: the answer is never a 500, and a refused request (4xx) leaves every table
 * and the uploads folder as they were. FC_RUNS raises the number of requests per call,
 * FC_SEED changes the generated requests (a failure prints the seed that replays it).
 */
const RUNS = Number(process.env.FC_RUNS ?? 30);
const SEED = Number(process.env.FC_SEED ?? 424242);

/** Calls that end or change the signed-in admin's own session: the test signs in again after each. */
const OWN_SESSION_CALLS: ReadonlySet<CallName> = new Set([
  'logout',
  'enable2fa',
  'disable2fa',
  'backupCodes',
]);

/**
 * A refused sign-in, code or password check records itself (audit row and the chain head it
 * moves, failure counters and lock of the account, a revoked token family on a replayed refresh
 * token): the only writes a 4xx may make.
 */
const FAILURE_RECORDS = [
  'public.audit_log',
  'public.audit_chain_head',
  'public.sign_in_counters',
  'public.admins',
];
const MAY_RECORD_FAILURE: Partial<Record<CallName, readonly string[]>> = {
  login: FAILURE_RECORDS,
  verify2fa: FAILURE_RECORDS,
  enrol2fa: FAILURE_RECORDS,
  refreshToken: [...FAILURE_RECORDS, 'public.refresh_tokens'],
  enable2fa: FAILURE_RECORDS,
  disable2fa: FAILURE_RECORDS,
  backupCodes: FAILURE_RECORDS,
  // A passkey answer uses up the ceremony's challenge whatever its outcome.
  verifyPasskey: [...FAILURE_RECORDS, 'public.passkey_challenges'],
  enrolPasskey: [...FAILURE_RECORDS, 'public.passkey_challenges'],
  addPasskey: ['public.passkey_challenges'],
  stepUpPasskey: [...FAILURE_RECORDS, 'public.passkey_challenges'],
};

interface Generated {
  /** Path parameters as they appear in the URL (percent-encoded). */
  params: Record<string, string>;
  query: Record<string, unknown>;
  body: unknown;
  multipart: boolean;
  /** File fields sent with a PNG. */
  files: string[];
  /** A file that is not an image, or a file field the call does not take. */
  strayFile: 'none' | 'not-an-image' | 'unknown-field';
  /** The client address (varied, so the per-address sign-in throttle stays out of the way). */
  ip: string;
}

const truncate = (_key: string, v: unknown) =>
  typeof v === 'string' && v.length > 80 ? `${v.slice(0, 40)}...(${v.length} characters)` : v;
const describeRequest = (call: CallSpec, g: Generated) =>
  `${call.method} ${call.path} ${JSON.stringify(g, truncate)}`;

function generated(call: CallSpec, sample: Sample): fc.Arbitrary<Generated> {
  const paramNames = [...call.path.matchAll(/:(\w+)/g)].map((m) => m[1]!);
  const param = (name: string) =>
    fc.oneof(
      { weight: 3, arbitrary: fc.constant(String(sample.params?.[name] ?? 1)) },
      { weight: 2, arbitrary: oddParam },
    );
  const allFiles = sample.files ?? [];
  return fc
    .record({
      params: fc.record(Object.fromEntries(paramNames.map((name) => [name, param(name)]))),
      query: changed(sample.query ?? {}),
      body: fc.oneof({ weight: 8, arbitrary: changed(sample.body ?? {}) }, { weight: 1, arbitrary: oddBody }),
      multipart: fc.oneof(
        { weight: call.multipart ? 5 : 1, arbitrary: fc.constant(true) },
        { weight: call.multipart ? 1 : 8, arbitrary: fc.constant(false) },
      ),
      files: fc.oneof(
        { weight: 3, arbitrary: fc.constant(allFiles) },
        { weight: 1, arbitrary: fc.subarray(allFiles) },
      ),
      strayFile: fc.oneof(
        { weight: 6, arbitrary: fc.constant('none' as const) },
        { weight: 1, arbitrary: fc.constantFrom('not-an-image' as const, 'unknown-field' as const) },
      ),
      ip: fc.ipV4(),
    })
    .map((g) => Object.assign(g, { [fc.toStringMethod]: () => describeRequest(call, g) }));
}

/**
 * The sample changed at one place to each value known to break an unbounded field of that
 * kind (tried before the random runs): a request per place and value.
 */
function knownBreakerRequests(call: CallSpec, sample: Sample): Generated[] {
  const params = Object.fromEntries(Object.entries(sample.params ?? {}).map(([k, v]) => [k, String(v)]));
  const base: Generated = {
    params,
    query: sample.query ?? {},
    body: sample.body ?? {},
    multipart: Boolean(call.multipart),
    files: sample.files ?? [],
    strayFile: 'none',
    ip: '',
  };
  const requests: Generated[] = [
    ...Object.keys(params).flatMap((name) =>
      PARAM_BREAKERS.map((value) => ({ ...base, params: { ...params, [name]: value } })),
    ),
    ...knownBreakers(base.query).map((query) => ({ ...base, query })),
    ...knownBreakers(sample.body ?? {}).map((body) => ({ ...base, body })),
  ];
  return requests.map((g, i) =>
    Object.assign(g, { ip: `198.51.100.${i % 250}`, [fc.toStringMethod]: () => describeRequest(call, g) }),
  );
}

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);
const encode = (s: string) => {
  try {
    return encodeURIComponent(s);
  } catch {
    return '%ED%A0%80'; // a lone surrogate, as its (invalid) UTF-8 bytes
  }
};
const asText = (v: unknown) => (typeof v === 'string' ? v : (JSON.stringify(v) ?? ''));

function queryString(query: Record<string, unknown>): string {
  const pairs = Object.entries(query).flatMap(([k, v]) =>
    (Array.isArray(v) ? v : [v]).map((x) => `${encode(k)}=${encode(asText(x))}`),
  );
  return pairs.length ? `?${pairs.join('&')}` : '';
}

function multipartBody(g: Generated, fields: Record<string, unknown>) {
  const files: Part[] = g.files.map((name, i) => ({
    name,
    filename: 'picture.png',
    type: 'image/png',
    value: g.strayFile === 'not-an-image' && i === 0 ? Buffer.from('not an image') : PNG,
  }));
  if (g.strayFile === 'unknown-field')
    files.push({ name: 'stray', filename: 'stray.png', type: 'image/png', value: PNG });
  return multipart([...Object.entries(fields).map(([name, v]) => ({ name, value: asText(v) })), ...files]);
}

function send(t: TestApp, call: CallSpec, g: Generated, token: string): Promise<LightMyRequestResponse> {
  const path = call.path.replace(/:(\w+)/g, (_, name: string) => g.params[name] ?? '1');
  const request = {
    method: call.method,
    url: apiPath(path) + queryString(g.query),
    remoteAddress: g.ip,
    headers: { [t.config.apiKeyHeader]: t.config.apiKey, authorization: `Bearer ${token}` },
  };
  if (call.method === 'GET') return t.app.inject(request);
  if (g.multipart && isRecord(g.body)) {
    const { payload, headers } = multipartBody(g, g.body);
    return t.app.inject({ ...request, payload, headers: { ...request.headers, ...headers } });
  }
  return t.app.inject({
    ...request,
    payload: JSON.stringify(g.body),
    headers: { ...request.headers, 'content-type': 'application/json' },
  });
}

/**
 * A started mailing is delivered by a background job (no workers run here): its delivery is run
 * at once instead, so its writes land before the next request's fingerprint.
 */
async function deliverNow(t: TestApp, mailingId: number) {
  const outcome = await deliverMailing(t.db, t.app.mailingDelivery, mailingId, {
    budgetMs: 60_000,
    stopping: () => false,
  });
  if (outcome !== 'done') throw new Error(`mailing ${mailingId}: delivery ended ${outcome}`);
}

/** Deletions last, so the other calls find the rows of their samples. */
const callNames = (Object.keys(calls) as CallName[]).sort(
  (a, b) => Number(calls[a].method === 'DELETE') - Number(calls[b].method === 'DELETE'),
);

describe('every call with generated input: never a 500, nothing half-written', () => {
  let t: TestApp;
  let token: string;
  let samples: Record<CallName, Sample>;

  beforeAll(async () => {
    t = await buildTestApp();
    await t.app.ready();
    await seedAll(t.db, { users: 100, now: t.clock.now() });
    token = (await signIn(t)).accessToken;
    samples = await samplesFor(t);
  }, 120_000);
  afterAll(() => t?.close());

  it('has a sample request for every call of the contract', () => {
    expect(Object.keys(samples).sort()).toEqual(Object.keys(calls).sort());
  });

  it.each(callNames)(
    '%s',
    async (name) => {
      const call: CallSpec = calls[name];
      // A call without parameters, query or body ignores whatever is sent: a few runs show it.
      const takesInput = Boolean(call.query || call.body || call.path.includes(':'));
      await fc.assert(
        fc.asyncProperty(generated(call, samples[name]), async (g) => {
          const before = await fingerprint(t);
          const res = await send(t, call, g, token);
          const after = res.statusCode >= 400 ? await fingerprint(t) : before;
          if (OWN_SESSION_CALLS.has(name)) token = (await signIn(t)).accessToken;
          const what = `${describeRequest(call, g)} -> ${res.statusCode} ${res.body.slice(0, 300)}`;
          expect(res.statusCode, what).toBeLessThan(500);
          expect(differences(before, after, MAY_RECORD_FAILURE[name]), `tables changed by ${what}`).toEqual(
            [],
          );
          if (!OWN_SESSION_CALLS.has(name) && call.auth !== false) {
            expect(res.statusCode, `the test's session ended: ${what}`).not.toBe(401);
          }
          if (name === 'startMailing' && res.statusCode === 200)
            await deliverNow(t, res.json().data.id as number);
        }),
        {
          numRuns: takesInput ? RUNS : Math.min(RUNS, 5),
          seed: SEED,
          examples: knownBreakerRequests(call, samples[name]).map((g) => [g] as [Generated]),
        },
      );
    },
    60_000 + RUNS * 2_000,
  );
});
