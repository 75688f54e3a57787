import { USERNAME_MAX_LENGTH, type UserSummary } from '@manager/contract';
import { abbreviateNumber, CurrencyIcon, formatDecimals, isOnline, timeAgo, truncate } from '@manager/ui';
import { StarFilled, UserOutlined } from '@manager/ui';
import { Avatar, Badge, Flex, Typography } from '@manager/ui';

const { Text } = Typography;

export const displayName = (u: Pick<UserSummary, 'firstName' | 'lastName' | 'username'>) =>
  [u.firstName, u.lastName].filter(Boolean).join(' ') || u.username || '-';

/** Avatar, full name with the premium star, @username cut at 20 characters, Telegram id. */
export function UserIdentity({ user }: { user: UserSummary }) {
  return (
    <Flex gap={8} align="center">
      <Avatar src={user.avatar ?? undefined} icon={<UserOutlined />} alt="" />
      <Flex vertical style={{ minWidth: 0 }}>
        <Text strong>
          {displayName(user)}{' '}
          {user.isPremium && <StarFilled aria-label="Premium" style={{ color: '#faad14' }} />}
        </Text>
        {user.username && <Text type="secondary">@{truncate(user.username, USERNAME_MAX_LENGTH)}</Text>}
        <Text type="secondary" style={{ fontSize: 12 }}>
          ID: {user.telegramId}
        </Text>
      </Flex>
    </Flex>
  );
}

export function UserBalances({ user }: { user: UserSummary }) {
  const rows = [
    ['TON', formatDecimals(user.tonBalance, 2)],
    ['STAR', abbreviateNumber(user.starsBalance)],
    ['RED_CHIP', abbreviateNumber(user.redChipBalance)],
    ['PLAY', abbreviateNumber(user.playBalance)],
  ] as const;
  return (
    <Flex vertical gap={2}>
      {rows.map(([currency, value]) => (
        <span key={currency}>
          <CurrencyIcon currency={currency} /> {value}
        </span>
      ))}
    </Flex>
  );
}

export function UserStatsCell({ user }: { user: UserSummary }) {
  return (
    <Flex vertical gap={2}>
      <span>Games: {user.totalGames}</span>
      <span>
        W/L: {user.gamesWon}/{user.gamesLost}
      </span>
      <span>Referrals: {user.referralsCount}</span>
    </Flex>
  );
}

/** A green dot while active within 5 minutes, else when the player was last seen. */
export function UserStatus({ lastActive }: { lastActive: string | null }) {
  if (isOnline(lastActive)) return <Badge status="success" text="Online" />;
  return <Badge status="default" text={lastActive ? timeAgo(lastActive) : 'Offline'} />;
}
