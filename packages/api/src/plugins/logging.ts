import type { FastifyServerOptions } from 'fastify';
import type { Config } from '../config';

/** Driver fields of a PostgreSQL error that name what failed without any of the values. */
const DB_ERROR_FIELDS = [
  'severity',
  'schema',
  'table',
  'column',
  'dataType',
  'constraint',
  'routine',
] as const;
const MAX_CAUSES = 5;

/**
 * The message without values: Drizzle's "Failed query: <sql>\nparams: <values>" loses its
 * params line; PostgreSQL's data exceptions (SQLSTATE class 22) quote the offending value
 * (`invalid input syntax for type integer: "..."`), so their quoted part is masked.
 */
function messageWithoutValues(error: Record<string, unknown>): string {
  let message = typeof error.message === 'string' ? error.message : String(error.message ?? '');
  if ('params' in error) message = message.replace(/\nparams: [\s\S]*$/, '');
  if (typeof error.code === 'string' && /^22[0-9A-Z]{3}$/.test(error.code))
    message = message.replace(/"[\s\S]*"/, '"[redacted]"');
  return message;
}

/**
 * The `err` serializer of every log line. Unlike pino's, it copies no property it does not
 * know: Drizzle and PGlite put the query's parameters on the error (`params`), PostgreSQL puts
 * row values in `detail` and `where`; a parameter may be a password hash, a token's hash or a
 * player's data. It keeps the type, the message without values, the stack frames, the
 * SQLSTATE with the constraint, table and column, the query text (placeholders, not values)
 * and the chain of causes.
 */
interface SerializedError {
  [key: string]: unknown;
  type: string;
  message: string;
  stack: string;
}

export function serializeError(error: unknown, depth = 0): SerializedError {
  if (!error || typeof error !== 'object') return { type: typeof error, message: String(error), stack: '' };
  const e = error as Record<string, unknown> & { stack?: unknown; constructor?: { name?: string } };
  const className = e.constructor?.name;
  const type =
    className && className !== 'Object' ? className : (typeof e.name === 'string' && e.name) || 'Error';
  const message = messageWithoutValues(e);
  const frames =
    typeof e.stack === 'string' ? e.stack.split('\n').filter((line) => /^\s+at /.test(line)) : [];
  const out: SerializedError = { type, message, stack: [`${type}: ${message}`, ...frames].join('\n') };
  for (const key of ['code', 'statusCode', ...DB_ERROR_FIELDS]) {
    if (typeof e[key] === 'string' || typeof e[key] === 'number') out[key] = e[key];
  }
  if (typeof e.query === 'string') out.query = e.query;
  if (e.cause && depth < MAX_CAUSES) out.cause = serializeError(e.cause, depth + 1);
  return out;
}

/** Where a secret could sit in a logged object (headers of requests, bodies someone logs). */
function redactedPaths(apiKeyHeader: string): string[] {
  const headers = ['authorization', 'cookie', 'set-cookie', apiKeyHeader].map((h) => `headers["${h}"]`);
  const fields = [
    'password',
    'currentPassword',
    'newPassword',
    'token',
    'accessToken',
    'refreshToken',
    'tempToken',
    'twoFactorCode',
    'secret',
    'backupCodes',
  ];
  return [
    ...headers.flatMap((h) => [h, `*.${h}`, `*.*.${h}`]),
    ...fields.flatMap((f) => [f, `*.${f}`, `*.*.${f}`]),
  ];
}

/**
 * The logger of the app: the level of LOG_LEVEL unless the caller's options say otherwise
 * (tests pass a stream), always with the redaction and the error serializer above.
 */
export function loggerOptions(
  config: Config,
  given: FastifyServerOptions['logger'],
): FastifyServerOptions['logger'] {
  if (given === false) return false;
  const options = typeof given === 'object' ? given : {};
  return {
    level: config.logLevel,
    ...options,
    redact: { paths: redactedPaths(config.apiKeyHeader), censor: '[redacted]' },
    serializers: { ...options.serializers, err: serializeError },
  };
}
