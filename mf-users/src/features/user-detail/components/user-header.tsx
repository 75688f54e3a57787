import type { UserDetail } from '@manager/contract';
import { CountryFlag, isOnline, timeAgo } from '@manager/ui';
import { StarFilled, UserOutlined } from '@manager/ui';
import { Avatar, Badge, Card, Flex, Tag, Typography } from '@manager/ui';
import { playerName } from '../model/player-name';

const { Title, Text } = Typography;

/** Avatar with the online dot, name, @username, premium and Telegram id. */
export function UserHeader({ user }: { user: UserDetail }) {
  const online = isOnline(user.lastActive);
  const name = playerName(user);
  return (
    <Card size="small">
      <Flex gap={16} align="center" wrap>
        <Badge dot status={online ? 'success' : 'default'} offset={[-6, 42]}>
          <Avatar size={56} src={user.avatar ?? undefined} icon={<UserOutlined />} alt="" />
        </Badge>
        <Flex vertical gap={2} style={{ minWidth: 0 }}>
          <Title level={2} style={{ margin: 0, fontSize: 20 }}>
            {name} {user.isPremium && <StarFilled aria-label="Premium" style={{ color: '#faad14' }} />}
          </Title>
          {user.username && <Text type="secondary">@{user.username}</Text>}
          <Flex gap={8} wrap align="center">
            <Text type="secondary">ID: {user.telegramId}</Text>
            <CountryFlag flag={user.countryFlag} name={user.countryName} withName />
            {online ? (
              <Tag color="green">Online</Tag>
            ) : (
              <Tag>{user.lastActive ? `Last active ${timeAgo(user.lastActive)}` : 'Offline'}</Tag>
            )}
          </Flex>
        </Flex>
      </Flex>
    </Card>
  );
}
