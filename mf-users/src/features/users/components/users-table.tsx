import type { UserSummary } from '@manager/contract';
import { CountryFlag, formatDate, tableScrollX } from '@manager/ui';
import { Table, type TableColumnsType } from '@manager/ui';
import type { KeyboardEvent, ReactNode } from 'react';
import { UserBalances, UserIdentity, UserStatsCell, UserStatus } from './user-parts';

const columns: TableColumnsType<UserSummary> = [
  { title: 'User', key: 'user', render: (_, u) => <UserIdentity user={u} /> },
  {
    title: 'Country',
    key: 'country',
    render: (_, u) => <CountryFlag flag={u.countryFlag} name={u.countryName} withName />,
  },
  { title: 'Balances', key: 'balances', render: (_, u) => <UserBalances user={u} /> },
  { title: 'Stats', key: 'stats', render: (_, u) => <UserStatsCell user={u} /> },
  { title: 'Status', key: 'status', render: (_, u) => <UserStatus lastActive={u.lastActive} /> },
  {
    title: 'Joined',
    key: 'joined',
    render: (_, u) => <span title={formatDate(u.createdAt)}>{u.joinedAgo ?? formatDate(u.createdAt)}</span>,
  },
];

interface Props {
  users: readonly UserSummary[];
  loading: boolean;
  onOpen: (telegramId: number) => void;
  /** The list's empty state (`ListEmptyState`), in the table's body when there are no users. */
  empty: ReactNode;
}

/** Desktop table; a row opens the user's detail page by click or Enter. */
export function UsersTable({ users, loading, onOpen, empty }: Props) {
  const openOnEnter = (e: KeyboardEvent, id: number) => {
    if (e.key === 'Enter') onOpen(id);
  };
  return (
    <Table<UserSummary>
      rowKey="telegramId"
      columns={columns}
      dataSource={users}
      loading={loading}
      pagination={false}
      {...tableScrollX()}
      locale={{ emptyText: empty }}
      onRow={(u) => ({
        onClick: () => onOpen(u.telegramId),
        onKeyDown: (e) => openOnEnter(e, u.telegramId),
        tabIndex: 0,
        style: { cursor: 'pointer' },
        'aria-label': `Open ${u.username ?? u.firstName ?? u.telegramId}`,
      })}
    />
  );
}
