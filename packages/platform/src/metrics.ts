import { useQuery } from '@tanstack/react-query';
import { EMPTY_METRICS, METRICS_POLL_MS, metricsResponseSchema, SUCCESS_CODE, type MetricsResponse } from '@manager/contract';
import { useAuthStore } from './auth/store';
import { http } from './http/client';
import { queryKeys } from './query';

/** GET /metrics; any failure silently yields zeros (spec section 8). */
export async function fetchMetrics(): Promise<MetricsResponse> {
  try {
    const body = await http.get('/metrics');
    const parsed = metricsResponseSchema.safeParse(body?.data);
    return body?.code === SUCCESS_CODE && parsed.success ? parsed.data : EMPTY_METRICS;
  } catch {
    return EMPTY_METRICS;
  }
}

/** Polls every 5 s while signed in; stopped (no requests) while signed out. */
export const metricsQueryOptions = (enabled: boolean) => ({
  queryKey: queryKeys.metrics(),
  queryFn: fetchMetrics,
  enabled,
  refetchInterval: enabled ? METRICS_POLL_MS : (false as const),
});

/** Live counters of the top bar. */
export function useMetrics(): MetricsResponse {
  const isAuthenticated = useAuthStore((s) => s.isAuthenticated);
  const { data } = useQuery(metricsQueryOptions(isAuthenticated));
  // After sign-out the last admin's numbers must not linger.
  return isAuthenticated ? (data ?? EMPTY_METRICS) : EMPTY_METRICS;
}
