import { z } from 'zod';
import {
  ENROLMENT_GONE_MESSAGE,
  apiPath,
  calls,
  STEP_UP_MESSAGE,
  STEP_UP_STATUS,
  stepUpRequiredSchema,
  type CallSpec,
  ACCESS_DENIED_MESSAGE,
  PERMISSION_NAMES,
  type Permission,
} from '@manager/contract';
import { SIGN_IN_CHECKED_CALLS } from '../auth/throttle-repository';
import type { Config } from '../config';
import { callPermissions } from '../lib/permissions';
import { rateLimitOf } from '../plugins/rate-limit';

type JsonSchema = Record<string, unknown>;

/** The JSON on the wire: what a client sends (query, body) and what it receives before parsing. */
function jsonSchemaOf(schema: z.ZodType): JsonSchema {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, {
    io: 'input',
    unrepresentable: 'any',
  }) as JsonSchema;
  return rest;
}

const envelopeOf = (data: JsonSchema | undefined): JsonSchema => ({
  type: 'object',
  properties: {
    code: { type: 'integer', const: 200 },
    message: { type: 'string' },
    ...(data ? { data } : {}),
  },
  required: ['code', 'message'],
});

const ERROR = {
  type: 'object',
  properties: {
    code: { type: 'integer' },
    message: { type: 'string' },
    data: { description: 'The current state, on a 409 that carries it' },
  },
  required: ['code', 'message'],
};

/** A refusal with `status`: the envelope `{ code, message }` with that code. */
const refusal = (status: number, description: string) => ({
  description,
  content: {
    'application/json': {
      schema: {
        type: 'object',
        properties: { code: { type: 'integer', const: status }, message: { type: 'string' } },
        required: ['code', 'message'],
      },
    },
  },
});

/** A call with a bearer token answers 401 without a valid one; the sign-in calls answer it for a refused sign-in. */
const UNAUTHORIZED = refusal(
  401,
  'No valid session: the bearer token is missing, invalid or expired, or its session has ended (refresh the token or sign in again)',
);
const SIGN_IN_REFUSED = refusal(
  401,
  "Sign-in refused: wrong credentials or code, or the refresh token or the sign-in's temp token is invalid, used or expired",
);

/**
 * A call opened through a one-time link (an enrolment, `:token` in its path, no session): its
 * refusal is the link's, 410, not a sign-in's 401.
 */
export const isLinkCall = (call: CallSpec) => call.auth === false && call.path.includes(':token');
const LINK_GONE = refusal(410, `${ENROLMENT_GONE_MESSAGE}: the link is unknown, past its time or used`);

/** The refusal of a call the admin's roles do not allow (`permission` in the contract, lib/permissions.ts). */
const accessDenied = (anyOf: readonly Permission[]) => ({
  description: `${ACCESS_DENIED_MESSAGE}: the admin's roles hold none of ${anyOf.join(', ')}; \`data.permission\` names the missing one, and nothing was done`,
  content: {
    'application/json': {
      schema: {
        type: 'object',
        properties: {
          code: { type: 'integer', const: 403 },
          message: { type: 'string', const: ACCESS_DENIED_MESSAGE },
          data: {
            type: 'object',
            properties: { permission: { type: 'string', enum: PERMISSION_NAMES } },
            required: ['permission'],
          },
        },
        required: ['code', 'message', 'data'],
      },
    },
  },
});

/** The refusal of a call that needs a fresh step-up (`stepUp` in the contract). */
const STEP_UP_REQUIRED = {
  description: `${STEP_UP_MESSAGE}: this session has not confirmed the admin (POST /auth/step-up) within the window; \`always\` calls need it, \`conditional\` ones for some changes`,
  content: {
    'application/json': {
      schema: {
        type: 'object',
        properties: {
          code: { type: 'integer', const: STEP_UP_STATUS },
          message: { type: 'string', const: STEP_UP_MESSAGE },
          data: jsonSchemaOf(stepUpRequiredSchema),
        },
        required: ['code', 'message', 'data'],
      },
    },
  },
};

type ObjectSchema = { properties?: Record<string, JsonSchema>; required?: string[] };

