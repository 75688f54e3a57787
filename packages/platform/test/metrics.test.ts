import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type MockAdapter from 'axios-mock-adapter';
import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { fetchMetrics, metricsQueryOptions } from '../src';
import { ok, setup, storeSession } from './helpers';

const backgroundHeader = (config: { headers?: unknown }) =>
  (config.headers as { get(k: string): unknown }).get('X-Background');

let mock: MockAdapter;
let navigate: ReturnType<typeof setup>['navigate'];
const zeros = { totalUsers: 0, onlineUsers: 0, activeGames: 0 };
const live = { totalUsers: 1200, onlineUsers: 37, activeGames: 4 };

beforeEach(() => {
  ({ mock, navigate } = setup());
  storeSession();
});
afterEach(() => {
  mock.restore();
  vi.useRealTimers();
});

describe('fetchMetrics', () => {
  it('returns the counters of GET /manager/metrics', async () => {
    mock.onGet('/manager/metrics').reply(200, ok(live));
    await expect(fetchMetrics()).resolves.toEqual(live);
  });

  it('marks its requests as background (X-Background: 1), the retry after a token refresh too', async () => {
    const sent: unknown[] = [];
    mock
      .onGet('/manager/metrics')
      .replyOnce(
        (config) => (sent.push(backgroundHeader(config)), [401, { code: 401, message: 'Unauthorized' }]),
      );
    mock
      .onPost('/auth/refresh-token')
      .replyOnce(200, ok({ tokens: { accessToken: 'new-access', refreshToken: 'refresh-2' } }));
    mock
      .onGet('/manager/metrics')
      .replyOnce((config) => (sent.push(backgroundHeader(config)), [200, ok(live)]));
    await expect(fetchMetrics()).resolves.toEqual(live);
    expect(sent).toEqual(['1', '1']);
    // The refresh itself carries no marker: it is neither polling nor activity on the server.
    expect(backgroundHeader(mock.history.post![0]!)).toBeUndefined();
  });

  it('an open tab whose session timed out goes to /login at its next poll (the refresh is refused too)', async () => {
    mock.onGet('/manager/metrics').reply(401, { code: 401, message: 'Unauthorized' });
    mock.onPost('/auth/refresh-token').reply(401, { code: 401, message: 'Invalid refresh token' });
    await expect(fetchMetrics()).resolves.toEqual(zeros);
    expect(navigate).toHaveBeenCalledWith('/login');
    expect(localStorage.getItem('accessToken')).toBeNull();
  });

  it.each([
    ['a server error', (m: MockAdapter) => m.onGet('/manager/metrics').reply(500, { message: 'boom' })],
    ['a network failure', (m: MockAdapter) => m.onGet('/manager/metrics').networkError()],
    ['a non-200 code', (m: MockAdapter) => m.onGet('/manager/metrics').reply(200, { code: 500, data: live })],
    [
      'a malformed body',
      (m: MockAdapter) => m.onGet('/manager/metrics').reply(200, ok({ totalUsers: 'many' })),
    ],
  ])('silently yields zeros on %s', async (_, serve) => {
    serve(mock);
    await expect(fetchMetrics()).resolves.toEqual(zeros);
  });
});

describe('polling', () => {
  const watch = (enabled: boolean) => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const observer = new QueryObserver(client, metricsQueryOptions(enabled));
    const unsubscribe = observer.subscribe(() => undefined);
    return { observer, stop: () => (unsubscribe(), client.clear()) };
  };
  const metricsCalls = () => mock.history.get?.filter((c) => c.url === '/manager/metrics').length ?? 0;

  it('polls every 5 s while signed in', async () => {
    vi.useFakeTimers();
    mock.onGet('/manager/metrics').reply(200, ok(live));
    const { observer, stop } = watch(true);
    await vi.advanceTimersByTimeAsync(0);
    expect(metricsCalls()).toBe(1);
    expect(observer.getCurrentResult().data).toEqual(live);
    await vi.advanceTimersByTimeAsync(4900);
    expect(metricsCalls()).toBe(1);
    await vi.advanceTimersByTimeAsync(10_000); // t = 14.9 s: calls at 0, 5 and 10 s
    expect(metricsCalls()).toBe(3);
    stop();
  });

  it('makes no calls while signed out', async () => {
    vi.useFakeTimers();
    mock.onGet('/manager/metrics').reply(200, ok(live));
    const { stop } = watch(false);
    await vi.advanceTimersByTimeAsync(20_000);
    expect(metricsCalls()).toBe(0);
    stop();
  });
});
