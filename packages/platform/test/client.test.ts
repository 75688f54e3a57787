import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type MockAdapter from 'axios-mock-adapter';
import type { AxiosRequestConfig } from 'axios';
import { CONSOLE_VERSION_MAX_LENGTH } from '@manager/contract';
import { ApiError, apiClient, configurePlatform, http, setConsoleVersion } from '../src';
import { API, authHeader, ok, setup, testConfig } from './helpers';

let mock: MockAdapter;
const seen: AxiosRequestConfig[] = [];

beforeEach(() => {
  ({ mock } = setup());
  seen.length = 0;
  mock.onAny().reply((config) => {
    seen.push(config);
    return [200, ok({ url: config.url })];
  });
});
afterEach(() => mock.restore());

const header = (config: AxiosRequestConfig | undefined, name: string) =>
  (config?.headers as { get(k: string): unknown } | undefined)?.get(name);

describe('paths and base URL', () => {
  it('prefixes /manager, keeps /manager and /auth, collapses a doubled /manager', async () => {
    await http.get('/users');
    await http.get('/manager/users');
    await http.get('/manager/manager/x');
    await http.post('/auth/login', { identifier: 'a', password: 'b' });
    expect(seen.map((c) => c.url)).toEqual(['/manager/users', '/manager/users', '/manager/x', '/auth/login']);
    expect(seen.every((c) => c.baseURL === API)).toBe(true);
  });

  it('resolves to the response body (the envelope)', async () => {
    await expect(http.get('/users')).resolves.toEqual({
      code: 200,
      message: 'OK',
      data: { url: '/manager/users' },
    });
  });
});

describe('headers', () => {
  it('sends JSON bodies with a JSON content type', async () => {
    await http.post('/tasks', { a: 1 });
    expect(header(seen[0], 'Content-Type')).toBe('application/json');
    expect(seen[0]?.data).toBe('{"a":1}');
  });

  // What finally goes on the wire for FormData is checked in wire.test.ts.
  it('never serialises FormData to JSON', async () => {
    const form = new FormData();
    form.append('titleEn', 'Follow us');
    await http.post('/tasks', form);
    expect(header(seen[0], 'Content-Type')).not.toBe('application/json');
    expect(seen[0]?.data).toBe(form);
  });

  it('sends the bearer token only when one is stored', async () => {
    await http.get('/users');
    expect(authHeader(seen[0]!)).toBeUndefined();
    localStorage.setItem('accessToken', 'tok-1');
    await http.get('/users');
    expect(authHeader(seen[1]!)).toBe('Bearer tok-1');
  });

  it('sends the API key of the page host, falling back to the default key', async () => {
    await http.get('/users');
    expect(header(seen[0], 'x-api-key')).toBe('default-key');
    configurePlatform({
      ...testConfig,
      apiKeyHeader: 'x-manager-key',
      apiKeysByHost: { localhost: 'local-key' },
    });
    await http.get('/users');
    expect(header(seen[1], 'x-manager-key')).toBe('local-key');
  });
});

describe('X-Console-Version', () => {
  afterEach(() => setConsoleVersion(null));

  it('is sent on every call once set, sign-in included, and follows each new value', async () => {
    await http.get('/users');
    expect(header(seen[0], 'X-Console-Version')).toBeUndefined();
    setConsoleVersion('shell@0.1.0+ab12cd34 users@0.1.0-3f9a2c1b');
    await http.get('/users');
    await http.post('/auth/login', { identifier: 'a', password: 'b' });
    setConsoleVersion('shell@0.1.0+ab12cd34 users@0.1.0-3f9a2c1b settings@0.2.0');
    await http.delete('/tasks/1');
    expect(seen.slice(1).map((c) => header(c, 'X-Console-Version'))).toEqual([
      'shell@0.1.0+ab12cd34 users@0.1.0-3f9a2c1b',
      'shell@0.1.0+ab12cd34 users@0.1.0-3f9a2c1b',
      'shell@0.1.0+ab12cd34 users@0.1.0-3f9a2c1b settings@0.2.0',
    ]);
    setConsoleVersion(null);
    await http.get('/users');
    expect(header(seen[4], 'X-Console-Version')).toBeUndefined();
  });

  it('leaves out what the API would refuse: parts with other characters, parts past the length', async () => {
    setConsoleVersion('shell@0.1.0+abc  users@1.0.0<script> settings@0.1.0/x commerce@0.3.0 ');
    await http.get('/users');
    expect(header(seen[0], 'X-Console-Version')).toBe('shell@0.1.0+abc commerce@0.3.0');
    const part = `users@${'9'.repeat(200)}`;
    setConsoleVersion(`shell@1 ${part} ${part} ${part}`);
    await http.get('/users');
    const sent = String(header(seen[1], 'X-Console-Version'));
    expect(sent).toBe(`shell@1 ${part} ${part}`);
    expect(sent.length).toBeLessThanOrEqual(CONSOLE_VERSION_MAX_LENGTH);
    setConsoleVersion('é');
    await http.get('/users');
    expect(header(seen[2], 'X-Console-Version')).toBeUndefined();
  });
});

describe('error mapping', () => {
  const failWith = async (reply: () => [number, unknown?], call = () => http.get('/users')) => {
    mock.reset();
    mock.onAny().reply(reply);
    return call().then(
      () => {
        throw new Error('expected a rejection');
      },
      (error: unknown) => error as ApiError,
    );
  };

  it('403 -> access denied', async () => {
    const error = await failWith(() => [403, { code: 403, message: 'Forbidden by server' }]);
    expect(error).toBeInstanceOf(ApiError);
    expect(error.message).toBe('Access denied - insufficient permissions');
    expect(error.status).toBe(403);
  });

  it('unparseable JSON -> Invalid server response, on success and on failure', async () => {
    expect((await failWith(() => [200, '<html>oops</html>'])).message).toBe('Invalid server response');
    expect((await failWith(() => [500, 'not json'])).message).toBe('Invalid server response');
  });

  it('non-2xx with a message -> that message, with status, code and body', async () => {
    const error = await failWith(() => [400, { code: 400, message: 'titleEn is required' }]);
    expect(error.message).toBe('titleEn is required');
    expect(error.status).toBe(400);
    expect(error.code).toBe(400);
    expect(error.data).toEqual({ code: 400, message: 'titleEn is required' });
  });

  it('non-2xx without a message -> HTTP {status}: {statusText}', async () => {
    expect((await failWith(() => [404, { code: 404 }])).message).toBe('HTTP 404: Not Found');
    expect((await failWith(() => [502])).message).toBe('HTTP 502: Bad Gateway');
  });

  it('network failure -> Network Error without a status', async () => {
    mock.reset();
    mock.onAny().networkError();
    const error = (await http.get('/users').catch((e: unknown) => e)) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect(error.message).toBe('Network Error');
    expect(error.status).toBeUndefined();
  });

  it('the raw axios instance rejects with ApiError too', async () => {
    mock.reset();
    mock.onAny().reply(403);
    await expect(apiClient.get('/users')).rejects.toMatchObject({ name: 'ApiError', status: 403 });
  });
});
