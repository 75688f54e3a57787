import {
  calls,
  PAGE_SIZES,
  type UserStatus,
  type UserSummary,
  type UserType,
  type UsersResponse,
} from '@manager/contract';
import { fetchData, type ListPage } from '@manager/platform';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { keys } from '../../../query-keys';

/** What the call takes of the list's state: the server pages, searches and filters (none: all). */
export interface UsersParams {
  page: number;
  /** Rows a page: the list's choice (`list.pageSize`, 50 unless `?size=` picks another). */
  limit: number;
  search?: string;
  status?: UserStatus;
  type?: UserType;
}

const EMPTY: UsersResponse = {
  users: [],
  pagination: { totalPages: 0, totalUsers: 0, currentPage: 1, usersPerPage: PAGE_SIZES.USERS },
};

/** GET /users?page&limit&search&status&type. List loads fail silently: an empty list. */
const getUsers = ({ page, limit, search, status, type }: UsersParams): Promise<UsersResponse> =>
  fetchData(calls.users, {
    params: { page, limit, search: search || undefined, status, type },
    fallback: EMPTY,
  });

/** The page as the list hook reads a server page: its rows and how many players match. */
export function useUsers(params: UsersParams) {
  return useQuery({
    queryKey: keys.users.list({ ...params }),
    queryFn: () => getUsers(params),
    select: (data): ListPage<UserSummary> => ({ rows: data.users, total: data.pagination.totalUsers }),
    // Keep the current rows while the next page or search loads, so the table does not jump.
    placeholderData: keepPreviousData,
  });
}
