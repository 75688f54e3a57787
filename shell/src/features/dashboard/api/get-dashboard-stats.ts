import { dashboardStatsResponseSchema, SUCCESS_CODE, type DashboardStatsResponse } from '@manager/contract';
import { http, isApiError, serverMessage } from '@manager/platform';

export const DASHBOARD_ERRORS = {
  failed: 'Failed to fetch dashboard stats',
  network: 'Network error occurred.',
} as const;

/** GET /dashboard-stats; every failure becomes an Error whose message the page shows. */
/** Resolves null when the server answers 200 without stats (the page's "No data available"). */
export async function getDashboardStats(): Promise<DashboardStatsResponse | null> {
  let body;
  try {
    body = await http.get('/dashboard-stats');
  } catch (error) {
    const noAnswer = isApiError(error) && error.status === undefined;
    const message = noAnswer
      ? DASHBOARD_ERRORS.network
      : (isApiError(error) && serverMessage(error.data)) || DASHBOARD_ERRORS.failed;
    throw new Error(message, { cause: error });
  }
  if (body?.code !== SUCCESS_CODE) throw new Error(serverMessage(body) ?? DASHBOARD_ERRORS.failed);
  if (body.data === null || body.data === undefined) return null;
  const parsed = dashboardStatsResponseSchema.safeParse(body.data);
  if (!parsed.success) throw new Error(DASHBOARD_ERRORS.failed);
  return parsed.data;
}
