import { useQuery } from '@tanstack/react-query';
import { calls } from '@manager/contract';
import { fetchData } from '@manager/platform';
import { keys } from '../../../query-keys';
import { ADMIN_FAILURES } from './messages';

/** GET /admins: the whole list (a deployment has few administrators). */
export const useAdmins = () =>
  useQuery({
    queryKey: keys.admins.list(),
    queryFn: () => fetchData(calls.admins, { error: ADMIN_FAILURES.load }).then((d) => d.items),
  });

/** GET /admins/requests: pending ones first, then the latest decided. */
export const useAdminRequests = () =>
  useQuery({
    queryKey: keys.adminRequests.list(),
    queryFn: () =>
      fetchData(calls.adminRequests, { error: ADMIN_FAILURES.loadRequests }).then((d) => d.items),
  });

/** GET /admins/roles: built-in and custom roles, for the roles pickers (loaded when one opens). */
export const useAdminRoles = (enabled: boolean) =>
  useQuery({
    queryKey: keys.adminRoles.list(),
    queryFn: () => fetchData(calls.adminRoles, { error: ADMIN_FAILURES.loadRoles }).then((d) => d.items),
    enabled,
    staleTime: 60_000,
  });
