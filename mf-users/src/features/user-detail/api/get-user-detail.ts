import { SUCCESS_CODE, userDetailSchema, type UserDetail } from '@manager/contract';
import { http, isApiError, serverMessage } from '@manager/platform';
import { useQuery } from '@tanstack/react-query';
import { keys } from '../../../query-keys';

export const USER_DETAIL_ERRORS = {
  notFound: 'User not found',
  failed: 'Failed to fetch user details',
  network: 'Network error occurred',
} as const;

/** GET /users/{telegramId}; a failure becomes an Error with the text of docs/screens.md. */
async function getUserDetail(telegramId: string): Promise<UserDetail> {
  let body;
  try {
    body = await http.get(`/users/${encodeURIComponent(telegramId)}`);
  } catch (error) {
    if (isApiError(error) && error.status === undefined)
      throw new Error(USER_DETAIL_ERRORS.network, { cause: error });
    if (isApiError(error) && (error.status === 404 || error.status === 400)) {
      throw new Error(USER_DETAIL_ERRORS.notFound, { cause: error });
    }
    throw new Error(USER_DETAIL_ERRORS.failed, { cause: error });
  }
  if (body?.code !== SUCCESS_CODE) throw new Error(serverMessage(body) ?? USER_DETAIL_ERRORS.failed);
  if (!body.data) throw new Error(USER_DETAIL_ERRORS.notFound);
  const parsed = userDetailSchema.safeParse(body.data);
  if (!parsed.success) throw new Error(USER_DETAIL_ERRORS.failed);
  return parsed.data;
}

export function useUserDetail(telegramId: string) {
  return useQuery({ queryKey: keys.users.detail(telegramId), queryFn: () => getUserDetail(telegramId) });
}
