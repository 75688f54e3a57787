import { MenuOutlined } from '@ant-design/icons';
import { useAuthStore, useMetrics } from '@manager/platform';
import { abbreviateNumber } from '@manager/ui';
import { Button, Flex, Typography } from 'antd';

function Counter({ label, value }: { label: string; value: number }) {
  return (
    <span style={{ whiteSpace: 'nowrap' }}>
      <Typography.Text type="secondary">{label}: </Typography.Text>
      <Typography.Text strong>{abbreviateNumber(value)}</Typography.Text>
    </span>
  );
}

/** Live counters (polled by the platform every 5 s) and Logout. */
export function TopBar({ onOpenMenu }: { onOpenMenu?: () => void }) {
  const { totalUsers, onlineUsers, activeGames } = useMetrics();
  const logout = useAuthStore((s) => s.logout);
  return (
    <Flex align="center" justify="space-between" gap={8} wrap style={{ width: '100%' }}>
      <Flex align="center" gap={16} wrap>
        {onOpenMenu && (
          <Button aria-label="Open menu" icon={<MenuOutlined />} onClick={onOpenMenu} />
        )}
        <Counter label="Total Users" value={totalUsers} />
        <Counter label="Online" value={onlineUsers} />
        <Counter label="Active Games" value={activeGames} />
      </Flex>
      <Button onClick={() => void logout()}>Logout</Button>
    </Flex>
  );
}
