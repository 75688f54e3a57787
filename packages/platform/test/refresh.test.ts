import { afterEach, beforeEach, describe, expect, it, type Mock } from 'vitest';
import type MockAdapter from 'axios-mock-adapter';
import type { AxiosRequestConfig } from 'axios';
import { ApiError, http, useAuthStore } from '../src';
import { admin, authHeader, ok, setup, storeSession } from './helpers';

let mock: MockAdapter;
let navigate: Mock<(path: string) => void>;
let refreshCalls: AxiosRequestConfig[];
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const BURST = 20;

/** Items answer 401 unless called with the new token; `delays` staggers the answers. */
function serveItems(delays: (i: number) => number = () => 0) {
  mock.onGet(/\/manager\/items\/\d+$/).reply(async (config) => {
    const id = Number(config.url?.split('/').pop());
    await sleep(delays(id));
    return authHeader(config) === 'Bearer new-access'
      ? [200, ok({ id })]
      : [401, { code: 401, message: 'Token expired' }];
  });
}

function serveRefresh(reply: (config: AxiosRequestConfig) => [number, unknown?]) {
  mock.onPost('/auth/refresh-token').reply(async (config) => {
    refreshCalls.push(config);
    await sleep(10);
    return reply(config);
  });
}

const newTokens = () =>
  [
    200,
    ok({
      tokens: { accessToken: 'new-access', refreshToken: 'refresh-2' },
      admin: { ...admin, username: 'renamed' },
    }),
  ] as [number, unknown];

const burst = () =>
  Array.from({ length: BURST }, (_, i) => http.get<{ data: { id: number } }>(`/items/${i}`));

beforeEach(() => {
  ({ mock, navigate } = setup());
  refreshCalls = [];
  storeSession();
  useAuthStore.setState({ isAuthenticated: true, loading: false, admin });
});
afterEach(() => mock.restore());

