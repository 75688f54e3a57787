import { paths, type PresenceEntry, type Withdrawal, type WithdrawalAction } from '@manager/contract';
import { Link } from '@manager/platform';
import {
  formatDateTime,
  ListEmptyState,
  type ListSortOption,
  PresenceNote,
  onTableSort,
  sortableColumn,
  tableScrollX,
} from '@manager/ui';
import { Card, Checkbox, Flex, Table, Typography, type TableColumnsType } from '@manager/ui';
import type { WithdrawalSort } from '../hooks/use-withdrawal-view';
import { DECISION_SLOTS_WIDTH, DecisionButtons } from './decision-buttons';
import { playerOf } from './decision-details';
import { WithdrawalItem, WithdrawalStatus } from './withdrawal-item';

type Sort = WithdrawalSort | `-${WithdrawalSort}` | undefined;

interface WithdrawalListProps {
  rows: readonly Withdrawal[];
  loading: boolean;
  phone: boolean;
  busy: boolean;
  /** The signed-in admin's id (the first approver of a row cannot approve it again). */
  me: number | undefined;
  onDecide: (action: WithdrawalAction, withdrawal: Withdrawal) => void;
  /** Whether the admin may decide (`withdrawals.decide`): else no selection and no decision buttons. */
  canDecide: boolean;
  /** The list's sort (`key` or `-key`; none: newest first) and its change, from the column headers. */
  sort: Sort;
  onSort: (sort: Sort) => void;
  /** The rows ticked for a batch decision (only undecided rows can be). */
  selected: readonly number[];
  onSelect: (ids: number[]) => void;
  /** The other admins with a decision open, by withdrawal id ("finance is deciding"). */
  deciding: ReadonlyMap<number, readonly PresenceEntry[]>;
  /** Whether a search or filter narrows the list, and its Clear Filters (the empty state offers it). */
  filtered: boolean;
  onClear: () => void;
}

/**
 * The sortable headers, offered as "Sort by" on a phone: the Item column sorts by the price
 * (TON), which the phone's card shows, so it is named for it there.
 */
export const WITHDRAWAL_SORT_OPTIONS: readonly ListSortOption<WithdrawalSort>[] = [
  { key: 'createdAt', label: 'Date' },
  { key: 'price', label: 'Price' },
];

/** Only a row nobody decided can join a batch decision. */
export const selectable = (w: Withdrawal) => !w.status && !w.rejected;

/** The player's name (or Telegram id), a link to their page. */
const PlayerLink = ({ withdrawal: w }: { withdrawal: Withdrawal }) => (
  <Link to={paths.userDetail(w.telegramId)}>{playerOf(w)}</Link>
);

/** Desktop table (User, Item, Status, Date, Actions) or one card per withdrawal on a phone. */
export function WithdrawalList({
  rows,
  loading,
  phone,
  busy,
  me,
  onDecide,
  canDecide,
  sort,
  onSort,
  selected,
  onSelect,
  deciding,
  filtered,
  onClear,
}: WithdrawalListProps) {
  const status = (w: Withdrawal) => {
    const others = deciding.get(w.id);
    return (
      <Flex vertical gap={4} align="start">
        <WithdrawalStatus withdrawal={w} />
        {/* Kept on every undecided row, empty while nobody decides it: a screen reader hears an arrival. */}
        {!w.status && !w.rejected && (
          <PresenceNote admins={others ?? []} label={`Who else is on withdrawal ${w.id}`} />
        )}
      </Flex>
    );
  };
  const toggle = (id: number, on: boolean) =>
    onSelect(on ? [...selected, id] : selected.filter((x) => x !== id));
  const empty = <ListEmptyState title="No withdrawals found" filtered={filtered} onClear={onClear} />;
  if (phone) {
    if (!loading && rows.length === 0) return empty;
    return (
      <Flex vertical gap={8}>
        {rows.map((w) => (
          <Card key={w.id} size="small" aria-label={`Withdrawal ${w.id}`} data-testid="withdrawal-card">
            <Flex justify="space-between" align="start" gap={8}>
              <Flex gap={8} align="center">
                {canDecide && selectable(w) && (
                  <Checkbox
                    aria-label={`Select withdrawal ${w.id}`}
                    checked={selected.includes(w.id)}
                    onChange={(e) => toggle(w.id, e.target.checked)}
                  />
                )}
                <Typography.Text strong>
                  <PlayerLink withdrawal={w} />
                </Typography.Text>
              </Flex>
              {status(w)}
            </Flex>
            <WithdrawalItem withdrawal={w} />
            <Typography.Text type="secondary" style={{ display: 'block', margin: '4px 0 8px' }}>
              {formatDateTime(w.createdAt)}
            </Typography.Text>
            {canDecide && <DecisionButtons withdrawal={w} me={me} disabled={busy} onDecide={onDecide} />}
          </Card>
        ))}
      </Flex>
    );
  }
  const columns: TableColumnsType<Withdrawal> = [
    { title: 'User', key: 'user', render: (_, w) => <PlayerLink withdrawal={w} /> },
    // Sortable columns are keyed by the contract's sort key: Item by its price (TON), Date by creation.
    {
      title: 'Item',
      key: 'price' satisfies WithdrawalSort,
      ...sortableColumn('price', sort),
      render: (_, w) => <WithdrawalItem withdrawal={w} />,
    },
    { title: 'Status', key: 'status', render: (_, w) => status(w) },
    {
      title: 'Date',
      key: 'createdAt' satisfies WithdrawalSort,
      ...sortableColumn('createdAt', sort),
      render: (_, w) => formatDateTime(w.createdAt),
    },
  ];
  if (canDecide)
    columns.push({
      title: 'Actions',
      key: 'actions',
      // A fixed width: every row's buttons at the same places (decision-buttons.tsx).
      width: DECISION_SLOTS_WIDTH + 32,
      render: (_, w) => <DecisionButtons withdrawal={w} me={me} disabled={busy} onDecide={onDecide} />,
    });
  return (
    <Table<Withdrawal>
      rowKey="id"
      size="middle"
      loading={loading}
      dataSource={rows as Withdrawal[]}
      columns={columns}
      pagination={false}
      onChange={onTableSort((s) => onSort(s as Sort))}
      // While a page loads the spinner stands alone: "no rows" is said only of an answer.
      locale={{ emptyText: loading ? null : empty }}
      rowSelection={
        canDecide
          ? {
              selectedRowKeys: [...selected],
              onChange: (keys) => onSelect(keys.map(Number)),
              getCheckboxProps: (w) => ({
                disabled: !selectable(w),
                'aria-label': `Select withdrawal ${w.id}`,
              }),
            }
          : undefined
      }
      {...tableScrollX()}
    />
  );
}
