import { PAGE_SIZES, SUCCESS_CODE, usersResponseSchema, type UsersResponse } from '@manager/contract';
import { http, queryKeys } from '@manager/platform';
import { keepPreviousData, useQuery } from '@tanstack/react-query';

export interface UsersParams {
  page: number;
  search: string;
}

const EMPTY: UsersResponse = {
  users: [],
  pagination: { totalPages: 0, totalUsers: 0, currentPage: 1, usersPerPage: PAGE_SIZES.USERS },
};

/** GET /users?page&limit=50&search. The spec makes list loads fail silently: empty list. */
export async function getUsers({ page, search }: UsersParams): Promise<UsersResponse> {
  try {
    const body = await http.get('/users', { params: { page, limit: PAGE_SIZES.USERS, search: search || undefined } });
    if (body?.code !== SUCCESS_CODE) return EMPTY;
    const parsed = usersResponseSchema.safeParse(body.data);
    return parsed.success ? parsed.data : EMPTY;
  } catch {
    return EMPTY;
  }
}

/** The list's query: `useUsers` and the route's `prefetch` (routes.tsx) share it. */
export const usersQuery = (params: UsersParams) => ({
  queryKey: queryKeys.users.list({ ...params }),
  queryFn: () => getUsers(params),
});

export function useUsers(params: UsersParams) {
  return useQuery({
    ...usersQuery(params),
    // Keep the current rows while the next page or search loads, so the table does not jump.
    placeholderData: keepPreviousData,
  });
}
