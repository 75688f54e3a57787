import { PAGE_SIZES, paths } from '@manager/contract';
import { isOnline, PageHeader, Pagination } from '@manager/ui';
import { Flex, Grid } from 'antd';
import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useUsers } from '../api/get-users';
import { useDebouncedValue } from '../hooks/use-debounced-value';
import { UserCards } from './user-cards';
import { UsersFilters, type StatusFilter, type TypeFilter } from './users-filters';
import { UsersSummary } from './users-summary';
import { UsersTable } from './users-table';

export default function UsersPage() {
  const navigate = useNavigate();
  const phone = !Grid.useBreakpoint().md;
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState<StatusFilter>('all');
  const [type, setType] = useState<TypeFilter>('all');
  const [page, setPage] = useState(1);
  const settledSearch = useDebouncedValue(search.trim());
  const { data, isFetching } = useUsers({ page, search: settledSearch });

  // Status and type filter the loaded page (the call has no such parameters, spec section 7).
  const users = data?.users ?? [];
  const shown = useMemo(
    () =>
      users.filter(
        (u) =>
          (status === 'all' || isOnline(u.lastActive) === (status === 'online')) &&
          (type === 'all' || u.isPremium === (type === 'premium')),
      ),
    [users, status, type],
  );
  const open = (telegramId: number) => navigate(paths.userDetail(telegramId));
  // Changing the search or a filter goes back to page 1 (spec section 4).
  const resetting =
    <T,>(set: (v: T) => void) =>
    (v: T) => {
      set(v);
      setPage(1);
    };

  return (
    <Flex vertical gap={16}>
      <PageHeader title="Users" />
      <UsersFilters
        search={search}
        status={status}
        type={type}
        onSearch={resetting(setSearch)}
        onStatus={resetting(setStatus)}
        onType={resetting(setType)}
      />
      <UsersSummary users={users} totalUsers={data?.pagination.totalUsers ?? 0} />
      {phone ? (
        <UserCards users={shown} onOpen={open} />
      ) : (
        <UsersTable users={shown} loading={isFetching && !data} onOpen={open} />
      )}
      <Pagination
        page={page}
        pageSize={data?.pagination.usersPerPage ?? PAGE_SIZES.USERS}
        total={data?.pagination.totalUsers ?? 0}
        onChange={setPage}
      />
    </Flex>
  );
}
