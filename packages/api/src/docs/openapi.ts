import { z } from 'zod';
import { apiPath, calls, STEP_UP_MESSAGE, STEP_UP_STATUS, stepUpRequiredSchema, type CallSpec } from '@manager/contract';

type JsonSchema = Record<string, unknown>;

/** The JSON on the wire: what a client sends (query, body) and what it receives before parsing. */
function jsonSchemaOf(schema: z.ZodType): JsonSchema {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
  return rest;
}

const envelopeOf = (data: JsonSchema | undefined): JsonSchema => ({
  type: 'object',
  properties: { code: { type: 'integer', const: 200 }, message: { type: 'string' }, ...(data ? { data } : {}) },
  required: ['code', 'message'],
});

const ERROR = {
  type: 'object',
  properties: { code: { type: 'integer' }, message: { type: 'string' }, data: { description: 'The current state, on a 409 that carries it' } },
  required: ['code', 'message'],
};

/** The refusal of a call that needs a fresh step-up (`stepUp` in the contract). */
const STEP_UP_REQUIRED = {
  description: `${STEP_UP_MESSAGE}: this session has not confirmed the admin (POST /auth/step-up) within the window; \`always\` calls need it, \`conditional\` ones for some changes`,
  content: {
    'application/json': {
      schema: {
        type: 'object',
        properties: { code: { type: 'integer', const: STEP_UP_STATUS }, message: { type: 'string', const: STEP_UP_MESSAGE }, data: jsonSchemaOf(stepUpRequiredSchema) },
        required: ['code', 'message', 'data'],
      },
    },
  },
};

/** `:id` path parameters, then the querystring's fields. */
function parametersOf(call: CallSpec) {
  const inPath = [...call.path.matchAll(/:([A-Za-z]+)/g)].map(([, name]) => ({ name, in: 'path', required: true, schema: { type: 'string' } }));
  if (!call.query) return inPath;
  const query = jsonSchemaOf(call.query) as { properties?: Record<string, JsonSchema>; required?: string[] };
  const inQuery = Object.entries(query.properties ?? {}).map(([name, schema]) => ({ name, in: 'query', required: query.required?.includes(name) ?? false, schema }));
  return [...inPath, ...inQuery];
}

function operationOf(name: string, call: CallSpec) {
  const media = call.multipart ? 'multipart/form-data' : 'application/json';
  return {
    operationId: name,
    security: call.auth === false ? [{ apiKey: [] }] : [{ apiKey: [], bearer: [] }],
    parameters: parametersOf(call),
    ...(call.body
      ? {
          requestBody: {
            required: true,
            ...(call.multipart ? { description: 'The text fields below; image files travel as file parts of the same form.' } : {}),
            content: { [media]: { schema: jsonSchemaOf(call.body) } },
          },
        }
      : {}),
    responses: {
      200: { description: 'Success', content: { 'application/json': { schema: envelopeOf(call.response ? jsonSchemaOf(call.response) : undefined) } } },
      ...(call.stepUp ? { [STEP_UP_STATUS]: STEP_UP_REQUIRED } : {}),
      default: { description: 'Failure: a non-2xx status with the message to show', content: { 'application/json': { schema: ERROR } } },
    },
  };
}

/** An OpenAPI 3.1 document of every call in `calls`, with the server's paths and its API key header. */
export function openApiDocument(apiKeyHeader: string) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const [name, call] of Object.entries(calls) as Array<[string, CallSpec]>) {
    const path = apiPath(call.path).replace(/:([A-Za-z]+)/g, '{$1}');
    paths[path] = { ...paths[path], [call.method.toLowerCase()]: operationOf(name, call) };
  }
  return {
    openapi: '3.1.0',
    info: { title: 'Manager API', version: '1', description: 'Every call of the Manager console. Answers are `{ code, message, data }`; success is code 200.' },
    paths,
    components: {
      securitySchemes: {
        apiKey: { type: 'apiKey', in: 'header', name: apiKeyHeader },
        bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
      },
    },
  };
}
