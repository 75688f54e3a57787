import { paths, type UserDetail } from '@manager/contract';
import { formatDateTime } from '@manager/ui';
import { UserOutlined } from '@manager/ui';
import { Avatar, Card, Descriptions, Empty, Flex, Tabs, Typography } from '@manager/ui';
import { Link, useCan, useListState } from '@manager/platform';
import { HistoryTab } from './history-tab';
import { GamesList, InventoryList, WithdrawalsList } from './tab-lists';
import { useWrappingTabBar } from './wrapping-tab-bar';

function AccountInfo({ user }: { user: UserDetail }) {
  return (
    <Descriptions
      column={{ xs: 1, md: 2 }}
      size="small"
      items={[
        { key: 'created', label: 'Created', children: formatDateTime(user.createdAt) },
        { key: 'updated', label: 'Updated', children: formatDateTime(user.updatedAt) },
        { key: 'active', label: 'Last Active', children: formatDateTime(user.lastActive) },
        { key: 'lang', label: 'Language', children: user.lang ?? '-' },
        { key: 'refTon', label: 'Ref TON', children: user.refTon.toFixed(2) },
        { key: 'refRedChip', label: 'Ref Red Chip', children: user.refRedChip },
        { key: 'daily', label: 'Daily Strike', children: user.dailyStrike },
        { key: 'max', label: 'Max Strike', children: user.maxStrike },
      ]}
    />
  );
}

function ReferredBy({ user }: { user: UserDetail }) {
  const ref = user.referredBy;
  if (!ref) return <Empty description="Not referred by anyone" />;
  return (
    <Flex gap={12} align="center">
      <Avatar src={ref.avatar ?? undefined} icon={<UserOutlined />} alt="" />
      <Flex vertical>
        <Link to={paths.userDetail(ref.telegramId)}>
          {ref.username ? `@${ref.username}` : ref.telegramId}
        </Link>
        <Typography.Text type="secondary">
          ID: {ref.telegramId} · Joined {formatDateTime(ref.joinedAt)}
        </Typography.Text>
      </Flex>
    </Flex>
  );
}

/**
 * The open tab is the list hook's `tab` filter (`?tab=history`): a reload or a shared link opens
 * it, each switch is a history entry, an unknown tab reads as Account Info.
 */
const TABS = {
  pageSize: 1,
  filters: { tab: ['account', 'withdrawals', 'referred', 'games', 'inventory', 'history'] },
} as const;

/** Account Info, Withdrawals, Referred By, Games, Inventory, History (docs/screens.md). */
export function UserTabs({ user }: { user: UserDetail }) {
  const { filters, setFilter } = useListState(TABS);
  // History is the audit trail about the player: shown to an admin who may read the audit log.
  const canReadAudit = useCan('audit.read');
  const items = [
    { key: 'account', label: 'Account Info', children: <AccountInfo user={user} /> },
    {
      key: 'withdrawals',
      label: 'Withdrawals',
      children: <WithdrawalsList rows={user.recentWithdrawals} />,
    },
    { key: 'referred', label: 'Referred By', children: <ReferredBy user={user} /> },
    { key: 'games', label: 'Games', children: <GamesList rows={user.games} /> },
    { key: 'inventory', label: 'Inventory', children: <InventoryList rows={user.inventories} /> },
    // Rendered (and its rows asked for) only once the tab is opened.
    ...(canReadAudit
      ? [{ key: 'history', label: 'History', children: <HistoryTab telegramId={String(user.telegramId)} /> }]
      : []),
  ];
  const renderTabBar = useWrappingTabBar(items);
  return (
    <Card size="small">
      <Tabs
        items={items}
        activeKey={items.some((item) => item.key === filters.tab) ? filters.tab : 'account'}
        onChange={(key) => setFilter('tab', key)}
        renderTabBar={renderTabBar}
      />
    </Card>
  );
}
