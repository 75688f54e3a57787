import type { LeaderboardEntry } from '@manager/contract';
import { PlayerLink } from '@manager/platform';
import { ListEmptyState, ResponsiveTable, UserOutlined } from '@manager/ui';
import { Avatar, Flex, Typography, type TableColumnsType } from '@manager/ui';
import type { BoardType } from '../model/leaderboard-request';

const NO_DATA = 'No data available for the selected criteria';
const MEDALS: Record<number, string> = { 1: '🥇', 2: '🥈', 3: '🥉' };

const rankColumn: TableColumnsType<LeaderboardEntry>[number] = {
  title: 'Rank',
  dataIndex: 'rank',
  width: 70,
  render: (rank: number) =>
    MEDALS[rank] ? (
      <span role="img" aria-label={`Rank ${rank}`} style={{ fontSize: 20 }}>
        {MEDALS[rank]}
      </span>
    ) : (
      rank
    ),
};
const userColumn: TableColumnsType<LeaderboardEntry>[number] = {
  title: 'User',
  key: 'user',
  render: (_, e) => (
    <Flex gap={8} align="center">
      <Avatar src={e.avatar ?? undefined} icon={<UserOutlined />} alt="" />
      <Flex vertical>
        <Typography.Text strong>
          <PlayerLink telegramId={e.telegramId}>{e.username ?? String(e.telegramId)}</PlayerLink>
        </Typography.Text>
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          ID: {e.telegramId}
        </Typography.Text>
      </Flex>
    </Flex>
  ),
};

const COLUMNS: Record<BoardType, TableColumnsType<LeaderboardEntry>> = {
  game: [
    rankColumn,
    userColumn,
    { title: 'Wins', dataIndex: 'win' },
    { title: 'Losses', dataIndex: 'loss' },
    { title: 'Total Games', dataIndex: 'totalGame' },
  ],
  referral: [rankColumn, userColumn, { title: 'Referrals', dataIndex: 'referralCount' }],
};

/** The top 100 with medals for ranks 1-3: a table, one card per player on a phone. */
export function LeaderboardTable({
  type,
  rows,
  loading,
  filtered,
  onClear,
}: {
  type: BoardType;
  rows: LeaderboardEntry[];
  loading: boolean;
  /** Whether the type or range is not the default: the empty state then offers Clear Filters. */
  filtered: boolean;
  onClear: () => void;
}) {
  if (!loading && rows.length === 0)
    return <ListEmptyState title={NO_DATA} filtered={filtered} onClear={onClear} />;
  return (
    <ResponsiveTable<LeaderboardEntry>
      rowKey="telegramId"
      columns={COLUMNS[type]}
      rows={rows}
      cardLabel={(e) => `Rank ${e.rank}: ${e.username ?? e.telegramId}`}
      emptyText=""
      tableProps={{ size: 'small', loading }}
    />
  );
}
