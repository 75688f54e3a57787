import { calls, PAGE_SIZES, type UsersResponse } from '@manager/contract';
import { fetchData, queryKeys } from '@manager/platform';
import { keepPreviousData, useQuery } from '@tanstack/react-query';

interface UsersParams {
  page: number;
  search: string;
}

const EMPTY: UsersResponse = {
  users: [],
  pagination: { totalPages: 0, totalUsers: 0, currentPage: 1, usersPerPage: PAGE_SIZES.USERS },
};

/** GET /users?page&limit=50&search. List loads fail silently: an empty list. */
const getUsers = ({ page, search }: UsersParams): Promise<UsersResponse> =>
  fetchData(calls.users, { params: { page, limit: PAGE_SIZES.USERS, search: search || undefined }, fallback: EMPTY });

export function useUsers(params: UsersParams) {
  return useQuery({
    queryKey: queryKeys.users.list({ ...params }),
    queryFn: () => getUsers(params),
    // Keep the current rows while the next page or search loads, so the table does not jump.
    placeholderData: keepPreviousData,
  });
}
