import type { AdminRow, AdminStatus } from '@manager/contract';
import {
  Flex,
  onTableSort,
  ResponsiveTable,
  sortableColumn,
  Tag,
  timeAgo,
  Typography,
  type ColumnsType,
} from '@manager/ui';
import type { AdminListState } from '../hooks/use-admin-list';
import { secondFactorsText } from '../model/admin-texts';
import { AdminRowActions, type AdminActionKind } from './admin-row-actions';

const STATUS: Record<AdminStatus, { label: string; color: string }> = {
  active: { label: 'Active', color: 'green' },
  disabled: { label: 'Disabled', color: 'default' },
  invited: { label: 'Invited', color: 'blue' },
};

interface AdminsTableProps {
  rows: readonly AdminRow[];
  selfId: number | undefined;
  busy: Readonly<Record<number, AdminActionKind>>;
  sort: AdminListState['sort'];
  onSort: AdminListState['setSort'];
  onAction: (admin: AdminRow, kind: AdminActionKind) => void;
}

/** The administrators: a table from `md` up, one card each on a phone (ResponsiveTable). */
export function AdminsTable({ rows, selfId, busy, sort, onSort, onAction }: AdminsTableProps) {
  const columns: ColumnsType<AdminRow> = [
    {
      title: 'Username',
      key: 'username',
      ...sortableColumn('username', sort),
      render: (_, a) => (
        <Flex vertical>
          <Typography.Text strong>{a.username}</Typography.Text>
          {a.email && <Typography.Text type="secondary">{a.email}</Typography.Text>}
        </Flex>
      ),
    },
    {
      title: 'Roles',
      key: 'roles',
      render: (_, a) =>
        a.roles.length ? (
          <Flex gap={4} wrap>
            {a.roles.map((r) => (
              <Tag key={r.id}>{r.name}</Tag>
            ))}
          </Flex>
        ) : (
          <Typography.Text type="secondary">No roles</Typography.Text>
        ),
    },
    { title: 'Second factors', key: 'secondFactors', render: (_, a) => secondFactorsText(a) },
    {
      title: 'Last active',
      key: 'lastActiveAt',
      ...sortableColumn('lastActiveAt', sort),
      render: (_, a) => (a.lastActiveAt ? timeAgo(a.lastActiveAt) : 'Never'),
    },
    {
      title: 'Status',
      key: 'status',
      render: (_, a) => <Tag color={STATUS[a.status].color}>{STATUS[a.status].label}</Tag>,
    },
    {
      title: 'Actions',
      key: 'actions',
      render: (_, a) => (
        <AdminRowActions
          admin={a}
          self={a.id === selfId}
          busy={busy[a.id]}
          onAction={(kind) => onAction(a, kind)}
        />
      ),
    },
  ];
  return (
    <ResponsiveTable<AdminRow>
      rows={rows}
      columns={columns}
      rowKey="id"
      cardLabel={(a) => a.username}
      tableProps={{ size: 'middle', onChange: onTableSort(onSort as (sort: string | undefined) => void) }}
    />
  );
}
