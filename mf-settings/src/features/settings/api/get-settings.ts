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

export function useSettings() {
  return useQuery({ queryKey: queryKeys.settings(), queryFn: getSettings });
}
