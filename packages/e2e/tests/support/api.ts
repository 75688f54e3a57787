import { expect, type APIRequestContext, type APIResponse } from '@playwright/test';
import { loginResponseSchema, messageEnvelopeSchema, SUCCESS_CODE } from '@manager/contract';
import { ADMIN, API, API_KEY_HEADERS } from './env';

/**
 * The reference API as another client calls it: the API key on every call, the bearer once
 * signed in, every answer read through the envelope and parsed with the contract's schema
 * (a test that reads a field the contract does not declare fails to compile).
 */

/** What `@manager/contract`'s zod schemas offer; the package itself needs no zod. */
export type Schema<T> = { parse(data: unknown): T };
type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

export interface Api {
  readonly token: string | null;
  /** The raw response, for tests that check a refusal's status. */
  send(method: Method, path: string, data?: object): Promise<APIResponse>;
  get<T>(path: string, schema: Schema<T>): Promise<T>;
  post<T>(path: string, data: object, schema: Schema<T>): Promise<T>;
  put<T>(path: string, data: object, schema: Schema<T>): Promise<T>;
}

/** Reads a success envelope (HTTP 200, `code: 200`) and parses its `data` with `schema`. */
export async function dataOf<T>(res: APIResponse, schema: Schema<T>): Promise<T> {
  const what = `${res.url()} answered ${res.status()}`;
  expect(res.status(), what).toBe(200);
  const body = messageEnvelopeSchema.parse(await res.json());
  expect(body.code, what).toBe(SUCCESS_CODE);
  return schema.parse(body.data);
}

/**
 * A client with `token` as bearer (none: only the API key, as before sign-in), of the stack's
 * API or of another one (`base`, e.g. a private API of `private-api.ts`).
 */
export function apiAs(request: APIRequestContext, token: string | null = null, base = API): Api {
  const headers = { ...API_KEY_HEADERS, ...(token ? { authorization: `Bearer ${token}` } : {}) };
  const send = (method: Method, path: string, data?: object) =>
    request.fetch(`${base}${path}`, { method, headers, data });
  return {
    token,
    send,
    get: async (path, schema) => dataOf(await send('GET', path), schema),
    post: async (path, data, schema) => dataOf(await send('POST', path, data), schema),
    put: async (path, data, schema) => dataOf(await send('PUT', path, data), schema),
  };
}

/** Signs in with a password (POST /auth/login); the answer may ask for a second factor. */
export function login(
  request: APIRequestContext,
  who: { username: string; password: string } = ADMIN,
  base = API,
) {
  return apiAs(request, null, base).post(
    '/auth/login',
    { identifier: who.username, password: who.password },
    loginResponseSchema,
  );
}

/** A client signed in as `admin` (no second factor), in a server session of its own. */
export async function adminApi(request: APIRequestContext): Promise<Api & { token: string }> {
  const { tokens } = await login(request);
  if (!tokens) throw new Error('admin was asked for a second factor: a failed run left 2FA on');
  return { ...apiAs(request, tokens.accessToken), token: tokens.accessToken };
}