describe('refresh queue', () => {
  it('20 concurrent 401s -> exactly one refresh, 20 retried successes with the new token', async () => {
    serveItems();
    serveRefresh(newTokens);
    const results = await Promise.all(burst());
    expect(refreshCalls).toHaveLength(1);
    expect(JSON.parse(refreshCalls[0]!.data as string)).toEqual({ refreshToken: 'refresh-1' });
    expect(results.map((r) => r.data.id)).toEqual([...Array(BURST).keys()]);
    expect(localStorage.getItem('accessToken')).toBe('new-access');
    expect(localStorage.getItem('refreshToken')).toBe('refresh-2');
    expect(useAuthStore.getState().admin?.username).toBe('renamed');
    expect(navigate).not.toHaveBeenCalled();
  });

  it('401s that arrive after the refresh finished reuse its token instead of refreshing again', async () => {
    serveItems((i) => i * 3); // answers spread over 60 ms, the refresh takes 10 ms
    serveRefresh(newTokens);
    const results = await Promise.all(burst());
    expect(refreshCalls).toHaveLength(1);
    expect(results).toHaveLength(BURST);
  });

  it('refresh failure -> all rejected with their 401, storage cleared, one redirect to /login', async () => {
    serveItems();
    serveRefresh(() => [401, { code: 401, message: 'Refresh token revoked' }]);
    const outcomes = await Promise.allSettled(burst());
    expect(refreshCalls).toHaveLength(1);
    for (const outcome of outcomes) {
      expect(outcome.status).toBe('rejected');
      const error = (outcome as PromiseRejectedResult).reason as ApiError;
      expect(error).toBeInstanceOf(ApiError);
      expect(error.status).toBe(401);
      expect(error.message).toBe('Token expired');
      expect((error.cause as Error).message).toBe('Token refresh failed');
    }
    for (const key of ['accessToken', 'refreshToken', 'adminData', 'token'])
      expect(localStorage.getItem(key)).toBeNull();
    expect(useAuthStore.getState()).toMatchObject({ isAuthenticated: false, admin: null });
    expect(navigate).toHaveBeenCalledTimes(1);
    expect(navigate).toHaveBeenCalledWith('/login');
  });

  it('401s that arrive after a failed refresh do not refresh or redirect again', async () => {
    const assign = navigate.getMockImplementation();
    navigate.mockImplementation(() => undefined); // like location.assign: the path does not change at once
    serveItems((i) => i * 3);
    serveRefresh(() => [500]);
    const outcomes = await Promise.allSettled(burst());
    expect(outcomes.every((o) => o.status === 'rejected')).toBe(true);
    expect(refreshCalls).toHaveLength(1);
    expect(navigate).toHaveBeenCalledTimes(1);
    navigate.mockImplementation(assign!);
  });

  it('a 200 answer whose code is not 200 is a failed refresh', async () => {
    serveItems();
    serveRefresh(() => [200, { code: 401, message: 'nope', data: null }]);
    await expect(http.get('/items/1')).rejects.toMatchObject({ status: 401 });
    expect(localStorage.getItem('accessToken')).toBeNull();
  });

  it('does not redirect when already on /login', async () => {
    window.history.replaceState(null, '', '/login');
    serveItems();
    serveRefresh(() => [500]);
    await Promise.allSettled(burst());
    expect(navigate).not.toHaveBeenCalled();
    expect(localStorage.getItem('accessToken')).toBeNull();
  });

  it('No refresh token available when none is stored', async () => {
    localStorage.removeItem('refreshToken');
    serveItems();
    serveRefresh(newTokens);
    const error = (await http.get('/items/1').catch((e: unknown) => e)) as ApiError;
    expect(error.status).toBe(401);
    expect((error.cause as Error).message).toBe('No refresh token available');
    expect(refreshCalls).toHaveLength(0);
    expect(navigate).toHaveBeenCalledWith('/login');
  });

  it('a retried request carries the same JSON or multipart body', async () => {
    const bodies: unknown[] = [];
    mock.onPost('/manager/tasks').reply((config) => {
      bodies.push(config.data);
      return authHeader(config) === 'Bearer new-access' ? [200, ok(null)] : [401, {}];
    });
    serveRefresh(newTokens);
    const form = new FormData();
    form.append('titleEn', 'Follow us');
    await http.post('/tasks', form);
    localStorage.setItem('accessToken', 'old-access'); // expire again
    await http.post('/tasks', { titleEn: 'Follow us' });
    expect(bodies[0]).toBe(form);
    expect(bodies[1]).toBe(form);
    expect(bodies[2]).toBe('{"titleEn":"Follow us"}');
    expect(bodies[3]).toBe('{"titleEn":"Follow us"}');
    const retriedMultipart = mock.history.post!.filter((c) => c.url === '/manager/tasks')[1]!;
    expect((retriedMultipart.headers as { get(k: string): unknown }).get('Content-Type')).not.toBe(
      'application/json',
    );
  });

  it('retries once only: a second 401 with the new token is final', async () => {
    mock.onGet('/manager/always-401').reply(401, { code: 401, message: 'Still unauthorized' });
    serveRefresh(newTokens);
    await expect(http.get('/always-401')).rejects.toMatchObject({
      status: 401,
      message: 'Still unauthorized',
    });
    expect(refreshCalls).toHaveLength(1);
    expect(mock.history.get?.filter((c) => c.url === '/manager/always-401')).toHaveLength(2);
  });

  it.each(['/auth/login', '/auth/2fa/verify', '/auth/2fa/enrol/setup', '/auth/2fa/enrol'])(
    'a 401 from %s means bad credentials: no refresh',
    async (path) => {
      mock.onPost(path).reply(401, { code: 401, message: 'Invalid credentials' });
      serveRefresh(newTokens);
      await expect(http.post(path, {})).rejects.toMatchObject({
        status: 401,
        message: 'Invalid credentials',
      });
      expect(refreshCalls).toHaveLength(0);
      expect(localStorage.getItem('accessToken')).toBe('old-access');
    },
  );
});
