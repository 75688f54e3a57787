import { calls, PAGE_SIZES, paths } from '@manager/contract';
import { ExportCsvButton, ListEmptyState, PageHeader, Pagination } from '@manager/ui';
import { Flex, usePhone } from '@manager/ui';
import { listPager, useCsvExport, useListState, useListView, useNavigate } from '@manager/platform';
import { useUsers } from '../api/get-users';
import { UserCards } from './user-cards';
import { USER_FILTERS, UsersFilters, type StatusFilter, type TypeFilter } from './users-filters';
import { UsersSummary } from './users-summary';
import { UsersTable } from './users-table';

export default function UsersPage() {
  const navigate = useNavigate();
  const phone = usePhone();
  const list = useListState({ pageSize: PAGE_SIZES.USERS, filters: USER_FILTERS });
  // The hook reads only the values USER_FILTERS lists.
  const status = list.filters.status as StatusFilter;
  const type = list.filters.type as TypeFilter;
  // Not deferred (useDeferredValue) on purpose: that cuts Lighthouse's blocking time a little
  // but shows the rows about 600 ms later at CPU 4x, and the score is met without it.
  // The server filters: rows, Total Users and the pager count the same players.
  const { data, isFetching, isPlaceholderData } = useUsers({
    page: list.page,
    limit: list.pageSize,
    search: list.query.search,
    status: status === 'all' ? undefined : status,
    type: type === 'all' ? undefined : type,
  });
  const view = useListView(list, data, { stale: isPlaceholderData });
  // The file holds the players the list counts: its search, status and type.
  const exporter = useCsvExport(calls.exportUsers, {
    search: list.query.search,
    status: status === 'all' ? undefined : status,
    type: type === 'all' ? undefined : type,
  });
  const exportRows = data ? view.total : undefined;

  const open = (telegramId: number) => navigate(paths.userDetail(telegramId));
  const empty = <ListEmptyState title="No users found" filtered={list.filtered} onClear={list.clear} />;
  return (
    <Flex vertical gap={16}>
      <PageHeader title="Users" />
      <UsersFilters
        search={list.search}
        status={status}
        type={type}
        onSearch={list.setSearch}
        onStatus={(value) => list.setFilter('status', value)}
        onType={(value) => list.setFilter('type', value)}
        onClear={list.clear}
        filtered={list.filtered}
        extra={<ExportCsvButton export={exporter} expectedRows={exportRows} />}
      />
      <UsersSummary users={view.rows} totalUsers={view.total} />
      {phone ? (
        <UserCards users={view.rows} onOpen={open} empty={empty} />
      ) : (
        <UsersTable users={view.rows} loading={isFetching && !data} onOpen={open} empty={empty} />
      )}
      <Pagination {...listPager(list, view)} />
    </Flex>
  );
}
