import { settingsResponseSchema, SUCCESS_CODE, type Settings } from '@manager/contract';
import { http, queryKeys } from '@manager/platform';
import { useQuery } from '@tanstack/react-query';
import { SETTINGS_MESSAGES } from './messages';

/** GET /settings; any failure becomes `Failed to fetch settings` (the page shows it with Retry). */
export async function getSettings(): Promise<Settings> {
  let body;
  try {
    body = await http.get('/settings');
  } catch (error) {
    throw new Error(SETTINGS_MESSAGES.fetchFailed, { cause: error });
  }
  const parsed = settingsResponseSchema.safeParse(body?.data);
  if (body?.code !== SUCCESS_CODE || !parsed.success) throw new Error(SETTINGS_MESSAGES.fetchFailed);
  return parsed.data;
}

/** The form's query: `useSettings` and the route's `prefetch` (routes.tsx) share it. */
export const settingsQuery = () => ({ queryKey: queryKeys.settings(), queryFn: getSettings });

export function useSettings() {
  return useQuery(settingsQuery());
}
