import { useQuery } from '@tanstack/react-query';
import { calls, EMPTY_METRICS, METRICS_POLL_MS, type MetricsResponse } from '@manager/contract';
import { holds } from './auth/access.ts';
import { useAuthStore } from './auth/store.ts';
import { fetchData } from './http/fetch-data.ts';
import { queryKeys } from './query.ts';

/**
 * GET /metrics; any failure silently yields zeros (docs/api.md). A background request: the
 * polling of an open tab does not keep the session alive.
 */
export const fetchMetrics = (): Promise<MetricsResponse> =>
  fetchData(calls.metrics, { fallback: EMPTY_METRICS, background: true });

/**
 * Polls every 5 s while signed in, the event stream up or not: the players' activity (online,
 * games, requests) is written by the game, not through the API, and makes no event. Stopped (no
 * requests) while signed out.
 */
export const metricsQueryOptions = (enabled: boolean) => ({
  queryKey: queryKeys.metrics(),
  queryFn: fetchMetrics,
  enabled,
  refetchInterval: enabled ? METRICS_POLL_MS : (false as const),
});

/** Live counters of the top bar. */
export function useMetrics(): MetricsResponse {
  // The counters are dashboard.read's: an admin without it (a custom role) is not polled into refusals.
  const isAuthenticated = useAuthStore((s) => s.isAuthenticated && holds(s.permissions, 'dashboard.read'));
  const { data } = useQuery(metricsQueryOptions(isAuthenticated));
  // After sign-out the last admin's numbers must not linger.
  return isAuthenticated ? (data ?? EMPTY_METRICS) : EMPTY_METRICS;
}