/** The path parameters (as the call's `params` bound them), then the querystring's fields. */
function parametersOf(call: CallSpec) {
  const params = (call.params ? jsonSchemaOf(call.params) : {}) as ObjectSchema;
  const inPath = [...call.path.matchAll(/:([A-Za-z]+)/g)].map(([, name]) => {
    const schema = params.properties?.[name!];
    if (!schema) throw new Error(`${call.method} ${call.path}: no schema for :${name} in the call's params`);
    return { name, in: 'path', required: true, schema };
  });
  if (!call.query) return inPath;
  const query = jsonSchemaOf(call.query) as ObjectSchema;
  const inQuery = Object.entries(query.properties ?? {}).map(([name, schema]) => ({
    name,
    in: 'query',
    required: query.required?.includes(name) ?? false,
    schema,
  }));
  return [...inPath, ...inQuery];
}

/** The limits that make a call answer 429, from the settings this server runs with. */
type Limits = Pick<Config, 'rateLimit' | 'signIn'>;

/** Why `call` may answer 429 here (rate limit, sign-in throttle); null when nothing limits it. */
function tooManyOf(name: string, call: CallSpec, { rateLimit, signIn }: Limits) {
  const reasons: string[] = [];
  const perWindow = rateLimitOf(rateLimit, call.method, apiPath(call.path));
  if (perWindow > 0) {
    const setting = call.path.startsWith('/auth/') ? 'RATE_LIMIT_AUTH_MAX' : 'RATE_LIMIT_MAX';
    reasons.push(
      `more than ${perWindow} requests from this address within ${rateLimit.windowMs / 1000} s (${setting}); the Retry-After header says when to try again`,
    );
  }
  if (SIGN_IN_CHECKED_CALLS.has(name as keyof typeof calls)) {
    reasons.push(
      `more than ${signIn.perIp} password, code or passkey checks from this address within ${signIn.windowMs / 1000} s (LOGIN_MAX_PER_IP)`,
    );
  }
  return reasons.length ? refusal(429, `Too many requests: ${reasons.join('; or ')}`) : null;
}

function operationOf(name: string, call: CallSpec, limits: Limits) {
  const tooMany = tooManyOf(name, call, limits);
  const permissions = callPermissions(call);
  const media = call.multipart ? 'multipart/form-data' : 'application/json';
  return {
    operationId: name,
    security: call.auth === false ? [{ apiKey: [] }] : [{ apiKey: [], bearer: [] }],
    parameters: parametersOf(call),
    ...(call.body
      ? {
          requestBody: {
            required: true,
            ...(call.multipart
              ? { description: 'The text fields below; image files travel as file parts of the same form.' }
              : {}),
            content: { [media]: { schema: jsonSchemaOf(call.body) } },
          },
        }
      : {}),
    responses: {
      200: {
        description: 'Success',
        content: {
          'application/json': { schema: envelopeOf(call.response ? jsonSchemaOf(call.response) : undefined) },
        },
      },
      ...(isLinkCall(call)
        ? { 410: LINK_GONE }
        : { 401: call.auth === false ? SIGN_IN_REFUSED : UNAUTHORIZED }),
      ...(permissions ? { 403: accessDenied(permissions) } : {}),
      ...(call.stepUp ? { [STEP_UP_STATUS]: STEP_UP_REQUIRED } : {}),
      ...(tooMany ? { 429: tooMany } : {}),
      default: {
        description: 'Failure: a non-2xx status with the message to show',
        content: { 'application/json': { schema: ERROR } },
      },
    },
  };
}

/**
 * An OpenAPI 3.1 document of every call in `calls`, with the server's paths, its API key header
 * and the 429s its rate limits and sign-in throttles give.
 */
export function openApiDocument({ apiKeyHeader, ...limits }: Pick<Config, 'apiKeyHeader'> & Limits) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const [name, call] of Object.entries(calls) as Array<[string, CallSpec]>) {
    const path = apiPath(call.path).replace(/:([A-Za-z]+)/g, '{$1}');
    paths[path] = { ...paths[path], [call.method.toLowerCase()]: operationOf(name, call, limits) };
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Manager API',
      version: '1',
      description:
        'Every call of the Manager console. Answers are `{ code, message, data }`; success is code 200.',
    },
    paths,
    components: {
      securitySchemes: {
        apiKey: { type: 'apiKey', in: 'header', name: apiKeyHeader },
        bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
      },
    },
  };
}
